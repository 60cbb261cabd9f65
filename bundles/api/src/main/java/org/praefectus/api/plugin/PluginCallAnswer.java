package org.praefectus.api.plugin;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.util.Objects;

/**
 * A plugin call that ran, in PeekabooX's execution-result shape, with how far its plugin is trusted. A call that
 * ran is an answer whether or not the tool succeeded ({@link #ok()}).
 *
 * @param ok              see {@link PluginToolResult#ok()}
 * @param pluginId        the plugin id
 * @param tool            the tool
 * @param exitCode        the exit status; {@code null} when the process was killed
 * @param stdout          stdout as text, at most the output cap
 * @param stderr          stderr as text, at most the output cap
 * @param resultJson      the response's {@code result} as JSON text, written as JSON; {@code null} without one
 * @param error           why {@code ok} is false; {@code null} when ok
 * @param timedOut        the deadline was reached
 * @param outputTruncated stdout or stderr exceeded the cap
 * @param trusted         whether the plugin is trusted
 * @param trustReason     why (the trust policy's reason, or the plugin bundle that holds it)
 */
@JsonPropertyOrder({
    "ok",
    "plugin_id",
    "tool",
    "exit_code",
    "stdout",
    "stderr",
    "result",
    "error",
    "timed_out",
    "output_truncated",
    "trusted",
    "trust_reason"
})
public record PluginCallAnswer(
        @JsonProperty("ok") boolean ok,
        @JsonProperty("plugin_id") String pluginId,
        @JsonProperty("tool") String tool,
        @JsonProperty("exit_code") Integer exitCode,
        @JsonProperty("stdout") String stdout,
        @JsonProperty("stderr") String stderr,
        @JsonProperty("result") @JsonRawValue String resultJson,
        @JsonProperty("error") String error,
        @JsonProperty("timed_out") boolean timedOut,
        @JsonProperty("output_truncated") boolean outputTruncated,
        @JsonProperty("trusted") boolean trusted,
        @JsonProperty("trust_reason") String trustReason) {

    public PluginCallAnswer {
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(tool, "tool");
    }

    /** The answer of a call whose result is {@code result}. */
    public static PluginCallAnswer of(PluginToolResult result, boolean trusted, String trustReason) {
        return new PluginCallAnswer(
                result.ok(),
                result.pluginId(),
                result.tool(),
                result.exitCode().orElse(null),
                result.stdout(),
                result.stderr(),
                result.resultJson().orElse(null),
                result.error().orElse(null),
                result.timedOut(),
                result.outputTruncated(),
                trusted,
                trustReason);
    }
}
