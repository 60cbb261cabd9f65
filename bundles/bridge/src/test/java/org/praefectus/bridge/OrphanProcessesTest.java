package org.praefectus.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A grandchild that escaped its session with {@code setsid} is found and ended: when its parent exits
 * normally, and after a bridge crash (where what it wrote meanwhile appears in changed_files).
 */
class OrphanProcessesTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    BridgeFixture fx;

    @BeforeEach
    void setUp() throws Exception {
        fx = new BridgeFixture(tmp, 2);
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    @Test
    void aSetsidGrandchildDoesNotOutliveItsRun() throws Exception {
        fx.start();
        String id = fx.submit(fx.runRequest("codex", "SCENARIO:orphan"));
        JsonNode record = fx.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        JsonNode exited = null;
        for (JsonNode e : BridgeFixture.json(fx.get("/runs/" + id + "/events"))
                .path("data")
                .path("events")) {
            if (e.path("type").asText().equals("process_exited")) {
                exited = e.path("data");
            }
        }
        assertTrue(exited != null && exited.path("orphans_killed").asInt() >= 1, String.valueOf(exited));
        waitGone("sleep 293");
    }

    @Test
    void anOrphanOfACrashedBridgeIsKilledAndWhatItChangedIsReported() throws Exception {
        try (ChildBridge child = new ChildBridge(fx, tmp.resolve("client"))) {
            BridgeFixture remote = child.client;
            String id = remote.submit(fx.runRequest("codex", "SCENARIO:orphan_hang"));
            remote.awaitStatus(id, "running", WAIT);
            // "running" comes as the agent starts: wait for the grandchild it spawns before the crash
            await("the grandchild started").atMost(WAIT).until(() -> running("late.txt"));
            child.crash();
            Path late = fx.project.resolve("late.txt");
            await("the orphan wrote after the crash").atMost(WAIT).until(() -> Files.exists(late));

            fx.start();
            JsonNode record = BridgeFixture.json(fx.get("/runs/" + id)).path("data");
            assertEquals("failed_transient", record.path("normalized_status").asText(), record::toString);
            assertTrue(
                    record.path("changed_files")
                            .toString()
                            .contains(late.toRealPath().toString()),
                    record::toString);
            waitGone("sleep 292");
            waitGone("sleep 291");
        }
    }

    private static boolean running(String fragment) {
        return ProcessHandle.allProcesses()
                .anyMatch(p -> p.isAlive()
                        && p.info().commandLine().map(c -> c.contains(fragment)).orElse(false));
    }

    private static void waitGone(String command) {
        await(command + " is gone").atMost(WAIT).until(() -> !BridgeRunsTest.leftover(command));
    }
}
