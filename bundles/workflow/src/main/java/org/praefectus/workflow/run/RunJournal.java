package org.praefectus.workflow.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.praefectus.api.host.HostState;
import org.praefectus.api.workflow.Attempt;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.StepResult;

/**
 * The runs' private record: one JSON-lines file per run id in a 0700 directory. A {@code dispatching} line is forced
 * to disk before an input is handed to the signer, so a runtime killed mid-dispatch leaves the proof that an effect
 * may have happened; the next run with that id reconciles it by observation. The {@code finished} line is forced
 * too, so a finished run replays. The lines between are written, not forced: losing them in a crash only makes the
 * next run look again (a lookup is repeated, an input is reconciled), never redo an effect unobserved. Only
 * statuses, codes and operation ids are written, never typed text or selectors.
 */
final class RunJournal {

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path directory;
    private volatile boolean checked;

    RunJournal(Path directory) {
        this.directory = directory;
    }

    /** Whether {@code runId} can name a run (it names a file). */
    static boolean validRunId(String runId) {
        return runId != null && RUN_ID.matcher(runId).matches();
    }

    /** What the journal holds for a run: nothing yet, its steps so far, or its finished result. */
    static final class State {
        String workflowHash;
        final Map<Integer, StepResult> steps = new LinkedHashMap<>();
        final Map<Integer, List<Attempt>> attempts = new LinkedHashMap<>();
        int dispatchingStep = -1;
        int dispatchingAttempt;
        RunResult finished;

        boolean started() {
            return workflowHash != null;
        }
    }

    State read(String runId) throws IOException {
        State state = new State();
        Path file = file(runId);
        if (!Files.exists(file)) {
            return state;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line;
            try {
                line = JSON.readTree(lines.get(i));
            } catch (IOException torn) {
                if (i == lines.size() - 1) {
                    break; // the runtime died while writing its last line: that line never counted
                }
                throw new IOException("the run journal is corrupt at line " + (i + 1));
            }
            apply(state, line);
        }
        return state;
    }

    private static void apply(State state, JsonNode line) throws IOException {
        switch (line.path("record").asText()) {
            case "run" -> state.workflowHash = line.path("workflow_hash").asText();
            case "dispatching" -> {
                state.dispatchingStep = line.path("step").asInt();
                state.dispatchingAttempt = line.path("attempt").asInt();
            }
            case "attempt" -> {
                int step = line.path("step").asInt();
                state.attempts
                        .computeIfAbsent(step, s -> new ArrayList<>())
                        .add(JSON.treeToValue(line.path("result"), Attempt.class));
                state.dispatchingStep = -1;
            }
            case "step" -> {
                StepResult result = JSON.treeToValue(line.path("result"), StepResult.class);
                state.steps.put(result.index(), result);
                state.attempts.remove(result.index());
            }
            case "finished" -> state.finished = JSON.treeToValue(line.path("result"), RunResult.class);
            default -> throw new IOException("the run journal holds an unknown record");
        }
    }

    void begin(String runId, String workflowHash) throws IOException {
        append(runId, Map.of("record", "run", "run_id", runId, "workflow_hash", workflowHash), false);
    }

    void dispatching(String runId, int step, int attempt) throws IOException {
        append(runId, Map.of("record", "dispatching", "step", step, "attempt", attempt), true);
    }

    void attempt(String runId, int step, Attempt attempt) throws IOException {
        append(runId, Map.of("record", "attempt", "step", step, "result", attempt), false);
    }

    void step(String runId, StepResult result) throws IOException {
        append(runId, Map.of("record", "step", "result", result), false);
    }

    void finished(String runId, RunResult result) throws IOException {
        append(runId, Map.of("record", "finished", "result", result), true);
    }

    private void append(String runId, Map<String, Object> record, boolean force) throws IOException {
        if (!checked) {
            HostState.privateDirectory(directory);
            checked = true;
        }
        Path file = file(runId);
        byte[] line = (JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
        boolean created = !Files.exists(file);
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE)) {
            if (created && file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            }
            channel.write(ByteBuffer.wrap(line));
            if (force) {
                channel.force(true);
            }
        }
    }

    private Path file(String runId) {
        if (!validRunId(runId)) {
            throw new IllegalArgumentException("a run id is 1-64 letters, digits, '-' or '_'");
        }
        return directory.resolve(runId + ".jsonl");
    }
}
