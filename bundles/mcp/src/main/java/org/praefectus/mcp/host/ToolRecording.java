package org.praefectus.mcp.host;

import java.util.Map;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.workflow.RecordedCall;

/**
 * The workflow recorder's view of this server's own input path: a {@code find_elements} (and its aliases),
 * {@code click}, {@code type_text} or {@code paste_text} call that succeeded is offered to the runtime's
 * {@code WorkflowRecorder} as the step it would be (the tools act through the engine, not the desktop service, so the
 * service cannot see them). A call aimed at a tag is not offered: a tag names one observation, a replay has another.
 * The recorder keeps it only while a recording is active; the text stays in the recording.
 */
final class ToolRecording {

    private static final Map<String, String> ACTIONS = Map.of(
            "find_elements", "find_element",
            "find_element", "find_element",
            "elements", "find_element",
            "click", "click",
            "type_text", "type_text",
            "paste_text", "paste_text");

    private ToolRecording() {}

    /** Offers a call that succeeded to the recorder, when the runtime has one. */
    static void offer(HostServices services, String tool, Map<String, Object> args, ToolResult result) {
        String action = ACTIONS.get(tool);
        if (action == null || result.error() || services.recorder().isEmpty()) {
            return;
        }
        Object selector = args.getOrDefault("selector", args.get("semantic_selector"));
        long[] point = args.get("x") instanceof Number x && args.get("y") instanceof Number y
                ? new long[] {x.longValue(), y.longValue()}
                : null;
        if (!(selector instanceof String) && point == null && !action.endsWith("_text")) {
            return;
        }
        if (args.containsKey("tag")) {
            return;
        }
        Object text = args.get("text");
        services.recorder()
                .get()
                .record(new RecordedCall(
                        action,
                        selector instanceof String s ? s : null,
                        new ElementScope(
                                string(args.get("app")),
                                string(args.get("window_title")),
                                string(args.get("window_id"))),
                        point,
                        text instanceof String t ? t : null));
    }

    private static String string(Object value) {
        return value instanceof String s && !s.isBlank() ? s : null;
    }
}
