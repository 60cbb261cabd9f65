package org.praefectus.engine.ledger;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The durable index beside the ledger ({@code <stem>.index}): a memory-mapped open-addressing hash table
 * from an operation ID's hash to the positions of its last claim and last terminal line, so opening a ledger
 * and claiming cost the same at 10 and at 10^6 operations. The JSONL stays the only source of truth and the
 * reference never sees this file.
 *
 * <p>The header records how much of the JSONL the table covers and a CRC32C of the last covered line. An
 * index whose header does not match the JSONL (missing, truncated, garbage, another file's, or covering
 * more than the JSONL holds) is rebuilt by one strict scan; otherwise only the lines appended after the
 * covered length are read. Every JSONL record is fsynced before the index learns of it, and every table
 * update is idempotent and published by a release store (slot ID last, covered length last), so a process
 * killed at any point leaves an index that catching up from its covered length repairs. The table itself is
 * not fsynced per append: a killed process's stores are still in the page cache, but an operating-system
 * crash can lose them, so an index is trusted across boots only when it was forced at its covered length
 * (on close, growth and creation); otherwise it is rebuilt.
 *
 * <p>The header also holds a checksum over the table: the sum of a 64-bit mix of every slot (its position and its
 * four words; an all-zero slot counts 0), kept up to date with each slot written and recomputed at every open
 * (one sequential pass, {@code docs/benchmarks.md}: at 10^6 operations well under the 0.5 s budget). A table
 * whose checksum or occupied-slot count does not match its header (a slot zeroed, bytes overwritten) is never
 * trusted: the ledger rebuilds it from the JSONL, so at-most-once never rests on the derived file alone (issue
 * 40). A process killed between a slot store and the checksum store leaves a mismatch, which costs one rebuild.
 *
 * <p>Not thread-safe; used under the ledger's lock only. Several processes may map one index: each change of
 * file (creation, growth) is a new file renamed into place, which the others notice by its file key.
 */
final class LedgerIndex {

    /** File positions of one operation's last lines; {@code -1} when absent. */
    record Entry(long claimPosition, int claimLength, long terminalPosition, int terminalLength) {}

    private static final long MAGIC = 0x5052_4658_4944_5831L; // "PRFXIDX1"
    private static final int VERSION = 2; // 2: the table checksum (a version-1 index is rebuilt once)
    private static final int HEADER_BYTES = 4096;
    private static final int SLOT_BYTES = 32;
    private static final int INITIAL_SLOTS = 1 << 10;
    private static final int MAX_SLOTS = 1 << 25; // a 1 GiB table (16 M operations): one mapping
    private static final int LENGTH_BITS = 24;
    private static final long MAX_POSITION = (1L << (Long.SIZE - LENGTH_BITS)) - 1;

    // header fields (byte offsets); the boot ID occupies the last 36 bytes of the used header
    private static final int H_MAGIC = 0;
    private static final int H_VERSION = 8;
    private static final int H_SLOTS = 16;
    private static final int H_COUNT = 24;
    private static final int H_COVERED = 32;
    private static final int H_LAST_LINE = 40;
    private static final int H_LAST_CRC = 48;
    static final int H_SYNCED = 56;
    static final int H_BOOT = 64;
    static final int BOOT_BYTES = 36;
    private static final int H_TABLE_SUM = 104;
    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    // within a slot: the ID hash (two longs, the first never 0 when occupied), then the two line references
    private static final int S_ID0 = 0;
    private static final int S_ID1 = 8;
    private static final int S_CLAIM = 16;
    private static final int S_TERMINAL = 24;

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] BOOT_ID = readBootId();
    private static final boolean DURABLE = !System.getProperty("os.name", "")
            .toLowerCase(java.util.Locale.ROOT)
            .startsWith("windows");
    private static final boolean BOOT_KNOWN = !Arrays.equals(BOOT_ID, new byte[BOOT_BYTES]);

    private final Path file;
    private final Object fileKey;
    private final ByteBuffer map;
    private final int slots;
    private final MessageDigest sha256;

    private LedgerIndex(Path file, Object fileKey, ByteBuffer map, int slots) {
        this.file = file;
        this.fileKey = fileKey;
        this.map = map;
        map.order(ByteOrder.LITTLE_ENDIAN); // the same order as the release stores through LONGS
        this.slots = slots;
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }

    /**
     * The index at {@code file} when its header matches {@code data}, else {@code null} (the caller
     * rebuilds). Marks the index as written in this boot.
     */
    static LedgerIndex openMatching(Path file, FileChannel data) throws LedgerException, IOException {
        if (!DURABLE || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        LedgerIndex index;
        try (FileChannel channel = PrivateFiles.openPrivate(file)) {
            long size = channel.size();
            if (size < HEADER_BYTES) {
                return null;
            }
            ByteBuffer header = ByteBuffer.allocate(H_BOOT + BOOT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(header, 0);
            long slots = header.getLong(H_SLOTS);
            if (!validShape(header, slots, size)) {
                return null;
            }
            MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            index = new LedgerIndex(file, PrivateFiles.fileKey(file), map, (int) slots);
        }
        if (!index.matches(data) || !index.tableIsIntact()) {
            return null;
        }
        index.markBoot();
        return index;
    }

    /**
     * The index at {@code file} when its header matches {@code data} and its table its checksum, opened and
     * mapped read-only (nothing is written, not even the boot mark), else {@code null}. For readers that must
     * not change the ledger ({@link LedgerReader}); entries are looked up with {@link #get} only.
     */
    static LedgerIndex openReadOnly(Path file, FileChannel data) throws IOException {
        if (!DURABLE || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        LedgerIndex index;
        try (FileChannel channel =
                FileChannel.open(file, java.nio.file.StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            if (size < HEADER_BYTES) {
                return null;
            }
            ByteBuffer header = ByteBuffer.allocate(H_BOOT + BOOT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(header, 0);
            long slots = header.getLong(H_SLOTS);
            if (!validShape(header, slots, size)) {
                return null;
            }
            index = new LedgerIndex(
                    file,
                    null,
                    channel.map(FileChannel.MapMode.READ_ONLY, 0, size).order(ByteOrder.LITTLE_ENDIAN),
                    (int) slots);
        }
        return index.matches(data) && index.tableIsIntact() ? index : null;
    }

    private static boolean validShape(ByteBuffer header, long slots, long size) {
        return header.getLong(H_MAGIC) == MAGIC
                && header.getInt(H_VERSION) == VERSION
                && slots >= INITIAL_SLOTS
                && slots <= MAX_SLOTS
                && Long.bitCount(slots) == 1
                && size == HEADER_BYTES + slots * SLOT_BYTES;
    }

    /**
     * Whether the table's checksum and its occupied-slot count are the ones its header records: one pass over
     * the table, so a slot zeroed or overwritten since the last write is caught before any lookup.
     */
    boolean tableIsIntact() {
        long sum = 0;
        long count = 0;
        for (int slot = 0; slot < slots; slot++) {
            int at = offset(slot);
            long id0 = map.getLong(at + S_ID0);
            sum += slotSum(slot, id0, map.getLong(at + S_ID1), map.getLong(at + S_CLAIM), map.getLong(at + S_TERMINAL));
            if (id0 != 0) {
                count++;
            }
        }
        return sum == map.getLong(H_TABLE_SUM) && count == map.getLong(H_COUNT);
    }

    /** A slot's share of the table checksum: 0 for an empty slot, else a 64-bit mix of its place and words. */
    private static long slotSum(int slot, long id0, long id1, long claim, long terminal) {
        if ((id0 | id1 | claim | terminal) == 0) {
            return 0;
        }
        long h = mix(id0 + slot * GOLDEN);
        h = mix(h ^ id1);
        h = mix(h ^ claim);
        return mix(h ^ terminal);
    }

    /** The SplitMix64 / MurmurHash3 finalizer: every input bit moves every output bit. */
    private static long mix(long value) {
        long z = (value ^ (value >>> 33)) * 0xFF51_AFD7_ED55_8CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CE_B9FE_1A85_EC53L;
        return z ^ (z >>> 33);
    }

    private long slotSumAt(int slot) {
        int at = offset(slot);
        return slotSum(
                slot,
                map.getLong(at + S_ID0),
                map.getLong(at + S_ID1),
                map.getLong(at + S_CLAIM),
                map.getLong(at + S_TERMINAL));
    }

    private void adjustTableSum(long before, long after) {
        map.putLong(H_TABLE_SUM, map.getLong(H_TABLE_SUM) - before + after);
    }

    /** A new, empty index at {@code file} (replacing whatever was there), covering nothing yet. */
    static LedgerIndex create(Path file) throws LedgerException, IOException {
        return DURABLE ? replace(file, INITIAL_SLOTS, null) : inMemory(INITIAL_SLOTS, null);
    }

    /**
     * Windows refuses to replace a file that is mapped, and a mapping cannot be released before it is
     * collected, so there the table lives in memory and is built at every open (the behaviour before the
     * durable index).
     */
    private static LedgerIndex inMemory(int slots, LedgerIndex from) {
        LedgerIndex index =
                new LedgerIndex(null, null, ByteBuffer.allocateDirect(HEADER_BYTES + slots * SLOT_BYTES), slots);
        index.fill(from);
        return index;
    }

    private boolean matches(FileChannel data) throws IOException {
        long covered = covered();
        long lastLine = map.getLong(H_LAST_LINE);
        long count = map.getLong(H_COUNT);
        if (covered < 0
                || lastLine < 0
                || lastLine > covered
                || covered - lastLine > LedgerRecordCodec.MAX_LINE_BYTES + 1L
                || count < 0
                || count > slots
                || covered > data.size()) {
            return false;
        }
        boolean sameBoot = BOOT_KNOWN && Arrays.equals(bootId(), BOOT_ID);
        if (!sameBoot && map.getLong(H_SYNCED) != covered) {
            return false; // written in another boot and not forced since: the page cache may have lost it
        }
        ByteBuffer line = ByteBuffer.allocate((int) (covered - lastLine));
        while (line.hasRemaining()) {
            if (data.read(line, lastLine + line.position()) < 0) {
                return false;
            }
        }
        return map.getLong(H_LAST_CRC) == crc(line.array(), 0, line.capacity());
    }

    /** The JSONL length the table covers: every complete line before it is indexed. */
    long covered() {
        return (long) LONGS.getAcquire(map, H_COVERED);
    }

    /** Whether {@code file} is still this index's file (another process may have grown or rebuilt it). */
    boolean isCurrent() {
        if (file == null) {
            return true;
        }
        Object key = PrivateFiles.fileKey(file);
        return key != null && key.equals(fileKey);
    }

    Entry get(String operationId) {
        long[] id = hash(operationId);
        for (int slot = home(id), probes = 0; probes < slots; slot = next(slot), probes++) {
            int at = offset(slot);
            long id0 = map.getLong(at + S_ID0);
            if (id0 == 0) {
                return null;
            }
            if (id0 == id[0] && map.getLong(at + S_ID1) == id[1]) {
                long claim = map.getLong(at + S_CLAIM);
                long terminal = map.getLong(at + S_TERMINAL);
                return new Entry(position(claim), length(claim), position(terminal), length(terminal));
            }
        }
        return null;
    }

    /** Operations in the table, counted from the slots (exact even after a crash; for diagnostics). */
    int size() {
        int count = 0;
        for (int slot = 0; slot < slots; slot++) {
            if (map.getLong(offset(slot) + S_ID0) != 0) {
                count++;
            }
        }
        return count;
    }

    /**
     * Records a complete line at {@code position} of {@code length} bytes (newline excluded); a later line
     * of the same kind replaces an earlier one. May grow the table, returning the index to use from now on.
     */
    LedgerIndex add(LedgerRecord record, long position, int length) throws LedgerException, IOException {
        if (position > MAX_POSITION || length <= 0 || length >= 1 << LENGTH_BITS) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger is too large to index", null);
        }
        long reference = (position << LENGTH_BITS) | length;
        boolean claim = record instanceof LedgerRecord.Claim;
        long[] id = hash(record.operationId());
        for (int slot = home(id); ; slot = next(slot)) {
            int at = offset(slot);
            long id0 = map.getLong(at + S_ID0);
            if (id0 == id[0] && map.getLong(at + S_ID1) == id[1]) {
                long before = slotSumAt(slot);
                map.putLong(at + (claim ? S_CLAIM : S_TERMINAL), reference);
                adjustTableSum(before, slotSumAt(slot));
                return this;
            }
            if (id0 == 0) {
                if ((map.getLong(H_COUNT) + 1) * 2 > slots) {
                    return grow().add(record, position, length);
                }
                long before = slotSumAt(slot);
                map.putLong(at + S_CLAIM, claim ? reference : 0);
                map.putLong(at + S_TERMINAL, claim ? 0 : reference);
                map.putLong(at + S_ID1, id[1]);
                LONGS.setRelease(map, at + S_ID0, id[0]);
                adjustTableSum(before, slotSumAt(slot));
                map.putLong(H_COUNT, map.getLong(H_COUNT) + 1);
                return this;
            }
        }
    }

    /** Publishes that every complete line before {@code covered} is indexed; {@code lastLine} ends there. */
    void advanceTo(long covered, long lastLineStart, byte[] lastLine, int offset, int length) {
        map.putLong(H_LAST_LINE, lastLineStart);
        map.putLong(H_LAST_CRC, crc(lastLine, offset, length));
        LONGS.setRelease(map, H_COVERED, covered);
    }

    /** Forces the table to disk and records that it is durable at its covered length (clean close). */
    void sync() {
        if (map instanceof MappedByteBuffer mapped) {
            mapped.force();
            map.putLong(H_SYNCED, covered());
            mapped.force();
        }
    }

    private LedgerIndex grow() throws LedgerException, IOException {
        if (slots >= MAX_SLOTS) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger is too large to index", null);
        }
        return DURABLE ? replace(file, slots * 2, this) : inMemory(slots * 2, this);
    }

    /**
     * Writes a table of {@code slots} holding {@code from}'s entries and header (or an empty one) to a
     * temporary file, forces it and renames it over {@code file}: other processes keep their old mapping
     * until they see the new file key, and a crash leaves either the old or the new index.
     */
    private static LedgerIndex replace(Path file, int slots, LedgerIndex from) throws LedgerException, IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temporary);
        LedgerIndex index;
        try (FileChannel channel = PrivateFiles.openPrivate(temporary)) {
            long size = HEADER_BYTES + (long) slots * SLOT_BYTES;
            channel.truncate(0);
            MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            index = new LedgerIndex(file, null, map, slots);
        }
        index.fill(from);
        MappedByteBuffer map = (MappedByteBuffer) index.map;
        map.force();
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        PrivateFiles.syncDirectory(file.toAbsolutePath().getParent());
        return new LedgerIndex(file, PrivateFiles.fileKey(file), map, slots);
    }

    /** Writes the header and {@code from}'s entries (an empty table when {@code null}), marked as forced. */
    private void fill(LedgerIndex from) {
        map.putLong(H_MAGIC, MAGIC);
        map.putInt(H_VERSION, VERSION);
        map.putLong(H_SLOTS, slots);
        if (from != null) {
            for (int slot = 0; slot < from.slots; slot++) {
                int at = offset(slot);
                long id0 = from.map.getLong(at + S_ID0);
                if (id0 != 0) {
                    copySlot(id0, from.map.getLong(at + S_ID1), from.map, at);
                }
            }
            map.putLong(H_COUNT, from.map.getLong(H_COUNT));
            map.putLong(H_TABLE_SUM, tableSum());
            map.putLong(H_LAST_LINE, from.map.getLong(H_LAST_LINE));
            map.putLong(H_LAST_CRC, from.map.getLong(H_LAST_CRC));
            map.putLong(H_COVERED, from.covered());
        } else {
            map.putLong(H_LAST_CRC, crc(new byte[0], 0, 0));
        }
        map.putLong(H_SYNCED, covered());
        markBoot();
    }

    private long tableSum() {
        long sum = 0;
        for (int slot = 0; slot < slots; slot++) {
            sum += slotSumAt(slot);
        }
        return sum;
    }

    private void copySlot(long id0, long id1, ByteBuffer source, int sourceAt) {
        for (int slot = home(new long[] {id0, id1}); ; slot = next(slot)) {
            int at = offset(slot);
            if (map.getLong(at + S_ID0) == 0) {
                map.putLong(at + S_CLAIM, source.getLong(sourceAt + S_CLAIM));
                map.putLong(at + S_TERMINAL, source.getLong(sourceAt + S_TERMINAL));
                map.putLong(at + S_ID1, id1);
                map.putLong(at + S_ID0, id0);
                return;
            }
        }
    }

    private void markBoot() {
        if (!Arrays.equals(bootId(), BOOT_ID)) {
            map.put(H_BOOT, BOOT_ID);
        }
    }

    private byte[] bootId() {
        byte[] boot = new byte[BOOT_BYTES];
        map.get(H_BOOT, boot);
        return boot;
    }

    private long[] hash(String operationId) {
        byte[] digest = sha256.digest(operationId.getBytes(StandardCharsets.UTF_8));
        ByteBuffer bytes = ByteBuffer.wrap(digest).order(ByteOrder.LITTLE_ENDIAN);
        long id0 = bytes.getLong(0);
        return new long[] {id0 == 0 ? 1 : id0, bytes.getLong(8)};
    }

    private int home(long[] id) {
        return (int) (id[1] & (slots - 1));
    }

    private int next(int slot) {
        return (slot + 1) & (slots - 1);
    }

    private static int offset(int slot) {
        return HEADER_BYTES + slot * SLOT_BYTES;
    }

    private static long position(long reference) {
        return reference == 0 ? -1 : reference >>> LENGTH_BITS;
    }

    private static int length(long reference) {
        return (int) (reference & ((1 << LENGTH_BITS) - 1));
    }

    private static long crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return crc.getValue();
    }

    /** Linux's per-boot random ID; all zeros elsewhere, so only forced indexes are trusted there. */
    private static byte[] readBootId() {
        byte[] boot = new byte[BOOT_BYTES];
        try {
            byte[] read = Files.readAllBytes(Path.of("/proc/sys/kernel/random/boot_id"));
            System.arraycopy(read, 0, boot, 0, Math.min(read.length, BOOT_BYTES));
        } catch (IOException | RuntimeException e) {
            // no boot ID: an index not forced at its covered length is rebuilt after every restart
        }
        return boot;
    }
}
