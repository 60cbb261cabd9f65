package org.praefectus.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs, events and logs survive a restart; a run that was active is reported honestly, never completed. */
class BridgeRestartTest {

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
    void completedRunSurvivesRestart() throws Exception {
        fx.start();
        String id = fx.submit(fx.runRequest("codex", "Write it."));
        JsonNode before = fx.awaitTerminal(id, WAIT);
        JsonNode eventsBefore =
                BridgeFixture.json(fx.get("/runs/" + id + "/events")).path("data");
        fx.stop();
        fx.start();
        assertEquals(0, fx.bridge.recoveredRuns());
        assertEquals(before, BridgeFixture.json(fx.get("/runs/" + id)).path("data"));
        assertEquals(
                eventsBefore,
                BridgeFixture.json(fx.get("/runs/" + id + "/events")).path("data"));
    }

    @Test
    void runActiveAtAStopIsFailedTransientAndItsTreeKilled() throws Exception {
        fx.start();
        String id = fx.submit(fx.runRequest("codex", "SCENARIO:hang"));
        fx.awaitStatus(id, "running", WAIT);
        fx.stop();
        fx.start();
        JsonNode record = BridgeFixture.json(fx.get("/runs/" + id)).path("data");
        assertEquals("failed_transient", record.path("status").asText());
        assertEquals("failed_transient", record.path("normalized_status").asText());
        assertTrue(record.path("pause_reason").asText().contains("bridge stopped"), record::toString);
        waitGone("sleep 297");
    }

    @Test
    void bridgeKilledMidRunIsRecoveredHonestly() throws Exception {
        try (ChildBridge child = new ChildBridge(fx, tmp.resolve("unused"))) {
            BridgeFixture remote = child.client;
            String id = remote.submit(fx.runRequest("codex", "SCENARIO:hang"));
            remote.awaitStatus(id, "running", WAIT);
            // "running" is reported when the agent starts, which may be before it starts its child
            waitPresent("sleep 297");
            child.crash();
            assertTrue(RunsLeft.any("sleep 297"), "the crash left the agent's tree running");

            fx.start();
            assertEquals(1, fx.bridge.recoveredRuns());
            JsonNode record = BridgeFixture.json(fx.get("/runs/" + id)).path("data");
            assertEquals("failed_transient", record.path("normalized_status").asText());
            assertTrue(record.path("pause_reason").asText().contains("process is gone"), record::toString);
            List<String> types = BridgeFixture.json(fx.get("/runs/" + id + "/events"))
                    .path("data")
                    .path("events")
                    .findValuesAsText("type");
            assertTrue(types.contains("run_started") && types.contains("run_interrupted"), types::toString);
            waitGone("sleep 297");
        }
    }

    private static void waitPresent(String command) {
        await(command + " started").atMost(Duration.ofSeconds(60)).until(() -> RunsLeft.any(command));
    }

    private static void waitGone(String command) {
        // generous: a loaded machine can take seconds to reap a killed tree; never a timing assertion
        await(command + " is gone").atMost(Duration.ofSeconds(60)).until(() -> !RunsLeft.any(command));
    }

    static final class RunsLeft {
        static boolean any(String command) {
            return BridgeRunsTest.leftover(command);
        }
    }
}
