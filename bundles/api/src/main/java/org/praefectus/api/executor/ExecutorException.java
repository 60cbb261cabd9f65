package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

/**
 * An observation, resolution or context sample that failed before any effect. The message is a fixed
 * text: never typed text, selectors, element names or backend detail.
 */
public final class ExecutorException extends Exception {

    private static final long serialVersionUID = 1L;

    private final ExecutorFailure failure;

    /**
     * @param failure why
     * @param message a fixed text without request or backend content
     */
    public ExecutorException(ExecutorFailure failure, String message) {
        super(requireNonNull(message, "message"), null, false, false);
        this.failure = requireNonNull(failure, "failure");
    }

    /** Why the call failed. */
    public ExecutorFailure failure() {
        return failure;
    }
}
