package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowProvider;
import org.praefectus.workflow.draft.DesktopDrafts;
import org.praefectus.workflow.graph.GraphMemory;
import org.praefectus.workflow.service.DesktopWorkflows;

/**
 * PeekabooX's drafting tools over the runtime's real drafts and workflow services and a real graph file, gated by
 * workflow_generate; a scripted provider stands for the agent host's model; the audit read back by
 * capability_audit and confirmation_audit.
 */
class DraftToolsTest {

    private static final String TYPED = "drafts-never-audit-5521";

    @TempDir
    Path state;

    private static DesktopState desktop() {
        DesktopWindow window = new DesktopWindow(
                "77", "Notes", "mousepad", new Rect(0, 0, 500, 400), true, "normal", 7, true, "s", "x11+at-spi");
        Rect bounds = new Rect(10, 10, 50, 20);
        UiElement save = new UiElement(
                ":1.0:/s",
                "push button",
                "Save",
                bounds,
                UiElement.centerOf(bounds),
                1.0,
                List.of("showing"),
                "77",
                "Notes",
                "mousepad",
                null,
                List.of(),
                null,
                null);
        return new DesktopState(window, List.of(window), List.of(save), "x11+at-spi", List.of());
    }

    /** A model that answers a step no workflow file may have. */
    private static final WorkflowProvider TELEPORTING = new WorkflowProvider() {
        private Workflow wrong() {
            try {
                return new ObjectMapper()
                        .readValue(
                                "{\"steps\":[{\"action\":\"observe\"},{\"action\":\"teleport\",\"value\":\"x\"}]}",
                                Workflow.class);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public Workflow generate(String goal, List<GraphNode> desktop) {
            return wrong();
        }

        @Override
        public Workflow refine(Workflow workflow, String feedback, List<GraphNode> desktop) {
            return wrong();
        }

        @Override
        public Workflow replan(String goal, Workflow workflow, FailureReport failure, List<GraphNode> desktop) {
            return wrong();
        }
    };

    private HostServices with(HostFixture fixture, WorkflowDrafts drafts) {
        return fixture.withWorkflows(new DesktopWorkflows(null, state.resolve("runs")), drafts);
    }

    @Test
    void aGeneratedDraftHasTheGraphsSelectorsIsSavedInTheFolderAndLoadsBackUnchanged() throws Exception {
        try (HostFixture fixture = new HostFixture(state);
                GraphMemory graph =
                        GraphMemory.open(state.resolve("graph.db"), () -> null, System::currentTimeMillis)) {
            graph.ingest(desktop(), null);
            DesktopDrafts drafts = new DesktopDrafts(null, graph, state.resolve("drafts"));
            ToolHost host = fixture.host(CapabilityProfile.PLAN, with(fixture, drafts));

            ToolResult generated = host.call(
                    "generate_workflow",
                    Map.of("goal", "Click the Save button and type '" + TYPED + "'", "format", "yaml"),
                    HostFixture.call());
            assertFalse(generated.error(), () -> generated.structured().toString());
            assertEquals("built_in", generated.structured().get("source"));
            assertEquals(
                    List.of("observe", "find_element", "click", "type_text"),
                    generated.structured().get("actions"));
            Map<?, ?> workflow = (Map<?, ?>) generated.structured().get("workflow");
            Map<?, ?> find = (Map<?, ?>) ((List<?>) workflow.get("steps")).get(1);
            assertEquals("role-exact=push button,label-exact=Save", find.get("selector"));
            assertEquals("Notes", find.get("window_title"));
            assertTrue(((String) generated.structured().get("text")).contains("find_element"));

            ToolResult saved = host.call(
                    "save_generated_workflow", Map.of("workflow", workflow, "path", "save.json"), HostFixture.call());
            assertFalse(saved.error(), () -> saved.structured().toString());
            Path file = drafts.folder().resolve("save.json");
            assertEquals(file.toString(), saved.structured().get("path"));
            ToolResult loaded = host.call("load_workflow_file", Map.of("path", file.toString()), HostFixture.call());
            assertFalse(loaded.error(), () -> loaded.structured().toString());
            assertEquals(workflow, loaded.structured(), "the saved draft loads unchanged");

            assertEquals(
                    "file_exists",
                    HostFixture.errorCode(host.call(
                            "save_generated_workflow",
                            Map.of("workflow", workflow, "path", "save.json"),
                            HostFixture.call())));
            for (String outside :
                    List.of("../save.json", state.resolve("save.json").toString())) {
                assertEquals(
                        "invalid_path",
                        HostFixture.errorCode(host.call(
                                "save_generated_workflow",
                                Map.of("goal", "Click Save", "path", outside),
                                HostFixture.call())),
                        outside);
            }
            assertFalse(Files.exists(state.resolve("save.json")), "nothing written outside the folder");
            ToolResult generatedAndSaved = host.call(
                    "save_generated_workflow", Map.of("goal", "Click Save", "path", "click.yaml"), HostFixture.call());
            assertEquals("built_in", generatedAndSaved.structured().get("source"));
            assertTrue(Files.exists(drafts.folder().resolve("click.yaml")));

            ToolResult plan = host.call("plan_workflow", Map.of("goal", "open the menu"), HostFixture.call());
            assertEquals(List.of("observe"), plan.structured().get("actions"));
            assertEquals(
                    "provider_unavailable",
                    HostFixture.errorCode(
                            host.call("refine_workflow", Map.of("goal", "make it safer"), HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    HostFixture.errorCode(
                            host.call("generate_workflow", Map.of("goal", "x", "format", "xml"), HostFixture.call())));
        }
    }

    /** A model that refines a workflow by observing again after its last step. */
    private static final WorkflowProvider OBSERVING_AFTER = new WorkflowProvider() {
        @Override
        public Workflow generate(String goal, List<GraphNode> desktop) {
            throw new AssertionError("not asked");
        }

        @Override
        public Workflow refine(Workflow workflow, String feedback, List<GraphNode> desktop) {
            java.util.List<org.praefectus.api.workflow.WorkflowStep> steps =
                    new java.util.ArrayList<>(workflow.steps());
            steps.add(new ObjectMapper()
                    .convertValue(
                            Map.of("action", "get_desktop_state"), org.praefectus.api.workflow.WorkflowStep.class));
            return new Workflow(workflow.schemaVersion(), "refined", steps);
        }

        @Override
        public Workflow replan(String goal, Workflow workflow, FailureReport failure, List<GraphNode> desktop) {
            throw new AssertionError("not asked");
        }
    };

    /** PeekabooX's {@code save_refined_workflow}: the provider's refinement, validated, saved in the folder. */
    @Test
    void saveRefinedWorkflowSavesTheProvidersValidatedRefinementInTheFolder() throws Exception {
        Map<String, Object> mine =
                Map.of("name", "mine", "steps", List.of(Map.of("action", "find_element", "selector", "label=A")));
        try (HostFixture fixture = new HostFixture(state)) {
            DesktopDrafts drafts = new DesktopDrafts(OBSERVING_AFTER, null, state.resolve("drafts"));
            ToolHost host = fixture.host(CapabilityProfile.PLAN, with(fixture, drafts));
            ToolResult saved = host.call(
                    "save_refined_workflow",
                    Map.of("goal", "look again", "workflow", mine, "path", "refined.yaml"),
                    HostFixture.call());
            assertFalse(saved.error(), () -> saved.structured().toString());
            assertEquals("provider", saved.structured().get("source"));
            assertEquals(
                    List.of("find_element", "get_desktop_state"),
                    saved.structured().get("actions"));
            Path file = drafts.folder().resolve("refined.yaml");
            assertEquals(file.toString(), saved.structured().get("path"));
            ToolResult loaded = host.call("load_workflow_file", Map.of("path", file.toString()), HostFixture.call());
            assertEquals("refined", loaded.structured().get("name"));
            assertEquals(
                    "invalid_path",
                    HostFixture.errorCode(host.call(
                            "save_refined_workflow",
                            Map.of("goal", "look again", "workflow", mine, "path", "../refined.yaml"),
                            HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    HostFixture.errorCode(
                            host.call("save_refined_workflow", Map.of("goal", "look again"), HostFixture.call())),
                    "path is required");
            ToolResult observing = fixture.host(CapabilityProfile.OBSERVE, with(fixture, drafts))
                    .call(
                            "save_refined_workflow",
                            Map.of("goal", "look again", "workflow", mine, "path", "observed.yaml"),
                            HostFixture.call());
            assertEquals("capability_denied", HostFixture.errorCode(observing));
            assertFalse(Files.exists(drafts.folder().resolve("observed.yaml")));
        }
        try (HostFixture fixture = new HostFixture(state.resolve("teleporting"))) {
            DesktopDrafts drafts = new DesktopDrafts(TELEPORTING, null, state.resolve("teleporting-drafts"));
            ToolResult refused = fixture.host(CapabilityProfile.PLAN, with(fixture, drafts))
                    .call(
                            "save_refined_workflow",
                            Map.of("goal", "look again", "workflow", mine, "path", "wrong.yaml"),
                            HostFixture.call());
            assertEquals("invalid_draft", HostFixture.errorCode(refused));
            assertFalse(Files.exists(drafts.folder().resolve("wrong.yaml")), "a refused draft is never saved");
        }
        try (HostFixture fixture = new HostFixture(state.resolve("none"))) {
            DesktopDrafts drafts = new DesktopDrafts(null, null, state.resolve("none-drafts"));
            assertEquals(
                    "provider_unavailable",
                    HostFixture.errorCode(fixture.host(CapabilityProfile.PLAN, with(fixture, drafts))
                            .call(
                                    "save_refined_workflow",
                                    Map.of("goal", "look again", "workflow", mine, "path", "none.yaml"),
                                    HostFixture.call())));
        }
    }

    @Test
    void aProvidersInvalidStepIsRefusedNamingTheStepAndField() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            DesktopDrafts drafts = new DesktopDrafts(TELEPORTING, null, state.resolve("drafts"));
            ToolHost host = fixture.host(CapabilityProfile.ASSIST, with(fixture, drafts));
            Map<String, Object> mine =
                    Map.of("name", "mine", "steps", List.of(Map.of("action", "find_element", "selector", "label=A")));

            ToolResult refined =
                    host.call("refine_workflow", Map.of("goal", "better", "workflow", mine), HostFixture.call());
            assertEquals("invalid_draft", HostFixture.errorCode(refined));
            assertEquals(1, refined.structured().get("step"));
            assertEquals("action", refined.structured().get("field"));
            assertFalse(refined.structured().containsKey("workflow"), "the refused draft is never shown");

            ToolResult replanned = host.call(
                    "replan_workflow",
                    Map.of(
                            "goal",
                            "better",
                            "workflow",
                            mine,
                            "failure",
                            Map.of("failed_step", 0, "action", "find_element", "reason", "target_not_found")),
                    HostFixture.call());
            assertEquals("invalid_draft", HostFixture.errorCode(replanned));
            assertEquals(
                    "invalid_arguments",
                    HostFixture.errorCode(host.call(
                            "replan_workflow",
                            Map.of("goal", "better", "workflow", mine, "failure", Map.of("reason", "x")),
                            HostFixture.call())));
            ToolResult badInput = host.call(
                    "refine_workflow",
                    Map.of("goal", "better", "workflow", Map.of("steps", List.of(Map.of("action", "fly")))),
                    HostFixture.call());
            assertEquals(
                    "invalid_workflow",
                    HostFixture.errorCode(badInput),
                    "the caller's own workflow is checked as a file");
        }
    }

    @Test
    void capabilityAuditReadsBackTheLinesOfARefusedAndAnAllowedCall() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            DesktopDrafts drafts = new DesktopDrafts(null, null, state.resolve("drafts"));
            ToolHost observe = fixture.host(CapabilityProfile.OBSERVE, with(fixture, drafts));
            ToolHost plan = fixture.host(CapabilityProfile.PLAN, with(fixture, drafts));
            String goal = "type '" + TYPED + "' into Save";

            assertEquals(
                    "capability_denied",
                    HostFixture.errorCode(observe.call("generate_workflow", Map.of("goal", goal), HostFixture.call())));
            assertFalse(plan.call("generate_workflow", Map.of("goal", goal), HostFixture.call())
                    .error());

            ToolResult audit = observe.call("capability_audit", Map.of(), HostFixture.call());
            assertFalse(audit.error(), () -> audit.structured().toString());
            List<?> events = (List<?>) audit.structured().get("events");
            assertEquals(2, events.size(), events::toString);
            Map<?, ?> refused = (Map<?, ?>) events.get(0);
            Map<?, ?> allowed = (Map<?, ?>) events.get(1);
            assertEquals("generate_workflow", refused.get("tool"));
            assertEquals("refused", refused.get("decision"));
            assertEquals("observe", refused.get("profile"));
            assertEquals("workflow_generate", refused.get("capability"));
            assertEquals("generate_workflow", allowed.get("tool"));
            assertEquals("allowed", allowed.get("decision"));
            assertEquals("plan", allowed.get("profile"));
            assertEquals(false, audit.structured().get("truncated"));

            ToolResult newest = observe.call("capability_audit", Map.of("limit", 1), HostFixture.call());
            assertEquals(List.of(allowed), newest.structured().get("events"));
            assertEquals(true, newest.structured().get("truncated"));
            long after = ((Number) allowed.get("at_ms")).longValue() + 1;
            assertEquals(
                    0,
                    observe.call("capability_audit", Map.of("since", after), HostFixture.call())
                            .structured()
                            .get("count"));
            for (Map<String, Object> bad : List.<Map<String, Object>>of(
                    Map.of("limit", 0),
                    Map.of("limit", 1001),
                    Map.of("since", -1),
                    Map.of("since", "today"),
                    Map.of("tool", "x"))) {
                assertEquals(
                        "invalid_arguments",
                        HostFixture.errorCode(observe.call("capability_audit", bad, HostFixture.call())),
                        bad::toString);
            }
            assertEquals(
                    0,
                    observe.call("confirmation_audit", Map.of(), HostFixture.call())
                            .structured()
                            .get("count"),
                    "no one was asked anything");
        }
        String file = Files.readString(state.resolve("audit.jsonl"));
        assertFalse(file.contains(TYPED), "the goal's text is never audited");
        assertFalse(file.contains("Save"), "nor what it names");
    }

    @Test
    void confirmationAuditReadsBackTheAnswersOfThePerson() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost assist = fixture.host(CapabilityProfile.ASSIST, with(fixture, null));
            Map<String, Object> run =
                    Map.of("steps", List.of(Map.of("action", "type_text", "value", TYPED, "selector", "label=Name")));
            for (Confirmer.Answer answer : List.of(Confirmer.Answer.DECLINED, Confirmer.Answer.ACCEPTED)) {
                assist.call("execute_workflow", run, new ToolHost.CallContext("s", (message, cancel) -> answer));
            }
            ToolResult audit = assist.call("confirmation_audit", Map.of(), HostFixture.call());
            List<?> events = (List<?>) audit.structured().get("events");
            assertEquals(2, events.size(), events::toString);
            assertEquals("confirmation_declined", ((Map<?, ?>) events.get(0)).get("reason"));
            assertEquals("confirmed", ((Map<?, ?>) events.get(1)).get("decision"));
            assertEquals("execute_workflow", ((Map<?, ?>) events.get(1)).get("tool"));
            assertFalse(audit.structured().toString().contains(TYPED));
        }
    }
}
