package org.praefectus.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test against a fresh bridge per test method (two run slots, the fake CLIs), over real HTTP. */
abstract class LiveBridgeTest {

    static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    BridgeFixture fx;

    @BeforeEach
    void startBridge() throws Exception {
        fx = new BridgeFixture(tmp, 2);
        fx.start();
    }

    @AfterEach
    void stopBridge() {
        fx.close();
    }

    /** The run's first page of events. */
    List<JsonNode> events(String runId) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        BridgeFixture.json(fx.get("/runs/" + runId + "/events"))
                .path("data")
                .path("events")
                .forEach(out::add);
        return out;
    }

    /** The data of the run's last event of this type, or null. */
    JsonNode lastEvent(String runId, String type) throws Exception {
        JsonNode found = null;
        for (JsonNode e : events(runId)) {
            if (e.path("type").asText().equals(type)) {
                found = e.path("data");
            }
        }
        return found;
    }
}
