package org.praefectus.bridge;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures were silent: with its log folder removed the bridge answered {@code 500 internal_error} with
 * nothing logged anywhere and {@code /health} still {@code healthy}; corrupted {@code run.json} files were
 * skipped at start without a word. Every internal error is logged with its run id and cause, {@code /health}
 * checks that the log folder takes a file, and each record skipped at start is logged. The bridge runs in a
 * JVM of its own, whose output the test reads. Issue 38, defect 5.
 */
class LoudFailuresTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    ChildBridge child;

    @AfterEach
    void kill() throws InterruptedException {
        if (child != null) {
            child.close();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    private void awaitLine(String... parts) {
        await("the bridge logs " + String.join(" … ", parts))
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> child.output.stream().anyMatch(line -> {
                    for (String part : parts) {
                        if (!line.contains(part)) {
                            return false;
                        }
                    }
                    return true;
                }));
    }

    @Test
    void aRemovedLogFolderIsLoggedAndMakesTheBridgeUnhealthy() throws Exception {
        BridgeFixture fx = new BridgeFixture(tmp, 2);
        child = new ChildBridge(fx, tmp.resolve("client"));
        BridgeFixture remote = child.client;
        JsonNode before = BridgeFixture.json(remote.get("/health")).path("data");
        assertEquals("healthy", before.path("status").asText(), before::toString);

        deleteTree(fx.logDir);
        HttpResponse<String> refused =
                remote.post("/runs", fx.runRequest("codex", "Write it.").toString());
        assertEquals(500, refused.statusCode(), refused::body);
        assertEquals(
                "internal_error",
                BridgeFixture.json(refused).path("error").path("code").asText());
        awaitLine("praetor-execd: error: POST /runs failed", "cannot persist run run_", "NoSuchFileException");

        JsonNode after = BridgeFixture.json(remote.get("/health")).path("data");
        assertEquals("unavailable", after.path("status").asText(), after::toString);
        awaitLine("praetor-execd: error: the log folder", "is not writable");
        for (String line : child.output) {
            assertFalse(line.contains(BridgeFixture.TOKEN) || line.contains("Write it."), line);
        }
    }

    @Test
    void aRunTheBridgeFailsIsLoggedWithItsRunId() throws Exception {
        BridgeFixture fx = new BridgeFixture(tmp, 2);
        child = new ChildBridge(fx, tmp.resolve("client"));
        BridgeFixture remote = child.client;
        String id = remote.submit(fx.runRequest("codex", "SCENARIO:hang").put("timeout_seconds", 3));
        remote.awaitStatus(id, "running", WAIT);
        // the run's folder becomes a file: nothing more of this run can be recorded
        Path runDir = fx.logDir.resolve("runs").resolve(id);
        deleteTree(runDir);
        Files.writeString(runDir, "");
        awaitLine(
                "praetor-execd: error: run " + id + ": the bridge failed while running this run",
                "cannot persist run " + id);
    }

    @Test
    void corruptRunRecordsSkippedAtStartAreLogged() throws Exception {
        BridgeFixture fx = new BridgeFixture(tmp, 2);
        fx.start();
        String kept = fx.submit(fx.runRequest("codex", "Write it."));
        String damaged = fx.submit(fx.runRequest("claude_code", "Write it."));
        fx.awaitTerminal(kept, WAIT);
        fx.awaitTerminal(damaged, WAIT);
        fx.close();
        Files.writeString(fx.logDir.resolve("runs").resolve(damaged).resolve("run.json"), "{\"run_id\": tru");

        child = new ChildBridge(fx, tmp.resolve("client"));
        awaitLine("praetor-execd: warning: run " + damaged + ": skipped at start: its run.json cannot be read");
        assertEquals(200, child.client.get("/runs/" + kept).statusCode());
        assertEquals(404, child.client.get("/runs/" + damaged).statusCode());
    }
}
