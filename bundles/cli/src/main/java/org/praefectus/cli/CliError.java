package org.praefectus.cli;

import org.praefectus.api.cli.CommandLine;

/**
 * A command that ends without data. Messages are fixed strings chosen here: they never carry input
 * values, backend detail or exception text, which could hold typed text, selectors or secrets.
 */
final class CliError extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;
    private final int exitCode;

    private CliError(String code, String message, int exitCode) {
        super(message, null, false, false);
        this.code = code;
        this.exitCode = exitCode;
    }

    static CliError usage(String message) {
        return new CliError("usage", message, CommandLine.EXIT_USAGE);
    }

    static CliError protocol(String code, String message) {
        return new CliError(code, message, CommandLine.EXIT_PROTOCOL);
    }

    String code() {
        return code;
    }

    int exitCode() {
        return exitCode;
    }
}
