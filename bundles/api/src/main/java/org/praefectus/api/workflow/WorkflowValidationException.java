package org.praefectus.api.workflow;

/**
 * A workflow that is not valid, naming where: the step's index ({@code -1} for the workflow itself) and the field
 * ({@code null} for the step as a whole). Its code is {@code invalid_workflow} on every surface.
 */
public final class WorkflowValidationException extends WorkflowException {

    private static final long serialVersionUID = 1L;

    /** The error code every surface reports. */
    public static final String CODE = "invalid_workflow";

    private final int step;
    private final String field;

    public WorkflowValidationException(int step, String field, String problem) {
        super(CODE, where(step, field) + problem);
        this.step = step;
        this.field = field;
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
