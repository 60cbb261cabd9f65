package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every mission Praetor started through its API failed: its store accepts only ids matching
 * {@code ^[a-z][a-z0-9_]*_[a-f0-9]{12}$} ({@code apps/api/praetor_api/_filesystem_store.py}) and the
 * bridge answered {@code run_} + 24 hex digits, so {@code POST /missions/…/run} ended in
 * {@code "Invalid run_id."} while the bridge's record said completed. Issue 38, defect 1.
 */
class PraetorRunIdsTest extends LiveBridgeTest {

    /** Praetor's own rule, as a fact: the project cannot read Praetor's code at test time. */
    private static final Pattern PRAETOR_SAFE_ID = Pattern.compile("^[a-z][a-z0-9_]*_[a-f0-9]{12}$");

    @Test
    void runIdsAreTwelveHexDigitsAsPraetorStoresThem() throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            String id = fx.submit(fx.runRequest(i % 2 == 0 ? "codex" : "claude_code", "Write it."));
            assertTrue(PRAETOR_SAFE_ID.matcher(id).matches(), id);
            assertTrue(ids.add(id), "ids are unique: " + id);
            JsonNode record = fx.awaitTerminal(id, WAIT);
            assertEquals(id, record.path("run_id").asText());
            assertTrue(Files.isDirectory(fx.logDir.resolve("runs").resolve(id)));
        }
    }
}
