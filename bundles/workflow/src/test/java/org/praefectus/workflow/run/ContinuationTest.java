package org.praefectus.workflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.workflow.Attempt;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.StepResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.workflow.model.WorkflowFiles;

/** What a replan's run takes over from the failed run: the steps that succeeded, only when kept unchanged. */
class ContinuationTest {

    private static Workflow workflow(String... values) throws Exception {
        StringBuilder yaml = new StringBuilder("name: w\nsteps:\n");
        for (String value : values) {
            yaml.append("  - action: type_text\n    selector: role=text\n    value: ")
                    .append(value)
                    .append('\n');
        }
        return WorkflowFiles.parse(yaml.toString(), "yaml");
    }

    private static final StepResult TYPED = new StepResult(
            0,
            "type_text",
            true,
            List.of(new Attempt(1, "succeeded", null, List.of("op-1"), null, null, null, null)),
            List.of());
    private static final StepResult NOT_FOUND = new StepResult(
            1,
            "type_text",
            false,
            List.of(new Attempt(1, "refused", "target_not_found", List.of(), null, null, null, null)),
            List.of("refresh_desktop_state"));
    private static final RunResult FAILED = new RunResult(
            "r",
            "w",
            false,
            false,
            false,
            List.of(TYPED, NOT_FOUND),
            new FailureReport(1, "type_text", "target_not_found", 1, "fix_selector"));

    @Test
    void theStepsThatSucceededAreCarriedWithTheirOperationsAndMarked() throws Exception {
        List<StepResult> carried = Continuation.carried(workflow("a", "b"), FAILED, workflow("a", "c", "d"));
        assertEquals(1, carried.size());
        assertEquals(TYPED.attempts(), carried.get(0).attempts());
        assertEquals(List.of("carried"), carried.get(0).recovery());
        assertEquals(
                carried,
                Continuation.carried(
                        workflow("a", "b"),
                        new RunResult(
                                "r", "w", false, false, false, List.of(carried.get(0), NOT_FOUND), FAILED.failure()),
                        workflow("a", "c")),
                "carried once, marked once");
    }

    @Test
    void aReplacementThatChangesOrDropsADoneStepIsRefused() throws Exception {
        for (Workflow replacement : List.of(workflow("x", "b"), workflow("b"))) {
            WorkflowException refused = assertThrows(
                    WorkflowException.class, () -> Continuation.carried(workflow("a", "b"), FAILED, replacement));
            assertEquals("replan_rewrites_done_steps", refused.code());
        }
        RunResult succeeded = new RunResult("r", "w", true, false, false, List.of(TYPED), null);
        assertEquals(
                "run_not_failed",
                assertThrows(
                                WorkflowException.class,
                                () -> Continuation.carried(workflow("a"), succeeded, workflow("a")))
                        .code());
    }
}
