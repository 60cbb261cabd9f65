package org.praefectus.api.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one rule of {@code execute_goal}'s arguments, and of when a failed run may be replanned, on every surface. */
class GoalRequestTest {

    @Test
    void theArgumentsAreCheckedByNameBeforeAnythingRuns() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new GoalRequest(null, true, 1, null, false))
                .getMessage()
                .contains("goal"));
        for (int replans : new int[] {-1, GoalRequest.MAX_REPLANS + 1}) {
            assertTrue(
                    assertThrows(IllegalArgumentException.class, () -> new GoalRequest("g", true, replans, null, false))
                            .getMessage()
                            .contains("max_replans"));
        }
        for (String runId : List.of("", "a/b", "x".repeat(51))) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new GoalRequest("g", true, 1, runId, false))
                    .getMessage()
                    .contains("run_id"));
        }
        GoalRequest request = new GoalRequest("g", true, GoalRequest.MAX_REPLANS, "x".repeat(50), false);
        assertEquals("x".repeat(50), request.runId(0));
        assertEquals("x".repeat(50) + "-replan-2", request.runId(2));
        assertNull(new GoalRequest("g", true, 1, null, false).runId(1), "no id: each run gets a new one");
    }

    @Test
    void aFailedRunIsReplannedOnlyWhenItsFailureProvesNothingHappened() {
        assertTrue(GoalRequest.replannable(new FailureReport(1, "click", "target_not_found", 2, "fix_selector")));
        for (String next : List.of("observe_and_reconcile", "check_policy", "start_runtime", "inspect_desktop")) {
            assertFalse(GoalRequest.replannable(new FailureReport(1, "click", "outcome_unknown", 1, next)), next);
        }
        assertFalse(GoalRequest.replannable(null));
    }
}
