package org.praefectus.workflow.draft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDraft;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.workflow.graph.GraphMemory;
import org.praefectus.workflow.run.WorkflowDesktop;
import org.praefectus.workflow.service.DesktopWorkflows;

/**
 * The built-in draft on the real test desktop (scripts/test-desktop): a zenity dialog sampled into a real SQLite
 * graph by the real Linux desktop service; the draft's selectors are found again by that service, exactly once.
 */
class DraftsDesktopTest {

    private static final String TITLE = "Praefectus Draft Dialog";

    @TempDir
    Path directory;

    @Test
    void aGeneratedDraftsSelectorsComeFromTheGraphAndResolveToOneElementEach() throws Exception {
        try (WorkflowDesktop rig = new WorkflowDesktop(directory);
                GraphMemory graph =
                        GraphMemory.open(directory.resolve("graph.db"), () -> rig.desktop, System::currentTimeMillis)) {
            Process dialog = WorkflowDesktop.start(
                    directory.resolve("zenity.out"), "zenity", "--entry", "--title", TITLE, "--text", "Value");
            try {
                rig.awaitElement(TITLE, "role=push button,label=Cancel");
                DesktopDrafts drafts = new DesktopDrafts(null, graph, directory.resolve("drafts"));

                WorkflowDraft draft =
                        drafts.generate("Press the Cancel button in the dialog", true, new CancellationToken());

                assertEquals(WorkflowDraft.BUILT_IN, draft.source());
                assertNotNull(draft.snapshotId(), "drafted from the graph's snapshot");
                Workflow workflow = draft.workflow();
                assertEquals(
                        List.of("observe", "find_element", "click"),
                        workflow.steps().stream().map(WorkflowStep::action).toList());
                for (WorkflowStep step : workflow.steps().subList(1, 3)) {
                    assertEquals("role-exact=push button,label-exact=Cancel", step.selector());
                    assertEquals(TITLE, step.windowTitle());
                    List<UiElement> found = rig.desktop
                            .findElements(
                                    new ElementQuery(
                                            Selector.parse(step.selector()),
                                            new ElementScope(null, step.windowTitle(), null),
                                            0,
                                            false,
                                            null,
                                            null),
                                    new CancellationToken())
                            .elements();
                    assertEquals(1, found.size(), "the selector resolves to one element");
                    assertEquals("Cancel", found.get(0).label());
                }

                Path saved = drafts.save(workflow, "cancel.yaml", null, false);
                assertEquals(workflow, new DesktopWorkflows(rig.desktop, directory.resolve("runs")).load(saved));
            } finally {
                WorkflowDesktop.stop(dialog);
            }
        }
    }
}
