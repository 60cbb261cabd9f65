package org.praefectus.api.workflow;

import java.util.Set;
import org.praefectus.api.desktop.ElementScope;

/**
 * A call a surface made on its own path rather than through the desktop service (MCP's input tools act through the
 * engine directly), offered to the recorder as it would be written: an action, its target (a selector in a window
 * scope, or a screen point) and the typed or pasted text. Like a step, {@link #toString()} never shows the text or
 * the selector.
 *
 * @param action   {@code find_element}, {@code click}, {@code type_text} or {@code paste_text}
 * @param selector the selector's text, or {@code null}
 * @param scope    the windows the selector searches ({@link ElementScope#ALL} for all)
 * @param point    the screen point {@code [x, y]} of a call without a selector, or {@code null}
 * @param value    the text typed or pasted, or {@code null}
 */
public record RecordedCall(String action, String selector, ElementScope scope, long[] point, String value) {

    /** The actions a recording keeps. */
    public static final Set<String> ACTIONS = Set.of("find_element", "click", "type_text", "paste_text");

    public RecordedCall {
        if (!ACTIONS.contains(action)) {
            throw new IllegalArgumentException("not a recorded action");
        }
        scope = scope == null ? ElementScope.ALL : scope;
        point = point == null ? null : point.clone();
    }

    @Override
    public String toString() {
        return "RecordedCall[" + action + ", redacted]";
    }
}
