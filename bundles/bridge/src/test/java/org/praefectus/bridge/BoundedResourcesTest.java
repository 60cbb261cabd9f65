package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that writes 300 lines of 1 MiB each, in a bridge JVM with the shipped launch's options (heap at most
 * 256 MiB, serial collector, C1 only, exit on OutOfMemoryError; issue 38, defect 6): the run completes,
 * every event is at most the event size cap (the lines stay whole in stdout.log), the events page from
 * {@code after_seq} exactly, pages stay under their byte cap, and a restart over the 300 MiB log directory
 * listens again at once (only run records are read). Issue 18, bounded resources.
 */
class BoundedResourcesTest {

    private static final Duration WAIT = Duration.ofMinutes(10);

    @TempDir
    Path tmp;

    ChildBridge child;

    @AfterEach
    void kill() throws InterruptedException {
        if (child != null) {
            child.close();
        }
    }

    @Test
    void aFloodOf300LinesOf1MiBWithTheShippedLaunchOptionsThenARestart() throws Exception {
        BridgeFixture fx = new BridgeFixture(tmp, 2);
        child = new ChildBridge(fx, tmp.resolve("client"));
        BridgeFixture remote = child.client;
        String id = remote.submit(fx.runRequest("codex", "SCENARIO:flood").put("timeout_seconds", 600));
        JsonNode record = remote.awaitTerminal(id, WAIT);
        assertEquals("completed", record.path("normalized_status").asText(), record::toString);
        assertEquals("Flooded.", record.path("stdout_tail").asText());
        Path stdoutLog = fx.logDir.resolve("runs").resolve(id).resolve("stdout.log");
        assertTrue(Files.size(stdoutLog) >= 300L * 1_048_576, "the raw output is whole in the run log");
        assertTrue(Files.size(stdoutLog.resolveSibling("events.jsonl")) < 30L * 1_048_576, "and not again in events");

        // after_seq is honoured exactly; pages are bounded; every event is capped
        long after = 5;
        int pages = 0;
        long total = 0;
        boolean more = true;
        while (more) {
            HttpResponse<String> response = remote.get("/runs/" + id + "/events?after_seq=" + after);
            assertEquals(200, response.statusCode(), () -> response.body().substring(0, 300));
            assertTrue(response.body().length() < 2 * 1_048_576, "a page stays near its byte cap");
            JsonNode page = BridgeFixture.json(response).path("data");
            JsonNode events = page.path("events");
            assertTrue(events.size() > 0);
            assertEquals(after + 1, events.get(0).path("seq").asLong(), "the page starts right after after_seq");
            for (JsonNode e : events) {
                assertTrue(!e.path("type").asText().equals("events_dropped"), "nothing was lost: " + e);
                if (e.path("type").asText().equals("stdout")) {
                    assertTrue(e.path("data").path("line").asText().length() <= 16 * 1024);
                    assertTrue(e.path("data").path("truncated").asBoolean());
                    total++;
                }
            }
            after = page.path("next_seq").asLong() - 1;
            more = Boolean.parseBoolean(
                    response.headers().firstValue("X-Praetor-Has-More").orElseThrow());
            pages++;
        }
        assertEquals(300, total, "one capped event per 1 MiB line");
        assertTrue(pages > 1, "the byte cap split the events into pages");
        child.crash();
        child = new ChildBridge(fx, tmp.resolve("client-again"));
        BridgeFixture again = child.client;
        JsonNode reloaded = BridgeFixture.json(again.get("/runs/" + id)).path("data");
        assertEquals(record, reloaded);
        JsonNode last = BridgeFixture.json(again.get("/runs/" + id + "/events?after_seq=" + (after - 1)))
                .path("data")
                .path("events");
        assertEquals("normalized_status", last.get(last.size() - 1).path("type").asText());
        fx.runner.close();
    }
}
