package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.PreflightReport;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.workflow.draft.DesktopDrafts;
import org.praefectus.workflow.service.DesktopWorkflows;

/**
 * Issue 37: PeekabooX's remaining agent-runtime tools in MCP, over the runtime's real drafts and workflow services:
 * {@code plan} (workflow_generate), {@code execute_goal} (workflow_execute, confirmed like execute_workflow, replanned
 * only after a failure that proves no effect) and {@code preflight_audit} (the preflight gate's lines, read by the host
 * kit's one reader), each gated by the host kit's one table and audited without content.
 */
class Issue37AgentRuntimeToolsTest {

    private static final String GOAL = "open the goal-never-audited-7731 dialog";

    @TempDir
    Path state;

    private HostServices with(HostFixture fixture) {
        return fixture.withWorkflows(
                new DesktopWorkflows(null, state.resolve("runs")),
                new DesktopDrafts(null, null, state.resolve("drafts")));
    }

    @Test
    void planDecomposesTheGoalAsPeekabooXsPlannerDoesUnderWorkflowGenerate() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost plan = fixture.host(CapabilityProfile.PLAN, with(fixture));
            ToolResult planned = plan.call("plan", Map.of("goal", "  " + GOAL + " "), HostFixture.call());
            assertFalse(planned.error(), () -> planned.structured().toString());
            assertEquals(List.of(GOAL), planned.structured().get("steps"));
            assertEquals(
                    "invalid_goal", HostFixture.errorCode(plan.call("plan", Map.of("goal", " "), HostFixture.call())));
            assertEquals("invalid_arguments", HostFixture.errorCode(plan.call("plan", Map.of(), HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    HostFixture.errorCode(
                            plan.call("plan", Map.of("goal", GOAL, "format", "yaml"), HostFixture.call())));

            ToolHost observe = fixture.host(CapabilityProfile.OBSERVE, with(fixture));
            assertEquals(
                    "capability_denied",
                    HostFixture.errorCode(observe.call("plan", Map.of("goal", GOAL), HostFixture.call())));
            assertFalse(observe.allowsTool("plan"), "the catalog of observe lists no plan");

            List<?> checks = (List<?>) observe.call("capability_audit", Map.of(), HostFixture.call())
                    .structured()
                    .get("events");
            Map<?, ?> refused = (Map<?, ?>) checks.get(checks.size() - 1);
            assertEquals("plan", refused.get("tool"));
            assertEquals("refused", refused.get("decision"));
            assertEquals("workflow_generate", refused.get("capability"));
            assertFalse(checks.toString().contains("never-audited"), "no goal in the audit");
        }
    }

    @Test
    void executeGoalIsGatedByWorkflowExecuteAndConfirmedBeforeAnythingRuns() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost plan = fixture.host(CapabilityProfile.PLAN, with(fixture));
            ToolResult refused = plan.call("execute_goal", Map.of("goal", GOAL), HostFixture.call());
            assertEquals("capability_denied", HostFixture.errorCode(refused));

            ToolHost assist = fixture.host(CapabilityProfile.ASSIST, with(fixture));
            ToolResult declined = assist.call(
                    "execute_goal",
                    Map.of("goal", GOAL),
                    new ToolHost.CallContext("s", (message, cancel) -> Confirmer.Answer.DECLINED));
            assertEquals("confirmation_declined", HostFixture.errorCode(declined), "declined: nothing ran");
            // confirmed: the plan runs through the workflow service, which has no desktop here
            ToolResult accepted = assist.call(
                    "execute_goal",
                    Map.of("goal", GOAL, "max_replans", 2),
                    new ToolHost.CallContext("s", (message, cancel) -> Confirmer.Answer.ACCEPTED));
            assertEquals("desktop_unavailable", HostFixture.errorCode(accepted));
            for (Map<String, Object> bad : List.<Map<String, Object>>of(
                    Map.of(),
                    Map.of("goal", GOAL, "max_replans", 4),
                    Map.of("goal", GOAL, "max_replans", -1),
                    Map.of("goal", GOAL, "replan_on_failure", "yes"),
                    Map.of("goal", GOAL, "run_id", "a/b"),
                    Map.of("goal", GOAL, "steps", List.of()))) {
                assertEquals(
                        "invalid_arguments",
                        HostFixture.errorCode(assist.call("execute_goal", bad, HostFixture.call())),
                        bad::toString);
            }

            List<?> answers = (List<?>) assist.call("confirmation_audit", Map.of(), HostFixture.call())
                    .structured()
                    .get("events");
            assertEquals(2, answers.size(), answers::toString);
            assertEquals("execute_goal", ((Map<?, ?>) answers.get(0)).get("tool"));
            assertEquals("confirmation_declined", ((Map<?, ?>) answers.get(0)).get("reason"));
            assertEquals("confirmed", ((Map<?, ?>) answers.get(1)).get("decision"));
            assertFalse(answers.toString().contains("never-audited"), "no goal in the audit");
        }
    }

    @Test
    void preflightAuditReadsThePreflightGatesLinesByCategoryWithoutMessages() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            PreflightReport blocked = new PreflightReport(
                    Map.of(
                            "ok", false,
                            "categories",
                                    Map.of(
                                            "display", Map.of("status", "ok", "checks", 1),
                                            "input", Map.of("status", "fail", "checks", 2)),
                            "warning_categories", List.of(),
                            "checks", List.of(Map.of("message", "secret-check-message-1187"))),
                    List.of("input"));
            fixture.audit().record(PreflightTool.line(blocked, "click"));
            PreflightReport passed = new PreflightReport(Map.of("ok", true), List.of());
            fixture.audit().record(PreflightTool.line(passed, null));

            ToolHost observe = fixture.host(CapabilityProfile.OBSERVE, with(fixture));
            ToolResult audit = observe.call("preflight_audit", Map.of(), HostFixture.call());
            assertFalse(audit.error(), () -> audit.structured().toString());
            List<?> events = (List<?>) audit.structured().get("events");
            assertEquals(2, events.size(), events::toString);
            Map<?, ?> first = (Map<?, ?>) events.get(0);
            assertEquals("preflight", first.get("event"));
            assertEquals("blocked", first.get("decision"));
            assertEquals("click", first.get("operation"));
            assertEquals("fail", first.get("category_input"));
            assertEquals("ok", first.get("category_display"));
            assertEquals(1L, ((Number) first.get("blocked")).longValue());
            assertEquals("passed", ((Map<?, ?>) events.get(1)).get("decision"));
            assertFalse(events.toString().contains("secret-check-message"), "no check's message");

            ToolResult newest = observe.call("preflight_audit", Map.of("limit", 1), HostFixture.call());
            assertEquals(List.of(events.get(1)), newest.structured().get("events"));
            assertEquals(true, newest.structured().get("truncated"));
            assertEquals(
                    "invalid_arguments",
                    HostFixture.errorCode(observe.call("preflight_audit", Map.of("limit", 1001), HostFixture.call())));
            assertEquals(
                    0,
                    observe.call("capability_audit", Map.of(), HostFixture.call())
                            .structured()
                            .get("count"),
                    "a preflight line is not a capability check");
        }
    }
}
