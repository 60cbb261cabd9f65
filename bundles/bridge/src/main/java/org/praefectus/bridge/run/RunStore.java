package org.praefectus.bridge.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Runs on disk under {@code log_dir/runs/<run_id>/}: {@code run.json} (the record, replaced atomically),
 * {@code events.jsonl} (every event, appended), and with {@code persist_run_logs} {@code stdout.log} and
 * {@code stderr.log}. Directories are 0700 and files 0600. The prompt is never written.
 */
public final class RunStore {

    private static final Set<PosixFilePermission> DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private final ObjectMapper json = new ObjectMapper();
    private final Path runsDir;
    private final boolean persistLogs;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();

    public RunStore(Path logDir, boolean persistLogs) {
        this.runsDir = logDir.resolve("runs");
        this.persistLogs = persistLogs;
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

    /** Loads every persisted run; events beyond the buffer size keep only the newest. */
    public List<Run> load(int maxEvents) throws IOException {
        List<Run> loaded = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(runsDir)) {
            for (Path dir : dirs.sorted().toList()) {
                Path record = dir.resolve("run.json");
                if (!Files.isRegularFile(record)) {
                    continue;
                }
                Run run = Run.fromRecord(json.readValue(record.toFile(), MAP), maxEvents);
                Path events = dir.resolve("events.jsonl");
                if (Files.isRegularFile(events)) {
                    try (BufferedReader reader = Files.newBufferedReader(events, StandardCharsets.UTF_8)) {
                        String line;
                        while ((line = reader.readLine()) != null) {
                            if (!line.isBlank()) {
                                try {
                                    run.addLoaded(json.readValue(line, RunEvent.class));
                                } catch (IOException torn) {
                                    // a line cut by a crash: the events before it stand
                                }
                            }
                        }
                    }
                }
                runs.put(run.runId(), run);
                loaded.add(run);
            }
        }
        return loaded;
    }

    public void add(Run run) {
        runs.put(run.runId(), run);
        save(run);
    }

    public Run get(String runId) {
        return runs.get(runId);
    }

    public Collection<Run> all() {
        return runs.values();
    }

    /** Writes the record to a temporary file and moves it over the old one. */
    public void save(Run run) {
        try {
            Path dir = runDir(run.runId());
            Path tmp = dir.resolve("run.json.tmp");
            Files.write(tmp, json.writeValueAsBytes(run.record()));
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

    public void appendEvent(RunEvent event) {
        append(event.runId(), "events.jsonl", jsonLine(event));
    }

    public void appendLog(String runId, String stream, String line) {
        if (persistLogs) {
            append(runId, stream + ".log", line + "\n");
        }
    }

    private String jsonLine(RunEvent event) {
        try {
            return json.writeValueAsString(event) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void append(String runId, String file, String text) {
        try {
            Path path = runDir(runId).resolve(file);
            boolean fresh = !Files.exists(path);
            Files.writeString(path, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (fresh) {
                setPermissions(path, FILE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot persist run " + runId, e);
        }
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
