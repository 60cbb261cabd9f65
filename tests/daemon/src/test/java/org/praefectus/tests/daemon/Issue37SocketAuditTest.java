package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.tests.daemon.Issue37SocketWorkflowsTest.call;
import static org.praefectus.tests.daemon.Issue37SocketWorkflowsTest.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37 (Surfaces): PeekabooX's audit read-back tools as the daemon's socket methods ({@code capability_audit},
 * {@code confirmation_audit}, {@code preflight_audit}), reading the daemon's audit file with MCP's reader (the host
 * kit's {@code AuditTrail}: same fields, same limits); and the drafting methods under the one rule MCP follows too
 * (PeekabooX's: every drafting method needs its goal).
 */
class Issue37SocketAuditTest {

    private static final String GOAL = "a goal the audit never holds 9913";

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() {
        Daemon.requireDesktop();
    }

    private void environment(Map<String, String> environment) {
        environment.put("XDG_STATE_HOME", directory.resolve("xdg-state").toString());
    }

    @Test
    void theAuditMethodsReadTheDaemonsChecksAndPreflightsBoundedAsMcpReadsThem() throws Exception {
        try (Daemon daemon = Daemon.start(
                        directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "observe");
                Daemon.Client socket = daemon.connect()) {
            ObjectNode run = params();
            run.set("steps", Daemon.JSON.valueToTree(List.of(Map.of("action", "observe"))));
            JsonNode refused = call(socket, "execute_workflow", run);
            assertEquals("profile_denied", refused.at("/error/code").asText(), refused.toString());
            JsonNode drafted = call(socket, "generate_workflow", params().put("goal", GOAL));
            assertEquals("profile_denied", drafted.at("/error/code").asText(), drafted.toString());

            JsonNode checks = call(socket, "capability_audit", params());
            assertTrue(checks.get("ok").asBoolean(), checks.toString());
            JsonNode events = checks.at("/data/events");
            assertEquals(2, checks.at("/data/count").asInt(), checks.toString());
            assertEquals(false, checks.at("/data/truncated").asBoolean(), checks.toString());
            assertEquals("execute_workflow", events.at("/0/method").asText(), checks.toString());
            assertEquals("refused", events.at("/0/decision").asText(), checks.toString());
            assertEquals("workflow_execute", events.at("/0/capability").asText(), checks.toString());
            assertEquals("observe", events.at("/0/profile").asText(), checks.toString());
            assertEquals("daemon", events.at("/0/surface").asText(), checks.toString());
            assertEquals("workflow_generate", events.at("/1/capability").asText(), checks.toString());
            assertFalse(checks.toString().contains("never holds"), "no goal in the audit");

            JsonNode newest = call(socket, "capability_audit", params().put("limit", 1));
            assertEquals(1, newest.at("/data/count").asInt(), newest.toString());
            assertTrue(newest.at("/data/truncated").asBoolean(), newest.toString());
            assertEquals("generate_workflow", newest.at("/data/events/0/method").asText(), newest.toString());
            long after = events.at("/1/at_ms").asLong() + 1;
            assertEquals(
                    0,
                    call(socket, "capability_audit", params().put("since", after))
                            .at("/data/count")
                            .asInt());
            for (ObjectNode bad : List.of(
                    params().put("limit", 0),
                    params().put("limit", 1001),
                    params().put("since", -1),
                    params().put("since", "today"))) {
                JsonNode answer = call(socket, "capability_audit", bad);
                assertEquals("invalid_request", answer.at("/error/code").asText(), answer.toString());
            }
            JsonNode unknown = call(socket, "capability_audit", params().put("tool", "x"));
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            JsonNode asked = call(socket, "confirmation_audit", params());
            assertTrue(asked.get("ok").asBoolean(), asked.toString());
            assertEquals(0, asked.at("/data/count").asInt(), "no one was asked anything: " + asked);

            ObjectNode preflight = params();
            preflight.set("argv", Daemon.JSON.valueToTree(List.of("preflight", "display")));
            JsonNode gate = call(socket, "cli", preflight);
            JsonNode preflights = call(socket, "preflight_audit", params());
            assertTrue(preflights.get("ok").asBoolean(), preflights.toString());
            assertEquals(1, preflights.at("/data/count").asInt(), preflights + " after " + gate);
            JsonNode line = preflights.at("/data/events/0");
            assertEquals("preflight", line.get("event").asText(), line.toString());
            assertEquals("preflight", line.get("command").asText(), line.toString());
            assertEquals(
                    gate.get("ok").asBoolean() ? "passed" : "blocked",
                    line.get("decision").asText(),
                    line.toString());
        }
    }

    @Test
    void everyDraftingMethodNeedsItsGoalAsOverMcp() throws Exception {
        try (Daemon daemon =
                        Daemon.start(directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "plan");
                Daemon.Client socket = daemon.connect()) {
            JsonNode planned = call(socket, "plan_workflow", params().put("goal", GOAL));
            assertTrue(planned.get("ok").asBoolean(), planned.toString());
            ObjectNode refine = params();
            refine.set("workflow", planned.at("/data/workflow"));
            JsonNode noGoal = call(socket, "refine_workflow", refine);
            assertEquals("invalid_request", noGoal.at("/error/code").asText(), noGoal.toString());
            assertTrue(noGoal.at("/error/message").asText().contains("goal"), noGoal.toString());
            refine.put("goal", "also type");
            JsonNode withGoal = call(socket, "refine_workflow", refine);
            assertEquals("provider_unavailable", withGoal.at("/error/code").asText(), withGoal.toString());
            JsonNode planWithWorkflow =
                    call(socket, "plan_workflow", refine.deepCopy().put("goal", GOAL));
            assertEquals("unsupported_field", planWithWorkflow.at("/error/code").asText(), planWithWorkflow.toString());
            ObjectNode saveGiven = params().put("path", "given.yaml");
            saveGiven.set("workflow", planned.at("/data/workflow"));
            JsonNode saved = call(socket, "save_generated_workflow", saveGiven);
            assertTrue(saved.get("ok").asBoolean(), "a given workflow is saved without a goal: " + saved);
            JsonNode nothing = call(socket, "save_generated_workflow", params().put("path", "nothing.yaml"));
            assertEquals("invalid_request", nothing.at("/error/code").asText(), nothing.toString());
        }
    }
}
