package org.praefectus.engine.ledger;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.praefectus.api.host.HostState;
import org.praefectus.api.protocol.ActionAck;

/**
 * The durable per-operation ledger: JSONL {@code claim}/{@code terminal} records in the reference's format.
 *
 * <p>Every use happens inside a {@link Session}: an exclusive lock (a JVM-wide lock per ledger plus a file
 * lock on the sibling {@code .lock} file, as the reference's {@code with_extension("lock")}), then torn-tail
 * repair of lines appended since the last session. Records are appended and fsynced before the call
 * returns; a file created for the first time also fsyncs its directory. Complete lines that are not
 * valid records make the ledger fail closed and stay untouched.
 *
 * <p>Unlike the reference, which rereads the whole file for every claim, a durable {@link LedgerIndex} beside
 * the JSONL (the sibling {@code .index} file) maps operation IDs to line positions: opening reads only the
 * lines appended since the index last covered the file, and a claim costs one lookup, at most two positional
 * reads, one append and one fsync, whatever the ledger's length. Every line the index points to is read back
 * and checked against the operation; an index that does not match its JSONL is rebuilt by a strict scan.
 */
public final class OperationLedger implements AutoCloseable {

    // FileChannel.lock is per process: two channels of one JVM must not both ask for it
    private static final ConcurrentMap<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    private static final int READ_CHUNK = 1 << 20;

    private final Path path;
    private final Path lockPath;
    private final ReentrantLock jvmLock;
    private final LongSupplier clock;
    private final Path indexPath;
    private LedgerIndex index;
    private FileChannel data;
    private Object dataKey;
    private FileChannel lockChannel;

    /**
     * A ledger at {@code path}; nothing is touched until the first session.
     *
     * @param path  the JSONL file
     * @param clock milliseconds since the epoch, for {@code claimed_at_ms} and recovery receipts
     */
    public OperationLedger(Path path, LongSupplier clock) {
        this.path = requireNonNull(path, "path").toAbsolutePath().normalize();
        this.lockPath = siblingWithExtension(this.path, "lock");
        this.indexPath = siblingWithExtension(this.path, "index");
        this.jvmLock = jvmLock(lockPath);
        this.clock = requireNonNull(clock, "clock");
    }

    /** A ledger on the system clock. */
    public OperationLedger(Path path) {
        this(path, System::currentTimeMillis);
    }

    /** The file name of the default ledger, in the Praefectus state root. */
    public static final String DEFAULT_FILE_NAME = "praefectus-operations.jsonl";

    /**
     * The reference's default: {@value #DEFAULT_FILE_NAME} in the private state root, {@code
     * $XDG_STATE_HOME/praefectus} (else {@code ~/.local/state/praefectus}, see {@link HostState#root()}),
     * never the working directory; on Windows under {@code %LOCALAPPDATA%\praefectus}.
     */
    public static Path defaultPath() {
        if (System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows")) {
            String local = System.getenv("LOCALAPPDATA");
            Path root = local != null ? Path.of(local) : Path.of(System.getProperty("java.io.tmpdir"));
            return root.resolve("praefectus").resolve(DEFAULT_FILE_NAME);
        }
        return HostState.root().resolve(DEFAULT_FILE_NAME);
    }

    /** The ledger file. */
    public Path path() {
        return path;
    }

    /** The JVM-wide lock of the ledger whose lock file is {@code lockPath} (FileChannel locks are per process). */
    static ReentrantLock jvmLock(Path lockPath) {
        return JVM_LOCKS.computeIfAbsent(lockPath, key -> new ReentrantLock());
    }

    /** Rust's {@code Path::with_extension}: replaces the file name's last extension, or appends one. */
    static Path siblingWithExtension(Path file, String extension) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return file.resolveSibling(stem + "." + extension);
    }

    /**
     * Takes the ledger's exclusive lock (waiting for other threads and processes) and brings the index up
     * to date, repairing a torn tail.
     *
     * @throws LedgerException the ledger is not private, corrupt, or cannot be locked or read
     */
    public Session lock() throws LedgerException {
        jvmLock.lock();
        FileLock fileLock = null;
        try {
            if (lockChannel == null) {
                PrivateFiles.ensureDirectory(path.getParent());
                lockChannel = PrivateFiles.openPrivate(lockPath);
            }
            fileLock = lockChannel.lock();
            refresh();
            return new Session(fileLock);
        } catch (IOException e) {
            release(fileLock);
            throw new LedgerException(LedgerException.Reason.IO, "ledger cannot be locked", e);
        } catch (LedgerException | RuntimeException | Error e) {
            release(fileLock);
            throw e;
        }
    }

    private void release(FileLock fileLock) {
        try {
            if (fileLock != null) {
                fileLock.release();
            }
        } catch (IOException ignored) {
            // closing the channel releases it at the latest
        } finally {
            jvmLock.unlock();
        }
    }

    /**
     * Opens the index that matches the JSONL (or rebuilds it) and reads what was appended after the
     * index's covered length, repairing a torn tail.
     */
    private void refresh() throws LedgerException, IOException {
        Object key = PrivateFiles.fileKey(path);
        if (data == null || key == null || !key.equals(dataKey)) {
            closeData();
            data = PrivateFiles.openPrivate(path);
            dataKey = PrivateFiles.fileKey(path);
            index = null; // another file (or the same after a failed append): check the index against it
        }
        if (index == null || !index.isCurrent()) {
            index = LedgerIndex.openMatching(indexPath, data);
            if (index == null) {
                index = LedgerIndex.create(indexPath);
            }
        }
        long size = data.size();
        if (size < index.covered()) {
            index = LedgerIndex.create(indexPath);
        }
        if (size > index.covered()) {
            scan(index.covered(), size);
        }
    }

    /** Replaces the index by one built from a strict scan of the whole JSONL. */
    private void rebuild() throws LedgerException {
        try {
            index = LedgerIndex.create(indexPath);
            scan(0, data.size());
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger index cannot be rebuilt", e);
        }
    }

    /** Indexes the complete lines in [from, size) and truncates a torn fragment after the last newline. */
    private void scan(long from, long size) throws LedgerException, IOException {
        ByteBuffer buffer = ByteBuffer.allocate(READ_CHUNK);
        byte[] carry = new byte[0];
        long carryStart = from;
        long position = from;
        while (position < size) {
            buffer.clear();
            int read = data.read(buffer, position);
            if (read <= 0) {
                break;
            }
            byte[] chunk = new byte[carry.length + read];
            System.arraycopy(carry, 0, chunk, 0, carry.length);
            System.arraycopy(buffer.array(), 0, chunk, carry.length, read);
            position += read;
            int lineStart = 0;
            int lastLineStart = -1;
            for (int i = 0; i < chunk.length; i++) {
                if (chunk[i] == '\n') {
                    indexLine(Arrays.copyOfRange(chunk, lineStart, i), carryStart + lineStart);
                    lastLineStart = lineStart;
                    lineStart = i + 1;
                }
            }
            if (lastLineStart >= 0) {
                index.advanceTo(
                        carryStart + lineStart,
                        carryStart + lastLineStart,
                        chunk,
                        lastLineStart,
                        lineStart - lastLineStart);
            }
            carryStart += lineStart;
            carry = Arrays.copyOfRange(chunk, lineStart, chunk.length);
            if (carry.length > LedgerRecordCodec.MAX_LINE_BYTES) {
                throw new LedgerException(
                        LedgerException.Reason.CORRUPT, "ledger contains an invalid non-terminal record", null);
            }
        }
        if (carryStart < size) {
            // a torn tail: a crash during an append; the record was never durable, so drop it
            data.truncate(carryStart);
            data.force(true);
        }
    }

    private void indexLine(byte[] line, long position) throws LedgerException, IOException {
        if (isBlank(line)) {
            return;
        }
        index = index.add(LedgerRecordCodec.decode(line), position, line.length);
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != '\f') {
                return false;
            }
        }
        return true;
    }

    /** The operation's last claim and terminal, read from the JSONL at the positions the index holds. */
    private Lines lines(String operationId) throws LedgerException {
        Lines lines = indexedLines(operationId);
        if (lines == null) {
            // the index points at lines that are not this operation's: it is not this JSONL's index
            rebuild();
            lines = indexedLines(operationId);
            if (lines == null) {
                throw new LedgerException(LedgerException.Reason.CORRUPT, "ledger index cannot be rebuilt", null);
            }
        }
        return lines;
    }

    /** {@code null} when a line the index names is not the operation's record of that kind. */
    private Lines indexedLines(String operationId) throws LedgerException {
        LedgerIndex.Entry entry = index.get(operationId);
        if (entry == null) {
            return Lines.NONE;
        }
        LedgerRecord claim = null;
        LedgerRecord terminal = null;
        if (entry.claimPosition() >= 0) {
            claim = read(entry.claimPosition(), entry.claimLength());
            if (!(claim instanceof LedgerRecord.Claim) || !claim.operationId().equals(operationId)) {
                return null;
            }
        }
        if (entry.terminalPosition() >= 0) {
            terminal = read(entry.terminalPosition(), entry.terminalLength());
            if (!(terminal instanceof LedgerRecord.Finished)
                    || !terminal.operationId().equals(operationId)) {
                return null;
            }
        }
        return new Lines((LedgerRecord.Claim) claim, (LedgerRecord.Finished) terminal);
    }

    /** The record at an indexed position, {@code null} when there is none (beyond the covered length, invalid). */
    private LedgerRecord read(long position, int length) throws LedgerException {
        if (position + length >= index.covered()) {
            return null;
        }
        try {
            ByteBuffer buffer = ByteBuffer.allocate(length);
            while (buffer.hasRemaining()) {
                if (data.read(buffer, position + buffer.position()) < 0) {
                    return null;
                }
            }
            return LedgerRecordCodec.decode(buffer.array());
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger cannot be read", e);
        } catch (LedgerException e) {
            return null; // every indexed line was decoded when it was indexed: the index is wrong
        }
    }

    /** One operation's last claim and last terminal, each {@code null} when absent. */
    private record Lines(LedgerRecord.Claim claim, LedgerRecord.Finished terminal) {
        static final Lines NONE = new Lines(null, null);
    }

    private void append(LedgerRecord record) throws LedgerException {
        byte[] line = LedgerRecordCodec.encode(record);
        long position = index.covered();
        try {
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                data.write(buffer, position + buffer.position());
            }
            data.force(true);
        } catch (IOException e) {
            // the next session repairs or rejects whatever reached the file; the index never saw it
            closeData();
            throw new LedgerException(LedgerException.Reason.IO, "ledger record is not durable", e);
        }
        try {
            index = index.add(record, position, line.length - 1);
        } catch (IOException e) {
            // the record is durable; the next session indexes it from the index's covered length
            closeData();
            throw new LedgerException(LedgerException.Reason.IO, "ledger index cannot grow", e);
        }
        index.advanceTo(position + line.length, position, line, 0, line.length);
    }

    private void closeData() {
        if (data != null) {
            try {
                data.close();
            } catch (IOException ignored) {
                // nothing was pending: every append forced its bytes
            }
            data = null;
            dataKey = null;
        }
    }

    /** Forces the index when no other process holds the ledger, so it stays trusted after a reboot. */
    private void syncIndex() {
        if (index == null || lockChannel == null || data == null) {
            return;
        }
        try (FileLock fileLock = lockChannel.tryLock()) {
            if (fileLock != null && index.isCurrent()) {
                index.sync();
            }
        } catch (IOException | RuntimeException ignored) {
            // an index not forced is rebuilt after a reboot, never trusted
        }
    }

    @Override
    public void close() {
        jvmLock.lock();
        try {
            syncIndex();
            index = null;
            closeData();
            if (lockChannel != null) {
                try {
                    lockChannel.close();
                } catch (IOException ignored) {
                    // releases the lock in any case
                }
                lockChannel = null;
            }
        } finally {
            jvmLock.unlock();
        }
    }

    /** Exclusive use of the ledger; close it to release the lock. Not for use by several threads. */
    public final class Session implements AutoCloseable {

        private final FileLock fileLock;
        private boolean closed;

        private Session(FileLock fileLock) {
            this.fileLock = fileLock;
        }

        /**
         * Claims an operation: replays a stored terminal, reports an interrupted claim, refuses a different
         * hash, or appends and fsyncs a new claim.
         *
         * @param claim the claim to write when the operation is new
         * @throws LedgerException {@link LedgerException.Reason#CONFLICT} for another hash, or I/O
         */
        public ClaimResult claim(LedgerRecord.Claim claim) throws LedgerException {
            Lines lines = lines(claim.operationId());
            LedgerRecord.Claim existing = lines.claim();
            if (existing != null) {
                if (!existing.actionHash().equals(claim.actionHash())) {
                    throw new LedgerException(LedgerException.Reason.CONFLICT, "operation conflict", null);
                }
                if (lines.terminal() != null) {
                    return new ClaimResult.Replay(lines.terminal().acknowledgement());
                }
                return new ClaimResult.Interrupted(existing);
            }
            append(claim);
            return new ClaimResult.New();
        }

        /** Appends and fsyncs a terminal acknowledgement. */
        public void finish(ActionAck acknowledgement) throws LedgerException {
            append(new LedgerRecord.Finished(acknowledgement));
        }

        /**
         * The durable terminal; a claim without one is recovered as {@code outcome_unknown} with the
         * interrupted-outcome message, recorded, and returned.
         */
        public Optional<ActionAck> status(String operationId) throws LedgerException {
            Lines lines = lines(operationId);
            if (lines.terminal() != null) {
                return Optional.of(lines.terminal().acknowledgement());
            }
            LedgerRecord.Claim claim = lines.claim();
            if (claim == null) {
                return Optional.empty();
            }
            ActionAck recovered = InterruptedOutcome.acknowledgement(claim, clock.getAsLong());
            finish(recovered);
            return Optional.of(recovered);
        }

        /** Number of operations in the index (counted over its table: for tests and diagnostics). */
        public int operations() {
            return index.size();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release(fileLock);
            }
        }
    }
}
