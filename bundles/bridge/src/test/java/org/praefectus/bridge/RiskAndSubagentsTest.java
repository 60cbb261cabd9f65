package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code paused_risk} and {@code native_subagents}, end to end over HTTP with the fake CLIs: a refusal of
 * something the task's approval policy withholds is a risk checkpoint, the same refusal of something it
 * allows is an approval the headless CLI could not ask for; Codex gets {@code features.multi_agent} from
 * {@code native_subagents}, and subagents run against a {@code disallowed} task are a risk checkpoint.
 */
class RiskAndSubagentsTest extends LiveBridgeTest {

    private JsonNode run(ObjectNode request) throws Exception {
        return fx.awaitTerminal(fx.submit(request), WAIT);
    }

    private static ObjectNode spec(ObjectNode request) {
        return (ObjectNode) request.get("task_spec");
    }

    @Test
    void aDeclinedShellCommandIsARiskOnlyWhenThePolicyWithholdsTheShell() throws Exception {
        JsonNode withheld = run(fx.runRequest("codex", "SCENARIO:declined"));
        assertEquals("paused_risk", withheld.path("normalized_status").asText(), withheld::toString);
        assertTrue(withheld.path("requires_owner_action").asBoolean());
        assertTrue(withheld.path("pause_reason").asText().contains("shell"), withheld::toString);

        ObjectNode allowed = fx.runRequest("codex", "SCENARIO:declined");
        ((ObjectNode) spec(allowed).get("approval_policy")).put("allow_shell", true);
        JsonNode record = run(allowed);
        assertEquals(
                "interactive_approval_required",
                record.path("normalized_status").asText(),
                record::toString);
    }

    @Test
    void aDeniedFileWriteIsAnApprovalTheHeadlessCliCouldNotAsk() throws Exception {
        // file edits are accepted under every policy (issue 18, defect 3): a denied write was outside what
        // the CLI allows, whatever the task names, so it is an approval problem, not a withheld action
        for (boolean named : new boolean[] {false, true}) {
            ObjectNode request = fx.runRequest("claude_code", "SCENARIO:denied_write");
            if (!named) {
                spec(request).putArray("expected_outputs");
            }
            JsonNode record = run(request);
            assertEquals(
                    "interactive_approval_required",
                    record.path("normalized_status").asText(),
                    record::toString);
        }
    }

    @Test
    void codexSubagentsFollowNativeSubagents() throws Exception {
        ObjectNode allowed = fx.runRequest("codex", "SCENARIO:subagents");
        spec(allowed).put("native_subagents", "allowed");
        JsonNode withAgents = run(allowed);
        assertEquals("completed", withAgents.path("normalized_status").asText(), withAgents::toString);
        assertTrue(types(withAgents).contains("subagent_call"), "features.multi_agent=true reached the CLI");

        ObjectNode disallowed = fx.runRequest("codex", "SCENARIO:subagents");
        spec(disallowed).put("native_subagents", "disallowed");
        JsonNode alone = run(disallowed);
        assertEquals("completed", alone.path("normalized_status").asText(), alone::toString);
        assertFalse(types(alone).contains("subagent_call"), "features.multi_agent=false reached the CLI");
    }

    @Test
    void subagentsRunAgainstADisallowingTaskAreARisk() throws Exception {
        ObjectNode disallowed = fx.runRequest("codex", "SCENARIO:subagents_anyway");
        spec(disallowed).put("native_subagents", "disallowed");
        JsonNode record = run(disallowed);
        assertEquals("paused_risk", record.path("normalized_status").asText(), record::toString);
        assertTrue(record.path("pause_reason").asText().contains("subagents"), record::toString);
    }

    private List<String> types(JsonNode record) throws Exception {
        return events(record.path("run_id").asText()).stream()
                .map(e -> e.path("type").asText())
                .toList();
    }
}
