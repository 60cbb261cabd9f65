package org.praefectus.workflow.draft;

import org.praefectus.api.workflow.WorkflowException;

/** The one check of a goal's words, shared by the drafts and the goal loop. */
public final class GoalText {

    private GoalText() {}

    /** The goal, trimmed; {@code invalid_goal} when it is blank. */
    public static String of(String goal) throws WorkflowException {
        if (goal == null || goal.isBlank()) {
            throw new WorkflowException("invalid_goal", "the goal must not be empty");
        }
        return goal.strip();
    }
}
