package org.praefectus.engine.ledger;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.praefectus.api.protocol.ActionAck;

/**
 * Reads one operation's durable answer from a ledger without changing anything, for {@code status} (issue 40:
 * pointed at an ordinary file, the writing ledger emptied it, changed its mode and created files beside it).
 * It never creates, truncates, repairs, chmods or writes a file or directory: the JSONL is opened read-only,
 * the index is used only when it exists and is intact (else the JSONL is scanned in memory), the sibling
 * {@code .lock} file is locked shared only when it exists, and a claim without terminal is answered as the
 * {@code outcome_unknown} the engine would recover without recording it (the engine may still be dispatching).
 *
 * <p>What it refuses, each with its own {@link LedgerException.Reason}: no file at the path ({@code MISSING});
 * a symbolic link ({@code SYMLINK}); a directory not private to the user ({@code NOT_PRIVATE}: another owner,
 * group or world writable, as the engine refuses it); a file that is not a ledger ({@code NOT_A_LEDGER}: not a
 * regular file, or no valid record before the first invalid line); a ledger with an invalid line after valid
 * records ({@code CORRUPT}). Messages are fixed texts and line numbers, never the file's content.
 */
public final class LedgerReader {

    private static final boolean POSIX =
            FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final int READ_CHUNK = 1 << 20;

    private LedgerReader() {}

    /**
     * The operation's terminal acknowledgement, the recovered {@code outcome_unknown} of a claim without one,
     * or empty when the ledger never claimed it.
     *
     * @param ledger      the JSONL file
     * @param operationId a valid operation ID
     * @param nowMs       the time of a recovered receipt
     * @throws LedgerException why the ledger cannot be read (see the class comment)
     */
    public static Optional<ActionAck> status(Path ledger, String operationId, long nowMs) throws LedgerException {
        Path file = ledger.toAbsolutePath().normalize();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new LedgerException(LedgerException.Reason.MISSING, "no ledger exists at this path", null);
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger cannot be read", e);
        }
        if (attributes.isSymbolicLink()) {
            throw new LedgerException(
                    LedgerException.Reason.SYMLINK, "the ledger is a symbolic link; ledgers are never followed", null);
        }
        if (!attributes.isRegularFile()) {
            throw new LedgerException(LedgerException.Reason.NOT_A_LEDGER, "not a ledger: not a regular file", null);
        }
        requirePrivateDirectory(file.getParent());
        Path lockPath = OperationLedger.siblingWithExtension(file, "lock");
        ReentrantLock jvmLock = OperationLedger.jvmLock(lockPath);
        jvmLock.lock();
        try (FileChannel data = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
                FileChannel lockChannel = openIfRegular(lockPath);
                FileLock shared = lockChannel == null ? null : lockChannel.lock(0, Long.MAX_VALUE, true)) {
            Lines lines = read(data, OperationLedger.siblingWithExtension(file, "index"), operationId);
            if (lines.terminal != null) {
                return Optional.of(lines.terminal.acknowledgement());
            }
            if (lines.claim == null) {
                return Optional.empty();
            }
            return Optional.of(InterruptedOutcome.acknowledgement(lines.claim, nowMs));
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "ledger cannot be read", e);
        } finally {
            jvmLock.unlock();
        }
    }

    /** The engine's rule for the ledger's directory (HostState's), checked without creating or changing it. */
    private static void requirePrivateDirectory(Path directory) throws LedgerException {
        if (directory == null || !POSIX) {
            return; // where there are no POSIX modes the engine's ACL rule is not repeated: reading changes nothing
        }
        try {
            BasicFileAttributes attributes =
                    Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                throw new LedgerException(
                        LedgerException.Reason.SYMLINK, "the ledger's directory is a symbolic link", null);
            }
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
            if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new LedgerException(
                        LedgerException.Reason.NOT_PRIVATE,
                        "the ledger's directory is writable by group or others",
                        null);
            }
            String owner = Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS).getName();
            if (!owner.equals(System.getProperty("user.name"))) {
                throw new LedgerException(
                        LedgerException.Reason.NOT_PRIVATE, "the ledger's directory belongs to another user", null);
            }
        } catch (IOException e) {
            throw new LedgerException(LedgerException.Reason.IO, "the ledger's directory cannot be read", e);
        }
    }

    private static FileChannel openIfRegular(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException raced) {
            return null;
        }
    }

    /** The operation's last claim and terminal: through an intact index plus the lines after it, else a scan. */
    private static Lines read(FileChannel data, Path indexPath, String operationId)
            throws IOException, LedgerException {
        long size = data.size();
        LedgerIndex index = LedgerIndex.openReadOnly(indexPath, data);
        if (index != null) {
            Lines lines = indexed(index, data, operationId);
            if (lines != null) {
                scan(data, index.covered(), size, operationId, lines, true);
                return lines;
            }
        }
        Lines lines = new Lines();
        scan(data, 0, size, operationId, lines, false);
        return lines;
    }

    /** {@code null} when a line the index names is not the operation's record of that kind. */
    private static Lines indexed(LedgerIndex index, FileChannel data, String operationId) throws IOException {
        Lines lines = new Lines();
        LedgerIndex.Entry entry = index.get(operationId);
        if (entry == null) {
            return lines;
        }
        if (entry.claimPosition() >= 0) {
            LedgerRecord claim = readLine(data, index, entry.claimPosition(), entry.claimLength());
            if (!(claim instanceof LedgerRecord.Claim c) || !c.operationId().equals(operationId)) {
                return null;
            }
            lines.claim = c;
        }
        if (entry.terminalPosition() >= 0) {
            LedgerRecord terminal = readLine(data, index, entry.terminalPosition(), entry.terminalLength());
            if (!(terminal instanceof LedgerRecord.Finished f)
                    || !f.operationId().equals(operationId)) {
                return null;
            }
            lines.terminal = f;
        }
        return lines;
    }

    private static LedgerRecord readLine(FileChannel data, LedgerIndex index, long position, int length)
            throws IOException {
        if (position + length >= index.covered()) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (data.read(buffer, position + buffer.position()) < 0) {
                return null;
            }
        }
        try {
            return LedgerRecordCodec.decode(buffer.array());
        } catch (LedgerException e) {
            return null;
        }
    }

    /**
     * Decodes every complete line of [from, size) strictly, keeping the operation's last claim and terminal. A
     * fragment after the last newline is an append in progress (or torn by a crash): not durable, so not read,
     * unless no record came before it and it cannot be the start of one.
     */
    private static void scan(
            FileChannel data, long from, long size, String operationId, Lines lines, boolean afterRecords)
            throws IOException, LedgerException {
        ByteBuffer buffer = ByteBuffer.allocate(READ_CHUNK);
        byte[] carry = new byte[0];
        long position = from;
        long lineNumber = 0;
        boolean records = afterRecords;
        while (position < size) {
            buffer.clear();
            buffer.limit((int) Math.min(READ_CHUNK, size - position));
            int read = data.read(buffer, position);
            if (read <= 0) {
                break;
            }
            position += read;
            byte[] chunk = new byte[carry.length + read];
            System.arraycopy(carry, 0, chunk, 0, carry.length);
            System.arraycopy(buffer.array(), 0, chunk, carry.length, read);
            int lineStart = 0;
            for (int i = 0; i < chunk.length; i++) {
                if (chunk[i] == '\n') {
                    lineNumber++;
                    byte[] line = Arrays.copyOfRange(chunk, lineStart, i);
                    lineStart = i + 1;
                    if (isBlank(line)) {
                        continue;
                    }
                    LedgerRecord record = decode(line, lineNumber, records, from);
                    records = true;
                    if (record.operationId().equals(operationId)) {
                        if (record instanceof LedgerRecord.Claim claim) {
                            lines.claim = claim;
                        } else if (record instanceof LedgerRecord.Finished terminal) {
                            lines.terminal = terminal;
                        }
                    }
                }
            }
            carry = Arrays.copyOfRange(chunk, lineStart, chunk.length);
            if (carry.length > LedgerRecordCodec.MAX_LINE_BYTES) {
                throw invalid(records, lineNumber + 1, from, "is longer than any record");
            }
        }
        if (!records && !isBlank(carry) && carry[firstNonBlank(carry)] != '{') {
            throw new LedgerException(
                    LedgerException.Reason.NOT_A_LEDGER, "not a ledger: the file holds no ledger record", null);
        }
    }

    private static LedgerRecord decode(byte[] line, long lineNumber, boolean records, long from)
            throws LedgerException {
        try {
            return LedgerRecordCodec.decode(line);
        } catch (LedgerException e) {
            throw invalid(records, lineNumber, from, "is not a claim or terminal record");
        }
    }

    private static LedgerException invalid(boolean records, long lineNumber, long from, String why) {
        String where = from == 0 ? "line " + lineNumber : "line " + lineNumber + " after the indexed part";
        if (!records) {
            return new LedgerException(LedgerException.Reason.NOT_A_LEDGER, "not a ledger: " + where + " " + why, null);
        }
        return new LedgerException(LedgerException.Reason.CORRUPT, "corrupt ledger: " + where + " " + why, null);
    }

    private static int firstNonBlank(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (!isBlank(bytes[i])) {
                return i;
            }
        }
        return 0;
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (!isBlank(b)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\f';
    }

    /** The operation's last claim and last terminal found so far. */
    private static final class Lines {
        LedgerRecord.Claim claim;
        LedgerRecord.Finished terminal;
    }
}
