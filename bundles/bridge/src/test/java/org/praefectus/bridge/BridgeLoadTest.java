package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 200 runs submitted at once with max_concurrent_runs 2: all accounted for, FIFO order kept, memory bounded. */
class BridgeLoadTest {

    @TempDir
    Path tmp;

    @Test
    void twoHundredRunsAtOnce() throws Exception {
        try (BridgeFixture fx = new BridgeFixture(tmp, 2)) {
            Files.writeString(fx.configFile, fx.config(2).replace("max_event_buffer: 500", "max_event_buffer: 12"));
            fx.start();
            // one client fires all 200 requests back to back: every run is queued long before most start
            List<String> ids = new ArrayList<>();
            int deepestQueue = 0;
            for (int i = 0; i < 200; i++) {
                ids.add(fx.submit(fx.runRequest("codex", "Write it.")));
                deepestQueue = Math.max(deepestQueue, fx.bridge.runs().queuedRuns());
            }
            assertEquals(200, ids.stream().distinct().count());
            // sampled while submitting: at the end a slow client may find the queue already drained
            assertTrue(deepestQueue > 0, "nothing was ever queued: the test proves no ordering");

            int completed = 0;
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                JsonNode record = fx.awaitTerminal(id, Duration.ofMinutes(10));
                if (record.path("normalized_status").asText().equals("completed")) {
                    completed++;
                }
                assertTrue(fx.bridge.runs().get(id).bufferedEvents() <= 12);
                // events the 12-event buffer has dropped are served from disk, from the first one
                JsonNode page = BridgeFixture.json(fx.get("/runs/" + id + "/events"))
                        .path("data")
                        .path("events");
                assertTrue(page.size() > 12, page::toString);
                assertEquals(1, page.get(0).path("seq").asLong());
                assertTrue(page.findValuesAsText("type").contains("run_dequeued"));
                // the full event log on disk keeps run_dequeued, which the 12-event buffer has dropped
                long queueOrder = -1;
                for (String line :
                        Files.readAllLines(fx.logDir.resolve("runs").resolve(id).resolve("events.jsonl"))) {
                    JsonNode e = BridgeFixture.JSON.readTree(line);
                    if (e.path("type").asText().equals("run_dequeued")) {
                        queueOrder = e.path("data").path("queue_order").asLong();
                    }
                }
                // FIFO, exactly: the i-th run submitted is the i-th to leave the queue
                assertEquals(
                        i + 1, queueOrder, "FIFO: the " + (i + 1) + "th run submitted left the queue as " + queueOrder);
            }
            assertEquals(200, completed);
            assertEquals(0, fx.bridge.runs().queuedRuns());
        }
    }
}
