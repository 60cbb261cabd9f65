package org.praefectus.api.workflow;

/**
 * A workflow that is not valid, naming where: the step's index ({@code -1} for the workflow itself) and the field
 * ({@code null} for the step as a whole). Its code is {@code invalid_workflow} on every surface, or
 * {@value #DRAFT_CODE} when the workflow is a {@link WorkflowProvider}'s answer.
 */
public final class WorkflowValidationException extends WorkflowException {

    private static final long serialVersionUID = 1L;

    /** The error code every surface reports. */
    public static final String CODE = "invalid_workflow";
    /** The code of a {@link WorkflowProvider}'s answer that is not valid. */
    public static final String DRAFT_CODE = "invalid_draft";

    private final int step;
    private final String field;

    public WorkflowValidationException(int step, String field, String problem) {
        this(CODE, step, field, problem);
    }

    private WorkflowValidationException(String code, int step, String field, String problem) {
        super(code, where(step, field) + problem);
        this.step = step;
        this.field = field;
    }

    /** The same problem, found in a {@link WorkflowProvider}'s answer: {@value #DRAFT_CODE}. */
    public WorkflowValidationException asDraft() {
        String message = getMessage();
        String where = where(step, field);
        return new WorkflowValidationException(
                DRAFT_CODE, step, field, message.startsWith(where) ? message.substring(where.length()) : message);
    }

    private static String where(int step, String field) {
        String path = step < 0 ? "" : "steps[" + step + "]";
        if (field != null) {
            path = path.isEmpty() ? field : path + "." + field;
        }
        return path.isEmpty() ? "" : path + ": ";
    }

    /** The step's index, or {@code -1} when the workflow itself is wrong. */
    public int step() {
        return step;
    }

    /** The field, or {@code null}. */
    public String field() {
        return field;
    }
}
