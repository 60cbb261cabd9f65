package org.praefectus.api.cli;

/**
 * A command that ends without data. The message is shown to the caller: it must be a fixed text that
 * never carries typed text, clipboard contents, selectors, secrets or backend detail.
 */
public final class CliCommandException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;
    private final int exitCode;

    private CliCommandException(String code, String message, int exitCode) {
        super(message, null, false, false);
        if (code == null || !code.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("error codes are snake_case");
        }
        this.code = code;
        this.exitCode = exitCode;
    }

    /** Invalid usage: exit 2, code {@code usage}. */
    public static CliCommandException usage(String message) {
        return new CliCommandException("usage", message, CommandLine.EXIT_USAGE);
    }

    /**
     * A protocol, observation or serialization failure: exit 3.
     *
     * @param code a snake_case code such as {@code observation_error} or {@code protocol_error}
     */
    public static CliCommandException failure(String code, String message) {
        return new CliCommandException(code, message, CommandLine.EXIT_PROTOCOL);
    }

    public String code() {
        return code;
    }

    public int exitCode() {
        return exitCode;
    }
}
