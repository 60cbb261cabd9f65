package org.praefectus.bridge.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Runs on disk under {@code log_dir/runs/<run_id>/}: {@code run.json} (the record, the internal state and
 * the run log of seed §22, replaced atomically), {@code events.jsonl} (every event, appended), and with
 * {@code persist_run_logs} {@code stdout.log} and {@code stderr.log} (the raw output, stored only there:
 * events carry at most the event size cap of a line and its offset in the log). Directories are 0700 and
 * files 0600. The prompt is never written. At start only the records are read, never the events.
 */
public final class RunStore {

    private static final Set<PosixFilePermission> DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};
    private static final String EVENTS = "events.jsonl";

    /** The files whose last byte {@link #append} has looked at since this store was made. */
    private final java.util.Set<Path> lineEndChecked = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final ObjectMapper json = new ObjectMapper();
    private final Path runsDir;
    private final boolean persistLogs;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final ErrorLog errors;
    /** What {@link #writable()} found last: a change is logged, not every check. */
    private volatile boolean lastWritable = true;

    public RunStore(Path logDir, boolean persistLogs) {
        this(logDir, persistLogs, ErrorLog.STDERR);
    }

    public RunStore(Path logDir, boolean persistLogs, ErrorLog errors) {
        this.runsDir = logDir.resolve("runs");
        this.persistLogs = persistLogs;
        this.errors = errors;
        try {
            createPrivateDirectories(runsDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the run log directory " + runsDir, e);
        }
    }

    private static void createPrivateDirectories(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Path parent = dir.getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                createPrivateDirectories(parent);
            }
            Files.createDirectory(dir);
        }
        setPermissions(dir, DIR);
    }

    private static void setPermissions(Path path, Set<PosixFilePermission> permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(path, permissions);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system (Windows): its ACLs come from the parent directory
        }
    }

    Path runsDir() {
        return runsDir;
    }

    /** Where the bridge's own failures are written. */
    public ErrorLog errors() {
        return errors;
    }

    /**
     * Whether a run could be recorded now: a file can be created and removed in the runs folder. False when
     * the log folder was removed, made read-only or replaced by a file.
     */
    public boolean writable() {
        try {
            Path probe = Files.createTempFile(runsDir, ".health-", ".tmp");
            Files.delete(probe);
            if (!lastWritable) {
                errors.warning(null, "the log folder " + runsDir + " is writable again", null);
            }
            lastWritable = true;
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            if (lastWritable) { // once per change, not at every health check a client polls
                errors.error(null, "the log folder " + runsDir + " is not writable", e);
            }
            lastWritable = false;
            return false;
        }
    }

    /** The log folder: never part of a run's workdir snapshot, never a path a run may use. */
    public Path logDir() {
        return runsDir.getParent();
    }

    /**
     * Loads every persisted run's record, not its events. A run that was not over when the bridge stopped
     * gets its next sequence number from the end of its events file (a crash may have left it ahead of the
     * record).
     */
    public List<Run> load(int maxEvents, long maxEventBytes) throws IOException {
        List<Run> loaded = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(runsDir)) {
            for (Path dir : dirs.sorted().toList()) {
                Path record = dir.resolve("run.json");
                if (!Files.isRegularFile(record)) {
                    continue;
                }
                Run run;
                try {
                    run = Run.fromRecord(json.readValue(record.toFile(), MAP), maxEvents, maxEventBytes);
                } catch (IOException | RuntimeException unreadable) {
                    // a record cut by a crash before its first atomic replace (nothing was accepted), or one
                    // damaged on disk: the run stays out of the list, and the operator is told which
                    errors.warning(
                            dir.getFileName().toString(), "skipped at start: its run.json cannot be read", unreadable);
                    continue;
                }
                if (!run.state().terminal()) {
                    run.resumeSeq(lastSeq(dir.resolve(EVENTS)) + 1);
                }
                runs.put(run.runId(), run);
                loaded.add(run);
            }
        }
        return loaded;
    }

    /** The seq of the last whole event in the file, read from its last 64 KiB; 0 when there is none. */
    private long lastSeq(Path events) {
        if (!Files.isRegularFile(events)) {
            return 0;
        }
        try (RandomAccessFile file = new RandomAccessFile(events.toFile(), "r")) {
            long length = file.length();
            int window = (int) Math.min(length, 64 * 1024);
            byte[] tail = new byte[window];
            file.seek(length - window);
            file.readFully(tail);
            String[] lines = new String(tail, StandardCharsets.UTF_8).split("\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                long seq = seqOf(lines[i]);
                if (seq > 0) {
                    return seq;
                }
            }
            return 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** An event line starts with <code>{"seq":N,</code> (RunEvent's
     * first property); -1 for anything else. */
    static long seqOf(String line) {
        if (!line.startsWith("{\"seq\":")) {
            return -1;
        }
        long seq = 0;
        int i = 7;
        for (; i < line.length() && Character.isDigit(line.charAt(i)); i++) {
            seq = seq * 10 + (line.charAt(i) - '0');
        }
        return i > 7 && i < line.length() && line.charAt(i) == ',' && line.endsWith("}") ? seq : -1;
    }

    /**
     * Events after {@code afterSeq} read from disk, at most {@code limit} and about {@code maxBytes}: the
     * file is scanned line by line (only the seq prefix is parsed until the page starts). Every gap in the
     * sequence (a failed write, a line torn by a crash, events gone to retention) becomes one
     * {@code events_dropped} event in its place, wherever it falls in the page, so a client never skips
     * events silently. It counts towards {@code limit}.
     */
    EventPage readEvents(String runId, long afterSeq, int limit, long maxBytes, long nextSeq) {
        List<RunEvent> out = new ArrayList<>();
        long bytes = 0;
        boolean more = false;
        long expected = afterSeq + 1;
        long dropped = 0;
        Path file = runsDir.resolve(runId).resolve(EVENTS);
        if (Files.isRegularFile(file)) {
            try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (String line; (line = reader.readLine()) != null; ) {
                    long seq = seqOf(line);
                    if (seq < expected) {
                        continue; // older, or a line torn by a crash
                    }
                    RunEvent event = parse(line);
                    if (event == null) {
                        continue; // a torn line the next write was appended to: reported as a gap
                    }
                    if (!out.isEmpty() && (out.size() >= limit || bytes + line.length() > maxBytes)) {
                        more = true;
                        break;
                    }
                    if (seq > expected) {
                        out.add(dropped(runId, expected, seq - 1));
                        dropped += seq - expected;
                        if (out.size() >= limit) {
                            more = true; // the event after the gap starts the next page
                            break;
                        }
                    }
                    out.add(event);
                    bytes += line.length();
                    expected = seq + 1;
                }
            } catch (IOException e) {
                // what was read stands; the rest counts as dropped below
                errors.error(runId, "cannot read events.jsonl", e);
            }
        }
        if (!more && expected < nextSeq) {
            if (out.size() >= limit) {
                more = true;
            } else {
                out.add(dropped(runId, expected, nextSeq - 1));
                dropped += nextSeq - expected;
            }
        }
        long next = out.isEmpty() ? afterSeq + 1 : out.get(out.size() - 1).seq() + 1;
        return new EventPage(out, next, more, dropped);
    }

    private RunEvent parse(String line) {
        try {
            return json.readValue(line, RunEvent.class);
        } catch (IOException e) {
            return null;
        }
    }

    /** In the place of the lost events, numbered as the last of them, so the next page goes on after them. */
    private static RunEvent dropped(String runId, long firstSeq, long lastSeq) {
        Map<String, Object> gap = new LinkedHashMap<>();
        gap.put("count", lastSeq - firstSeq + 1);
        gap.put("first_seq", firstSeq);
        gap.put("last_seq", lastSeq);
        return new RunEvent(lastSeq, "events_dropped", Instant.now().toString(), runId, gap);
    }

    public void add(Run run) {
        runs.put(run.runId(), run);
        save(run);
    }

    public Run get(String runId) {
        return runs.get(runId);
    }

    /** Whether a run of this id is known or has a folder on disk (a record that could not be read). */
    boolean exists(String runId) {
        return runs.containsKey(runId) || Files.exists(runsDir.resolve(runId));
    }

    public Collection<Run> all() {
        return runs.values();
    }

    void forget(String runId) {
        runs.remove(runId);
    }

    /** Writes the record to a temporary file and moves it over the old one. */
    public void save(Run run) {
        try {
            Path dir = runDir(run.runId());
            Path tmp = dir.resolve("run.json.tmp");
            Files.write(tmp, json.writeValueAsBytes(run.persisted()));
            setPermissions(tmp, FILE);
            try {
                Files.move(
                        tmp,
                        dir.resolve("run.json"),
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir.resolve("run.json"), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot persist run " + run.runId(), e);
        }
    }

    /** Appends the event; returns its size on disk. */
    public int appendEvent(RunEvent event) {
        byte[] line;
        try {
            line = (json.writeValueAsString(event) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        append(event.runId(), EVENTS, line);
        return line.length;
    }

    /** Appends a raw output line to the run log; returns its offset there, or -1 when logs are not kept. */
    public long appendLog(String runId, String stream, String line) {
        if (!persistLogs) {
            return -1;
        }
        return append(runId, stream + ".log", (line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private long append(String runId, String file, byte[] bytes) {
        try {
            Path path = runDir(runId).resolve(file);
            boolean fresh = !Files.exists(path);
            long offset = fresh ? 0 : Files.size(path);
            // only a file an earlier process left can end mid-line: each file is looked at once
            if (offset > 0 && lineEndChecked.add(path) && !endsWithNewline(path, offset)) {
                // a line torn by a crash is ended first: the new line must not be glued to it and lost with it
                bytes = withLeadingNewline(bytes);
                offset++;
            }
            Files.write(path, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (fresh) {
                setPermissions(path, FILE);
            }
            return offset;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot persist run " + runId, e);
        }
    }

    private static boolean endsWithNewline(Path path, long size) throws IOException {
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(path)) {
            java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
            return channel.read(last, size - 1) == 1 && last.get(0) == '\n';
        }
    }

    private static byte[] withLeadingNewline(byte[] bytes) {
        byte[] out = new byte[bytes.length + 1];
        out[0] = '\n';
        System.arraycopy(bytes, 0, out, 1, bytes.length);
        return out;
    }

    /** Writes a private (0600) file of the run, replacing it. */
    public void writePrivate(String runId, String file, byte[] bytes) throws IOException {
        Path path = runDir(runId).resolve(file);
        Files.write(path, bytes);
        setPermissions(path, FILE);
    }

    /** The file's bytes, or null when it does not exist. */
    public byte[] readPrivate(String runId, String file) {
        try {
            return Files.readAllBytes(runsDir.resolve(runId).resolve(file));
        } catch (IOException e) {
            return null;
        }
    }

    public void deletePrivate(String runId, String file) {
        try {
            Files.deleteIfExists(runsDir.resolve(runId).resolve(file));
        } catch (IOException e) {
            // left for the next recovery, which checks the process start time before killing
            errors.warning(runId, "cannot delete " + file, e);
        }
    }

    private Path runDir(String runId) throws IOException {
        Path dir = runsDir.resolve(runId);
        if (!Files.isDirectory(dir)) {
            Files.createDirectory(dir);
            setPermissions(dir, DIR);
        }
        return dir;
    }
}
