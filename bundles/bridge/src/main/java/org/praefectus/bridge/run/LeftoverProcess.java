package org.praefectus.bridge.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;

/** The process tree a crashed bridge left behind, found through the run's {@code process.json}. */
final class LeftoverProcess {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LeftoverProcess() {}

    /**
     * What changed in the workdir since the run started, from the snapshot it left (an orphan of a crashed
     * bridge may have written there until it was killed); empty when there is no snapshot.
     */
    static java.util.List<String> changedSince(RunStore store, Run run) {
        byte[] bytes = store.readPrivate(run.runId(), RunLifecycle.SNAPSHOT_FILE);
        if (bytes == null) {
            return java.util.List.of();
        }
        try {
            ArtifactSnapshot before = JSON.readValue(bytes, ArtifactSnapshot.class);
            java.nio.file.Path workdir =
                    java.nio.file.Path.of((String) run.record().get("host_workdir"));
            return before.diff(ArtifactSnapshot.take(workdir, java.util.List.of(store.logDir()))).all().stream()
                    .map(rel -> workdir.resolve(rel).toString())
                    .toList();
        } catch (IOException | RuntimeException e) {
            return java.util.List.of();
        } finally {
            store.deletePrivate(run.runId(), RunLifecycle.SNAPSHOT_FILE);
        }
    }

    /** Kills the tree when the pid still belongs to the process started then; true when it did. */
    static boolean kill(RunStore store, String runId) {
        byte[] bytes = store.readPrivate(runId, "process.json");
        if (bytes == null) {
            return false;
        }
        try {
            Map<?, ?> info = JSON.readValue(bytes, Map.class);
            long pid = ((Number) info.get("pid")).longValue();
            Object start = info.get("start");
            ProcessHandle handle = ProcessHandle.of(pid).orElse(null);
            if (handle == null
                    || start == null
                    || handle.info()
                            .startInstant()
                            .map(Instant::toString)
                            .filter(start::equals)
                            .isEmpty()) {
                return false; // gone, or the pid now belongs to another process
            }
            handle.descendants().forEach(ProcessHandle::destroyForcibly);
            handle.destroyForcibly();
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        } finally {
            store.deletePrivate(runId, "process.json");
        }
    }
}
