package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/** Checks the OpenAPI envelopes' exact member sets (additionalProperties: false in the contract). */
final class ContractSchemasEnvelope {

    private ContractSchemasEnvelope() {}

    static void health(JsonNode body) {
        envelope(body);
        members(body.path("data"), "configured_executors", "status", "uptime_seconds", "version");
    }

    static void cancel(JsonNode body) {
        envelope(body);
        members(body.path("data"), "accepted", "run_id", "status");
    }

    static void events(JsonNode body) {
        envelope(body);
        members(body.path("data"), "events", "next_seq");
    }

    static void envelope(JsonNode body) {
        members(body, "data", "error", "ok");
        assertTrue(body.path("ok").asBoolean());
        assertTrue(body.path("error").isNull());
    }

    static void members(JsonNode node, String... names) {
        Set<String> actual = new TreeSet<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            actual.add(it.next());
        }
        assertEquals(new TreeSet<>(Set.of(names)), actual);
    }
}
