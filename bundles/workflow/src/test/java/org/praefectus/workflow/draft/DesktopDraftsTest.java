package org.praefectus.workflow.draft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDraft;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowProvider;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;

/** The drafts service with a scripted provider: every answer validated as a file is, never trusted. */
class DesktopDraftsTest {

    private static final CancellationToken NONE = new CancellationToken();

    @TempDir
    Path state;

    /** A provider that answers what the test scripts, and remembers what it was asked. */
    private static final class ScriptedProvider implements WorkflowProvider {
        private final Supplier<Workflow> answer;
        final List<String> asked = new ArrayList<>();

        ScriptedProvider(Supplier<Workflow> answer) {
            this.answer = answer;
        }

        @Override
        public Workflow generate(String goal, List<GraphNode> desktop) {
            asked.add("generate:" + goal);
            return answer.get();
        }

        @Override
        public Workflow refine(Workflow workflow, String feedback, List<GraphNode> desktop) {
            asked.add("refine:" + feedback + ":" + workflow.steps().size());
            return answer.get();
        }

        @Override
        public Workflow replan(String goal, Workflow workflow, FailureReport failure, List<GraphNode> desktop) {
            asked.add("replan:" + goal + ":" + failure.failedStep() + ":" + failure.reason());
            return answer.get();
        }
    }

    /** A workflow built without validation, as a provider's own code could build one. */
    private static Workflow unchecked(String json) {
        try {
            return new ObjectMapper().readValue(json, Workflow.class);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static final String VALID = "{\"name\":\"submit\",\"steps\":[{\"action\":\"observe\"},"
            + "{\"action\":\"find_element\",\"selector\":\"role=push button,label=Submit\"},"
            + "{\"action\":\"click\",\"selector\":\"role=push button,label=Submit\"}]}";

    private DesktopDrafts drafts(WorkflowProvider provider) {
        return new DesktopDrafts(provider, null, state.resolve("drafts"));
    }

    @Test
    void withoutAProviderGenerateIsBuiltInAndRefineAndReplanAnswerProviderUnavailable() throws Exception {
        DesktopDrafts drafts = drafts(null);
        WorkflowDraft generated = drafts.generate("Click Save", false, NONE);
        assertEquals(WorkflowDraft.BUILT_IN, generated.source());
        Workflow workflow = generated.workflow();
        assertEquals(
                "provider_unavailable",
                assertThrows(WorkflowException.class, () -> drafts.refine(workflow, "better", false, NONE))
                        .code());
        FailureReport failure = new FailureReport(1, "find_element", "target_not_found", 3, "fix_selector");
        assertEquals(
                "provider_unavailable",
                assertThrows(WorkflowException.class, () -> drafts.replan("save", workflow, failure, false, NONE))
                        .code());
        assertEquals(
                "invalid_goal",
                assertThrows(WorkflowException.class, () -> drafts.generate("  ", false, NONE))
                        .code());
        assertEquals(
                "desktop_unavailable",
                assertThrows(WorkflowException.class, () -> drafts.generate("Click Save", true, NONE))
                        .code(),
                "a refresh asked for without a graph");
    }

    @Test
    void aProvidersValidAnswerIsTheDraftAsAFileWouldLoadIt() throws Exception {
        ScriptedProvider provider = new ScriptedProvider(() -> unchecked(VALID));
        DesktopDrafts drafts = drafts(provider);
        Workflow mine = WorkflowFiles.parse("{\"steps\":[{\"action\":\"observe\"}]}", "json");

        WorkflowDraft refined = drafts.refine(mine, "submit the form", false, NONE);
        assertEquals(WorkflowDraft.PROVIDER, refined.source());
        assertEquals(WorkflowFiles.parse(VALID, "json"), refined.workflow());
        WorkflowDraft generated = drafts.generate("submit the form", false, NONE);
        assertEquals(WorkflowDraft.PROVIDER, generated.source(), "a provider drafts generate too");
        drafts.replan(
                "submit the form",
                mine,
                new FailureReport(0, "observe", "state_unavailable", 1, "inspect_desktop"),
                false,
                NONE);
        assertEquals(
                List.of(
                        "refine:submit the form:1",
                        "generate:submit the form",
                        "replan:submit the form:0:state_unavailable"),
                provider.asked);
    }

    @Test
    void aProvidersMalformedAnswerIsRefusedNamingTheStepAndTheField() throws Exception {
        Workflow mine = WorkflowFiles.parse(VALID, "json");
        record Case(String answer, int step, String field) {}
        List<Case> cases = List.of(
                new Case("{\"steps\":[{\"action\":\"observe\"},{\"action\":\"teleport\"}]}", 1, "action"),
                new Case("{\"steps\":[{\"action\":\"observe\"},{\"action\":\"type_text\"}]}", 1, "value"),
                new Case("{\"steps\":[{\"action\":\"find_element\",\"selector\":\"\"}]}", 0, "selector"),
                new Case("{\"steps\":[{\"action\":\"click\",\"x\":10}]}", 0, "y"),
                new Case("{\"steps\":[{\"action\":\"click\",\"selector\":\"a\",\"retries\":-1}]}", 0, "retries"),
                new Case("{\"steps\":[]}", -1, "steps"));
        for (Case wrong : cases) {
            DesktopDrafts drafts = drafts(new ScriptedProvider(() -> unchecked(wrong.answer())));
            WorkflowValidationException refused = assertThrows(
                    WorkflowValidationException.class, () -> drafts.refine(mine, "better", false, NONE), wrong::answer);
            assertEquals("invalid_draft", refused.code(), wrong::answer);
            assertEquals(wrong.step(), refused.step(), wrong::answer);
            assertEquals(wrong.field(), refused.field(), wrong::answer);
            assertTrue(
                    refused.getMessage()
                            .startsWith(
                                    wrong.step() < 0
                                            ? wrong.field() + ": "
                                            : "steps[" + wrong.step() + "]." + wrong.field() + ": "),
                    refused::getMessage);
        }
    }

    @Test
    void aProviderThatFailsOrAnswersNothingIsProviderFailedWithoutItsText() throws Exception {
        Workflow mine = WorkflowFiles.parse(VALID, "json");
        DesktopDrafts throwing = drafts(new ScriptedProvider(() -> {
            throw new IllegalStateException("secret-model-output-4471");
        }));
        WorkflowException failed = assertThrows(WorkflowException.class, () -> throwing.refine(mine, "x", false, NONE));
        assertEquals("provider_failed", failed.code());
        assertFalse(failed.getMessage().contains("secret-model-output-4471"));
        DesktopDrafts silent = drafts(new ScriptedProvider(() -> null));
        assertEquals(
                "provider_failed",
                assertThrows(WorkflowException.class, () -> silent.generate("x", false, NONE))
                        .code());
    }

    @Test
    void aDraftIsSavedOnlyAsANewFileDirectlyInTheWorkflowFolder() throws Exception {
        DesktopDrafts drafts = drafts(null);
        Workflow draft = drafts.generate("Press the Submit button and type 'Ada'", false, NONE)
                .workflow();
        Path saved = drafts.save(draft, "submit.yaml", null, false);

        assertEquals(drafts.folder().resolve("submit.yaml"), saved);
        assertEquals(draft, WorkflowFiles.load(saved), "loads back unchanged");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(saved)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(drafts.folder())));
        assertEquals(
                "file_exists",
                assertThrows(WorkflowException.class, () -> drafts.save(draft, "submit.yaml", null, false))
                        .code());
        Workflow other = WorkflowFiles.parse("{\"steps\":[{\"action\":\"observe\"}]}", "json");
        drafts.save(other, saved.toString(), null, true);
        assertEquals(other, WorkflowFiles.load(saved), "replaced when asked");

        for (String outside : List.of(
                "../escape.json",
                "sub/inner.json",
                state.resolve("elsewhere.json").toString(),
                "no-suffix",
                ".hidden.json",
                "")) {
            assertEquals(
                    "invalid_path",
                    assertThrows(WorkflowException.class, () -> drafts.save(draft, outside, null, false))
                            .code(),
                    outside);
        }
        assertFalse(Files.exists(state.resolve("escape.json")));
        assertFalse(Files.exists(state.resolve("elsewhere.json")));
        try (var files = Files.list(drafts.folder())) {
            assertEquals(List.of(saved), files.toList(), "no partial file left behind");
        }
        Workflow broken = unchecked("{\"steps\":[{\"action\":\"hotkey\"}]}");
        assertEquals(
                "invalid_workflow",
                assertThrows(WorkflowException.class, () -> drafts.save(broken, "broken.json", null, false))
                        .code(),
                "saved only when valid");
    }
}
