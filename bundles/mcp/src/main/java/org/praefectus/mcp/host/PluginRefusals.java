package org.praefectus.mcp.host;

/**
 * What a host does about a plugin call refused before its process started, by the plugins SDK's code. Every such
 * refusal is {@code retry_safe} (nothing ran), but only invalid arguments are fixed by changing the arguments: an
 * untrusted plugin needs the operator's pin, a start failure the plugin's program.
 */
final class PluginRefusals {

    private PluginRefusals() {}

    static String nextAction(String code) {
        return switch (code) {
            case "invalid_arguments" -> "check the arguments against the tool's input_schema";
            case "untrusted_plugin" ->
                "ask the operator to review the plugin and pin it in the trust policy"
                        + " (trusted_plugins.json); the same call is refused until then";
            case "unknown_tool", "unknown_plugin" ->
                "call list_plugins (with the same paths) and use a listed plugin_id and tool";
            case "start_failed" -> "the plugin's program could not start: ask the operator to check its entrypoint";
            case "interrupted" -> "call the tool again";
            default -> "read the error code; the plugin did not run";
        };
    }
}
