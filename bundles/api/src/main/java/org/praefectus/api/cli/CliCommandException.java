package org.praefectus.api.cli;

/**
 * A command that ends without data. The message is shown to the caller: it must be a fixed text that
 * never carries typed text, clipboard contents, selectors, secrets or backend detail.
 */
public final class CliCommandException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;
    private final int exitCode;
    private final transient Object details;

    private CliCommandException(String code, String message, int exitCode, Object details) {
        super(message, null, false, false);
        if (code == null || !code.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("error codes are snake_case");
        }
        this.code = code;
        this.exitCode = exitCode;
        this.details = details;
    }

    /** Invalid usage: exit 2, code {@code usage}. */
    public static CliCommandException usage(String message) {
        return new CliCommandException("usage", message, CommandLine.EXIT_USAGE, null);
    }

    /**
     * A protocol, observation or serialization failure: exit 3.
     *
     * @param code a snake_case code such as {@code observation_error} or {@code protocol_error}
     */
    public static CliCommandException failure(String code, String message) {
        return new CliCommandException(code, message, CommandLine.EXIT_PROTOCOL, null);
    }

    /**
     * A failure that still has a result to show: exit 3, with {@code details} serialized (with Jackson) as
     * the error's {@code details}, as a health check reports every check when one of them failed.
     *
     * @param code    a snake_case code such as {@code probe_failed}
     * @param details what the command found; the same rules as the message apply to it
     * @since 1.3
     */
    public static CliCommandException failure(String code, String message, Object details) {
        return new CliCommandException(code, message, CommandLine.EXIT_PROTOCOL, details);
    }

    public String code() {
        return code;
    }

    public int exitCode() {
        return exitCode;
    }

    /**
     * What the command found before it failed, or {@code null}.
     *
     * @since 1.3
     */
    public Object details() {
        return details;
    }
}
