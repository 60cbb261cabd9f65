package org.praefectus.mcp.server;

import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.mcp.host.Confirmer;
import org.praefectus.mcp.host.ToolHost;

/**
 * Reusable guidance as MCP prompts (safe desktop action, window inspection, structured error recovery, OCR,
 * plugin development, semantic click planning), and completion of their arguments from live state: window
 * titles from {@code surfaces}, plugin ids from {@code list_plugins}, error codes and profiles from fixed lists,
 * operation ids for the operation resource template.
 */
final class AgentPrompts {

    /** Error codes an agent meets, for completion of {@code recover_from_error}. */
    static final List<String> ERROR_CODES = List.of(
            "capability_denied",
            "cancelled",
            "confirmation_declined",
            "confirmation_required",
            "confirmation_timed_out",
            "conflict",
            "executor_unavailable",
            "invalid_arguments",
            "invalid_request",
            "invalid_selector",
            "ledger_unavailable",
            "no_observation",
            "observation_failed",
            "outcome_unknown",
            "rejected",
            "stale_target",
            "unknown_tag",
            "unknown_plugin_tool",
            "unknown_surface",
            "vision_unavailable");

    private record Guide(
            String name,
            String title,
            String description,
            List<String> arguments,
            Function<Map<String, Object>, String> text) {}

    private static final List<Guide> GUIDES = List.of(
            new Guide(
                    "safe_desktop_action",
                    "Safe desktop action",
                    "Do one thing on the desktop the safe way: observe, choose a tag, act once, check.",
                    List.of("goal"),
                    a -> "Goal: " + arg(a, "goal") + "\n\n1. Call observe (a surface if you know the window).\n"
                            + "2. Choose the element by role and name; prefer invoke and set_value over click and typing.\n"
                            + "3. Call act once with a new operation_id; the person confirms.\n"
                            + "4. If the result is outcome_unknown, observe and check before anything is redone;"
                            + " repeating the same operation_id replays, never repeats."),
            new Guide(
                    "inspect_window",
                    "Inspect a window",
                    "Read one window: its surface, elements and a capture, without acting.",
                    List.of("window_title"),
                    a -> "Window: " + arg(a, "window_title")
                            + "\n\nCall surfaces and find the surface whose name is this"
                            + " title; call observe with that surface; call capture_screen with it if pixels help."
                            + " Report roles, names and states; act on nothing."),
            new Guide(
                    "recover_from_error",
                    "Recover from a tool error",
                    "What to do after a tool error, by its code.",
                    List.of("error_code"),
                    a -> "Error code: " + arg(a, "error_code")
                            + "\n\nRead error.next_action and retry_safe in the result."
                            + " retry_safe true: nothing happened, a corrected call is safe. retry_safe false or"
                            + " outcome_unknown: call status with the operation_id and observe before any new effect."
                            + " stale_target or unknown_tag: observe again and use a current tag."),
            new Guide(
                    "read_text_ocr",
                    "Read text with OCR",
                    "Read text from a window or a region when the accessibility tree has none.",
                    List.of("window_title"),
                    a -> "Window: " + arg(a, "window_title")
                            + "\n\nPrefer observe: element names are exact. When the text"
                            + " is only pixels, call ocr with the window's surface (from surfaces) or a region; use"
                            + " scale 2 for small fonts; word bounds are screen coordinates."),
            new Guide(
                    "plugin_development",
                    "Develop a plugin",
                    "Write a PeekabooX v1 process plugin and get it trusted.",
                    List.of("plugin_id"),
                    a -> "Plugin id: " + arg(a, "plugin_id") + "\n\nWrite peekaboox.plugin.json (schema_version"
                            + " peekaboox.plugin.v1, id, version, entrypoint {kind: process, command}, tools with"
                            + " input_schema). The process reads {schema_version, plugin_id, tool, arguments} on stdin and"
                            + " writes one JSON result. The operator pins manifest and entrypoint hashes in"
                            + " trusted_plugins.json; then list_plugins shows it and call_plugin_tool runs it."),
            new Guide(
                    "plan_semantic_click",
                    "Plan a semantic click",
                    "Turn \"click the X button\" into one safe act call.",
                    List.of("target"),
                    a -> "Target: " + arg(a, "target") + "\n\nObserve; find the element whose role and name match (push"
                            + " button, menu item, link...). If it offers invoke, act with action invoke on its tag;"
                            + " only if it does not, act with action click (operator profile). Never guess coordinates."));

    private AgentPrompts() {}

    private static String arg(Map<String, Object> arguments, String name) {
        Object value = arguments == null ? null : arguments.get(name);
        String text = value == null ? "(not given)" : String.valueOf(value).replaceAll("\\p{Cntrl}", " ");
        return text.length() > 200 ? text.substring(0, 200) : text;
    }

    static List<SyncPromptSpecification> prompts() {
        List<SyncPromptSpecification> prompts = new ArrayList<>();
        for (Guide guide : GUIDES) {
            List<McpSchema.PromptArgument> arguments = guide.arguments().stream()
                    .map(a -> new McpSchema.PromptArgument(a, a.replace('_', ' '), false))
                    .toList();
            McpSchema.Prompt prompt = new McpSchema.Prompt(guide.name(), guide.title(), guide.description(), arguments);
            prompts.add(new SyncPromptSpecification(
                    prompt,
                    (exchange, request) -> new McpSchema.GetPromptResult(
                            guide.description(),
                            List.of(new McpSchema.PromptMessage(
                                    McpSchema.Role.USER,
                                    new McpSchema.TextContent(guide.text().apply(request.arguments())))))));
        }
        return prompts;
    }

    static List<SyncCompletionSpecification> completions(ToolHost host) {
        List<SyncCompletionSpecification> completions = new ArrayList<>();
        for (Guide guide : GUIDES) {
            completions.add(new SyncCompletionSpecification(
                    new McpSchema.PromptReference(guide.name()),
                    (exchange, request) -> complete(
                            values(host, request.argument().name()),
                            request.argument().value())));
        }
        completions.add(new SyncCompletionSpecification(
                new McpSchema.ResourceReference(AgentResources.OPERATION_TEMPLATE),
                (exchange, request) -> complete(
                        host.recentOperations().stream()
                                .map(o -> (String) o.get("operation_id"))
                                .toList(),
                        request.argument().value())));
        return completions;
    }

    private static List<String> values(ToolHost host, String argument) {
        return switch (argument) {
            case "error_code" -> ERROR_CODES;
            case "window_title" -> windowTitles(host);
            case "plugin_id" -> field(host, "list_plugins", "tools", "plugin_id");
            case "profile" ->
                java.util.Arrays.stream(CapabilityProfile.values())
                        .map(CapabilityProfile::wireName)
                        .toList();
            default -> List.of();
        };
    }

    /** The names of the frames and dialogs an observation sees now (surfaces carry no titles). */
    private static List<String> windowTitles(ToolHost host) {
        Object elements = host.call("observe", Map.of(), new ToolHost.CallContext("completion", Confirmer.UNAVAILABLE))
                .structured()
                .get("elements");
        List<String> titles = new ArrayList<>();
        if (elements instanceof List<?> list) {
            for (Object e : list) {
                if (e instanceof Map<?, ?> element
                        && WINDOW_ROLES.contains(element.get("role"))
                        && element.get("name") instanceof String name
                        && !name.isBlank()) {
                    titles.add(name);
                }
            }
        }
        return titles;
    }

    private static final java.util.Set<String> WINDOW_ROLES = java.util.Set.of("frame", "dialog", "window");

    /** A field of each item of a read-only tool's list (empty when the tool fails or the profile forbids it). */
    private static List<String> field(ToolHost host, String tool, String list, String field) {
        Object items = host.call(tool, Map.of(), new ToolHost.CallContext("completion", Confirmer.UNAVAILABLE))
                .structured()
                .get(list);
        List<String> values = new ArrayList<>();
        if (items instanceof List<?> entries) {
            for (Object entry : entries) {
                if (entry instanceof Map<?, ?> map && map.get(field) instanceof String value && !value.isBlank()) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    /** Up to 100 distinct values starting with what was typed (case-insensitive), and the total. */
    static McpSchema.CompleteResult complete(List<String> values, String typed) {
        String prefix = typed == null ? "" : typed.toLowerCase(Locale.ROOT);
        List<String> matching = values.stream()
                .distinct()
                .filter(v -> v.toLowerCase(Locale.ROOT).startsWith(prefix))
                .toList();
        List<String> shown = matching.size() > 100 ? matching.subList(0, 100) : matching;
        return new McpSchema.CompleteResult(
                new McpSchema.CompleteResult.CompleteCompletion(shown, matching.size(), matching.size() > 100));
    }
}
