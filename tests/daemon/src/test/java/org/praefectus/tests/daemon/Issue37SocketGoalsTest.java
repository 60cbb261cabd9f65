package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.tests.daemon.Issue37SocketWorkflowsTest.call;
import static org.praefectus.tests.daemon.Issue37SocketWorkflowsTest.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37 (Surfaces): PeekabooX's {@code plan} and {@code execute_goal} as the daemon's socket methods, adapters of
 * the runtime's one goal loop (MCP's too): the same argument rule, the same result fields, the same capability gate
 * ({@code workflow_generate}, {@code workflow_execute}); and every agent-runtime call writes one audit line of its own,
 * as one MCP tool call does (the audit file's lines are counted).
 */
class Issue37SocketGoalsTest {

    private static final String GOAL = "look at the goal-never-audited-5521 desktop";

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() {
        Daemon.requireDesktop();
    }

    private void environment(Map<String, String> environment) {
        environment.put("XDG_STATE_HOME", directory.resolve("xdg-state").toString());
    }

    private static List<String> audit(Daemon daemon) throws Exception {
        Path file = daemon.state.resolve("audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }

    /** The audit lines {@code method}'s call wrote: every line after {@code before}, each naming the method. */
    private static List<String> written(Daemon daemon, List<String> before, String method) throws Exception {
        List<String> after = audit(daemon);
        List<String> added = after.subList(before.size(), after.size());
        for (String line : added) {
            assertTrue(line.contains("\"method\":\"" + method + "\""), line);
        }
        return added;
    }

    @Test
    void planAndExecuteGoalRunTheGoalLoopWithTheRuleAndFieldsOfMcpAndOneAuditLineEach() throws Exception {
        try (Daemon daemon = Daemon.start(
                        directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "operator");
                Daemon.Client socket = daemon.connect()) {
            List<String> before = audit(daemon);
            JsonNode planned = call(socket, "plan", params().put("goal", "  " + GOAL + " "));
            assertTrue(planned.get("ok").asBoolean(), planned.toString());
            assertEquals(List.of(GOAL), Daemon.JSON.convertValue(planned.at("/data/steps"), List.class));
            List<String> planLines = written(daemon, before, "plan");
            assertEquals(1, planLines.size(), "one line for one call: " + planLines);
            assertTrue(planLines.get(0).contains("\"decision\":\"allowed\""), planLines.toString());
            assertTrue(planLines.get(0).contains("\"capability\":\"workflow_generate\""), planLines.toString());

            // no provider in this runtime: the goal's plan is PeekabooX's one observe step, run like execute_workflow
            before = audit(daemon);
            JsonNode reached =
                    call(socket, "execute_goal", params().put("goal", GOAL).put("run_id", "socket-goal-1"));
            assertTrue(reached.get("ok").asBoolean(), reached.toString());
            JsonNode result = reached.get("data");
            assertEquals(
                    List.of("goal", "ok", "run_id", "runs", "replanned", "replans"),
                    Daemon.JSON.convertValue(result, Map.class).keySet().stream()
                            .toList(),
                    result.toString());
            assertEquals(GOAL, result.get("goal").asText());
            assertTrue(result.get("ok").asBoolean());
            assertEquals("socket-goal-1", result.get("run_id").asText());
            assertEquals("observe", result.at("/runs/0/steps/0/action").asText(), result.toString());
            assertFalse(result.get("replanned").asBoolean());
            List<String> goalLines = written(daemon, before, "execute_goal");
            assertEquals(1, goalLines.size(), "one line for one call: " + goalLines);
            assertTrue(goalLines.get(0).contains("\"capability\":\"workflow_execute\""), goalLines.toString());

            before = audit(daemon);
            JsonNode loaded = call(socket, "load_workflow_file", params().put("path", "/nonexistent/w.yaml"));
            assertEquals("file_not_found", loaded.at("/error/code").asText(), loaded.toString());
            List<String> loadLines = written(daemon, before, "load_workflow_file");
            assertEquals(1, loadLines.size(), "an ungated call's one line is its outcome: " + loadLines);
            assertTrue(loadLines.get(0).contains("\"reason\":\"file_not_found\""), loadLines.toString());

            // the same argument rule as MCP's (GoalRequest): refused by name before anything runs
            for (ObjectNode bad : List.of(
                    params(),
                    params().put("goal", GOAL).put("max_replans", 4),
                    params().put("goal", GOAL).put("max_replans", -1),
                    params().put("goal", GOAL).put("replan_on_failure", "yes"),
                    params().put("goal", GOAL).put("run_id", "a/b"))) {
                JsonNode refused = call(socket, "execute_goal", bad);
                assertEquals("invalid_request", refused.at("/error/code").asText(), refused.toString());
            }
            JsonNode unknown =
                    call(socket, "execute_goal", params().put("goal", GOAL).put("steps", 3));
            assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            JsonNode blank = call(socket, "plan", params().put("goal", " "));
            assertEquals("invalid_goal", blank.at("/error/code").asText(), blank.toString());
            assertFalse(String.join("\n", audit(daemon)).contains("never-audited"), "no goal in the audit");
        }
    }

    @Test
    void underProfileObserveNeitherPlansNorRunsAndEachRefusalIsOneAuditLine() throws Exception {
        try (Daemon daemon = Daemon.start(
                        directory.resolve("daemon"), this::environment, "--no-grpc", "--profile", "observe");
                Daemon.Client socket = daemon.connect()) {
            List<String> before = audit(daemon);
            JsonNode run = call(socket, "execute_goal", params().put("goal", GOAL));
            assertEquals("profile_denied", run.at("/error/code").asText(), run.toString());
            assertEquals("workflow_execute", run.at("/error/details/capability").asText(), run.toString());
            List<String> runLines = written(daemon, before, "execute_goal");
            assertEquals(1, runLines.size(), runLines.toString());
            assertTrue(runLines.get(0).contains("\"decision\":\"refused\""), runLines.toString());

            before = audit(daemon);
            JsonNode plan = call(socket, "plan", params().put("goal", GOAL));
            assertEquals(
                    "workflow_generate", plan.at("/error/details/capability").asText(), plan.toString());
            assertEquals(1, written(daemon, before, "plan").size());
        }
    }
}
