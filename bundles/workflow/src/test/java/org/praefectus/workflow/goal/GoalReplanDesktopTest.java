package org.praefectus.workflow.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.GoalRequest;
import org.praefectus.api.workflow.GoalResult;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.StepResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowProvider;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.draft.DesktopDrafts;
import org.praefectus.workflow.graph.GraphMemory;
import org.praefectus.workflow.model.WorkflowFiles;
import org.praefectus.workflow.run.WorkflowDesktop;
import org.praefectus.workflow.service.DesktopWorkflows;

/**
 * Issue 37 (review finding): a replan of {@code execute_goal} continues the failed run, it never repeats it. On the
 * real test desktop (scripts/test-desktop) a scripted provider (the agent host's model) drafts two typing steps into a
 * real zenity entry, the second with a selector that finds nothing; its replan fixes the second step. The first step's
 * text is typed exactly once: pyatspi reads the entry back, the daemon host's audit counts the signed operations, and
 * the replan's run carries the first run's operation id instead of signing a new one.
 */
class GoalReplanDesktopTest {

    private static final String FIRST = "typed once";
    private static final String SECOND = " then fixed";

    @TempDir
    Path directory;

    /** One typing step into the entry of the dialog titled {@code title}, as a workflow file writes it. */
    private static String typing(String selector, String title, String value) {
        return "  - action: type_text\n" + "    selector: " + selector + "\n" + "    window_title: " + title + "\n"
                + "    value: \"" + value + "\"\n";
    }

    private static Workflow workflow(String name, String... steps) throws WorkflowValidationException {
        return WorkflowFiles.parse(
                "schema_version: peekaboox.workflow.v1\nname: " + name + "\nsteps:\n" + String.join("", steps), "yaml");
    }

    /** The provider's first draft: the first text typed, then the second through a selector that finds nothing. */
    private static Workflow firstDraft(String title) throws WorkflowValidationException {
        return workflow(
                "fill-twice",
                typing("role=text", title, FIRST),
                typing("role=text,label=No such entry anywhere", title, SECOND));
    }

    /** The agent host's model, scripted: a first draft with a selector that finds nothing, then {@code replan}. */
    private static WorkflowProvider provider(Workflow first, Workflow replan, List<FailureReport> asked) {
        return new WorkflowProvider() {
            @Override
            public Workflow generate(String goal, List<GraphNode> desktop) {
                return first;
            }

            @Override
            public Workflow refine(Workflow workflow, String feedback, List<GraphNode> desktop) {
                throw new UnsupportedOperationException("not asked");
            }

            @Override
            public Workflow replan(String goal, Workflow workflow, FailureReport failure, List<GraphNode> desktop) {
                asked.add(failure);
                return replan;
            }
        };
    }

    private GoalResult execute(WorkflowDesktop rig, WorkflowProvider provider, AtomicInteger approvals)
            throws Exception {
        try (GraphMemory graph =
                GraphMemory.open(directory.resolve("graph.db"), () -> rig.desktop, System::currentTimeMillis)) {
            GoalLoop loop = new GoalLoop(
                    new DesktopWorkflows(rig.desktop, directory.resolve("runs")),
                    new DesktopDrafts(provider, graph, directory.resolve("drafts")));
            return loop.execute(
                    new GoalRequest("fill the entry", true, 2, "goal-1", false),
                    rig.host,
                    workflow -> approvals.incrementAndGet() > 0,
                    new CancellationToken());
        }
    }

    private Process entry(String title) throws Exception {
        return WorkflowDesktop.start(
                Files.createTempFile(directory, "zenity", ".out"),
                "zenity",
                "--entry",
                "--title",
                title,
                "--text",
                "V");
    }

    @Test
    void aReplanRunsOnlyTheFailedStepOnAndTheStepsThatSucceededAreNeverDispatchedAgain() throws Exception {
        String title = "Praefectus Goal Replan " + ProcessHandle.current().pid();
        Workflow first = firstDraft(title);
        Workflow fixed = workflow("fill-twice", typing("role=text", title, FIRST), typing("role=text", title, SECOND));
        List<FailureReport> asked = new java.util.ArrayList<>();
        AtomicInteger approvals = new AtomicInteger();
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process app = entry(title);
            try {
                rig.awaitElement(title, "role=text");
                GoalResult result = execute(rig, provider(first, fixed, asked), approvals);

                assertTrue(result.ok(), () -> "the goal was not reached: " + result);
                assertEquals(FIRST + SECOND, WorkflowDesktop.oracle("text", title), "the first text typed once");
                assertEquals(2, rig.signedOperations(), "one signed operation per typing step, none repeated");
                assertEquals(2, approvals.get(), "the first run and the replan's run were each approved");

                assertEquals(1, asked.size());
                assertEquals(
                        new FailureReport(
                                1, "type_text", "target_not_found", asked.get(0).attempts(), "fix_selector"),
                        asked.get(0));
                assertTrue(result.replanned());
                assertEquals(List.of(new GoalResult.Replan(1, "fill-twice", 2, "target_not_found")), result.replans());
                assertEquals("goal-1-replan-1", result.runId());
                assertEquals(2, result.runs().size());
                RunResult failed = result.runs().get(0);
                RunResult continued = result.runs().get(1);
                assertFalse(failed.ok());
                StepResult done = failed.steps().get(0);
                StepResult carried = continued.steps().get(0);
                assertEquals(done.attempts(), carried.attempts(), "the same attempt, the same operation id");
                assertEquals(1, carried.attempts().get(0).operations().size());
                assertTrue(carried.recovery().contains("carried"), carried::toString);
                assertFalse(continued.steps().get(1).recovery().contains("carried"));
                assertEquals(
                        "succeeded", continued.steps().get(1).attempts().get(0).status());
                assertNull(result.failure());

                String journal = Files.readString(directory.resolve("runs").resolve("goal-1-replan-1.jsonl"));
                assertFalse(journal.contains(FIRST), "the journal never holds typed text");
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }

    @Test
    void aReplanThatRewritesAStepThatAlreadySucceededRunsNothing() throws Exception {
        String title = "Praefectus Goal Rewrite " + ProcessHandle.current().pid();
        Workflow first = firstDraft(title);
        Workflow rewritten =
                workflow("fill-twice", typing("role=text", title, "again"), typing("role=text", title, SECOND));
        AtomicInteger approvals = new AtomicInteger();
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process app = entry(title);
            try {
                rig.awaitElement(title, "role=text");
                GoalResult result = execute(rig, provider(first, rewritten, new java.util.ArrayList<>()), approvals);

                assertFalse(result.ok());
                assertEquals("replan_rewrites_done_steps", result.replanError());
                assertEquals(1, result.runs().size(), "the replacement never ran");
                assertEquals("target_not_found", result.failure().reason());
                assertEquals(FIRST, WorkflowDesktop.oracle("text", title));
                assertEquals(1, rig.signedOperations());
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }
}
