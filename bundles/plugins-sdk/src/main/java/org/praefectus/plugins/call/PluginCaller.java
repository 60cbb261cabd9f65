package org.praefectus.plugins.call;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginCallLimits;
import org.praefectus.api.plugin.PluginToolResult;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginEntrypoint;
import org.praefectus.plugins.manifest.PluginManifest;
import org.praefectus.plugins.manifest.PluginToolSpec;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;
import org.praefectus.plugins.process.Termination;

/**
 * Runs one tool of a process plugin with PeekabooX's contract: arguments checked against
 * {@code input_schema} before anything starts; the request {@code {schema_version, plugin_id, tool,
 * arguments}} on stdin; the response on stdout; exit status 0 and no {@code "ok": false} for success;
 * the allowlisted environment plus {@code PEEKABOOX_PLUGIN_ID}, {@code PEEKABOOX_PLUGIN_TOOL} and
 * {@code PEEKABOOX_PLUGIN_ROOT}; the plugin directory as working directory.
 */
public final class PluginCaller {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A plugin's stderr becomes the error text; bounded so one failure cannot flood a surface. */
    private static final int MAX_ERROR_CHARS = 1024;

    private final ProcessRunner runner;
    private final ArgumentValidator validator;
    private final Set<String> inheritedEnvironment;

    /** @param inheritedEnvironment names of the host's variables a plugin may see */
    public PluginCaller(ProcessRunner runner, ArgumentValidator validator, Set<String> inheritedEnvironment) {
        this.runner = runner;
        this.validator = validator;
        this.inheritedEnvironment = Set.copyOf(inheritedEnvironment);
    }

    /** Parses arguments given as JSON text; anything but an object is refused. */
    public static JsonNode arguments(String json) throws PluginCallException {
        try {
            JsonNode node = JSON.readTree(json == null || json.isBlank() ? "{}" : json);
            if (node == null || !node.isObject()) {
                throw new PluginCallException("invalid_arguments", "arguments must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException malformed) {
            throw new PluginCallException("invalid_arguments", "arguments are not valid JSON");
        }
    }

    public PluginToolResult call(PluginDescriptor plugin, String toolName, JsonNode arguments, PluginCallLimits limits)
            throws PluginCallException {
        PluginManifest manifest = plugin.manifest();
        PluginToolSpec tool = manifest.tool(toolName)
                .orElseThrow(() -> new PluginCallException(
                        "unknown_tool", "plugin " + manifest.id() + " does not declare tool " + toolName));
        PluginEntrypoint entrypoint = manifest.entrypoint()
                .orElseThrow(() -> new PluginCallException(
                        "no_entrypoint", "plugin " + manifest.id() + " does not declare an entrypoint"));
        List<String> violations = validator.violations(tool.inputSchema(), arguments);
        if (!violations.isEmpty()) {
            throw new PluginCallException(
                    "invalid_arguments",
                    "arguments for tool " + toolName + " are invalid: " + validator.describe(violations));
        }
        ObjectNode request = JSON.createObjectNode();
        request.put("schema_version", PluginManifest.SCHEMA_VERSION);
        request.put("plugin_id", manifest.id());
        request.put("tool", toolName);
        request.set("arguments", arguments);

        List<String> command = new ArrayList<>(entrypoint.command());
        if (command.get(0).indexOf('/') >= 0) {
            command.set(0, plugin.root().resolve(command.get(0)).normalize().toString());
        }
        ProcessSpec spec;
        try {
            spec = ProcessSpec.builder(command)
                    .workingDirectory(plugin.root())
                    .inheritedEnvironment(inheritedEnvironment)
                    .environment("PEEKABOOX_PLUGIN_ID", manifest.id())
                    .environment("PEEKABOOX_PLUGIN_TOOL", toolName)
                    .environment("PEEKABOOX_PLUGIN_ROOT", plugin.root().toString())
                    .stdin(JSON.writeValueAsBytes(request))
                    .timeout(limits.timeout())
                    .maxOutputBytes(limits.maxOutputBytes())
                    .build();
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException("a JSON tree always serializes", impossible);
        }
        ProcessExecution execution;
        try {
            execution = runner.start(spec, (stream, line) -> {});
        } catch (ProcessStartException cannot) {
            throw new PluginCallException("start_failed", "plugin " + manifest.id() + ": " + cannot.getMessage());
        }
        ProcessResult result;
        try {
            result = execution.await();
        } catch (InterruptedException interrupted) {
            execution.cancel();
            Thread.currentThread().interrupt();
            throw new PluginCallException("interrupted", "the call to plugin " + manifest.id() + " was interrupted");
        }
        return interpret(manifest.id(), toolName, result, limits);
    }

    static PluginToolResult interpret(String pluginId, String tool, ProcessResult result, PluginCallLimits limits) {
        String stdout = result.stdout().text();
        String stderr = result.stderr().text();
        Optional<JsonNode> payload = Optional.empty();
        if (!result.stdout().truncated()) {
            try {
                payload = Optional.ofNullable(JSON.readTree(stdout)).filter(node -> !node.isMissingNode());
            } catch (IOException notJson) {
                // a plugin that writes no JSON has no result
            }
        }
        boolean timedOut = result.termination() != Termination.EXITED;
        boolean truncated = result.truncated();
        boolean saysFailed = payload.filter(JsonNode::isObject)
                .map(node -> node.path("ok").isBoolean() && !node.path("ok").asBoolean())
                .orElse(false);
        boolean ok = result.succeeded() && !saysFailed && !truncated;
        Optional<String> resultJson = payload.flatMap(
                        node -> node.isObject() ? Optional.ofNullable(node.get("result")) : Optional.of(node))
                .map(JsonNode::toString);
        Optional<String> error = Optional.empty();
        if (timedOut) {
            error = Optional.of(
                    result.termination() == Termination.TIMED_OUT
                            ? "plugin timed out after " + limits.timeout().toMillis() + " ms"
                            : "plugin call was cancelled");
        } else if (truncated) {
            error = Optional.of("plugin output exceeded max_output_bytes=" + limits.maxOutputBytes());
        } else if (!ok) {
            JsonNode reported = payload.map(node -> node.get("error")).orElse(null);
            String text = reported != null && !reported.isNull()
                    ? (reported.isTextual() ? reported.asText() : reported.toString())
                    : !stderr.isBlank() ? stderr.strip() : "plugin exited with status " + result.exitCode();
            error = Optional.of(text.length() > MAX_ERROR_CHARS ? text.substring(0, MAX_ERROR_CHARS) + "…" : text);
        }
        return new PluginToolResult(
                ok && !timedOut,
                pluginId,
                tool,
                timedOut ? Optional.empty() : Optional.of(result.exitCode()),
                stdout,
                stderr,
                resultJson,
                error,
                timedOut,
                truncated);
    }
}
