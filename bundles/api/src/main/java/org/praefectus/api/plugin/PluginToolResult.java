package org.praefectus.api.plugin;

import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of one plugin call, in the shape of PeekabooX's execution result.
 *
 * @param ok              true only when the process exited with 0, its response did not say
 *                        {@code "ok": false}, nothing was truncated and the deadline was not reached
 * @param pluginId        the plugin id
 * @param tool            the tool name
 * @param exitCode        the exit status the operating system reported; empty when the process was
 *                        killed (timeout) and no status is meaningful
 * @param stdout          stdout as text, at most the output cap
 * @param stderr          stderr as text, at most the output cap
 * @param resultJson      the response's {@code result} member (or the whole response when it is not an
 *                        object) as JSON text; empty when stdout held no JSON
 * @param error           why {@code ok} is false; empty when ok
 * @param timedOut        the deadline was reached and the process tree was killed
 * @param outputTruncated stdout or stderr exceeded the output cap
 */
public record PluginToolResult(
        boolean ok,
        String pluginId,
        String tool,
        Optional<Integer> exitCode,
        String stdout,
        String stderr,
        Optional<String> resultJson,
        Optional<String> error,
        boolean timedOut,
        boolean outputTruncated) {

    public PluginToolResult {
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(resultJson, "resultJson");
        Objects.requireNonNull(error, "error");
        if (ok && (error.isPresent() || timedOut || outputTruncated)) {
            throw new IllegalArgumentException("a successful call has no error, timeout or truncation");
        }
        if (!ok && error.isEmpty()) {
            throw new IllegalArgumentException("a failed call says why");
        }
    }
}
