package org.praefectus.api.plugin;

/**
 * A plugin call refused before any process started: unknown plugin or tool, arguments that do not match
 * the tool's {@code input_schema}, an untrusted plugin where trust is required, or a process that could
 * not be started. The message names the reason; it never carries argument values.
 */
public final class PluginCallException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    /**
     * @param code    a snake_case reason: {@code unknown_plugin}, {@code unknown_tool},
     *                {@code invalid_arguments}, {@code untrusted_plugin}, {@code start_failed}
     * @param message a human-readable reason
     */
    public PluginCallException(String code, String message) {
        super(message);
        if (code == null || !code.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("error codes are snake_case");
        }
        this.code = code;
    }

    /** The snake_case reason. */
    public String code() {
        return code;
    }
}
