package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Process jvm = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        StandaloneBridge.class.getName(),
                        "--config",
                        fx.configFile.toString())
                .redirectErrorStream(true)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("praetor-execd listening on 127.0.0.1:"), String.valueOf(line));
            int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1));
            BridgeFixture remote = new BridgeFixture(tmp.resolve("unused"), 1) {
                @Override
                String base() {
                    return "http://127.0.0.1:" + port;
                }
            };
            String id = remote.submit(fx.runRequest("codex", "SCENARIO:hang"));
            remote.awaitStatus(id, "running", WAIT);
            // "running" is reported when the agent starts, which may be before it starts its child
            waitPresent("sleep 297");
            remote.close();
            jvm.destroyForcibly(); // SIGKILL: no shutdown hook, the process tree is left behind
            assertTrue(jvm.waitFor(30, TimeUnit.SECONDS));
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
        } finally {
            jvm.destroyForcibly();
        }
    }

    private static void waitPresent(String command) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && !RunsLeft.any(command)) {
            Thread.sleep(50);
        }
        assertTrue(RunsLeft.any(command), command + " never started");
    }

    private static void waitGone(String command) throws InterruptedException {
        // generous: a loaded machine can take seconds to reap a killed tree; never a timing assertion
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && RunsLeft.any(command)) {
            Thread.sleep(50);
        }
        assertFalse(RunsLeft.any(command), command + " survived");
    }

    static final class RunsLeft {
        static boolean any(String command) {
            return BridgeRunsTest.leftover(command);
        }
    }
}
