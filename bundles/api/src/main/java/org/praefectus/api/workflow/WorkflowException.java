package org.praefectus.api.workflow;

import static java.util.Objects.requireNonNull;

/**
 * A workflow request that cannot be served, with a stable snake_case code every surface reports as it is:
 * {@code invalid_workflow} ({@link WorkflowValidationException}), {@code file_not_found}, {@code file_unreadable},
 * {@code file_unwritable}, {@code invalid_run_id}, {@code run_conflict}, {@code run_journal_unavailable},
 * {@code desktop_unavailable}, {@code state_unavailable}, {@code unknown_template}; for drafts ({@link WorkflowDrafts})
 * {@code invalid_goal}, {@code provider_unavailable}, {@code provider_failed}, {@code invalid_draft},
 * {@code invalid_path}, {@code file_exists}; for a continued run ({@link WorkflowService#continueRun})
 * {@code replan_rewrites_done_steps}, {@code run_not_failed}. The message is fixed text: it
 * never quotes a workflow's values, selectors or a file's content.
 */
public class WorkflowException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    /**
     * @param code    the stable snake_case code
     * @param message what went wrong, never content
     */
    public WorkflowException(String code, String message) {
        super(message);
        this.code = requireNonNull(code, "code");
    }

    /** The stable snake_case code. */
    public String code() {
        return code;
    }
}
