package org.praefectus.cdp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * The compact text form of an observation for models, in the shape of an accessibility outline: one line per element,
 * two spaces per nesting level, {@code - role "name" [tag]} and its set states as {@code [key]} or
 * {@code [key=value]}. Static text is written {@code - text "…"} without a tag (it cannot be acted on), and
 * {@code [hidden]} when a person cannot see it (the part of a control's name it says is then shown below the control);
 * elements
 * that do not receive events at observation are marked {@code [covered]} unless hidden, when they carry
 * {@code [hidden]}, or outside the viewport, when they carry {@code [offscreen]}. The last line says what is left out: {@code - [part 1 of 2]} when the page's elements take more
 * than one observation, {@code - [truncated]} when a bound (depth, a name's length) cut something.
 */
final class PageOutline {

    private PageOutline() {}

    static String write(SemanticObservation observation, Map<String, Map<String, Object>> states, int part, int parts) {
        List<SemanticElement> elements = observation.elements();
        Map<String, Integer> depthById = new HashMap<>();
        StringBuilder out = new StringBuilder(elements.size() * 32);
        for (SemanticElement element : elements) {
            Integer parentDepth = element.parentId() == null ? null : depthById.get(element.parentId());
            int depth = parentDepth == null ? 0 : parentDepth + 1;
            depthById.put(element.elementId(), depth);
            out.append("  ".repeat(depth));
            line(out, element, states.getOrDefault(element.tag(), Map.of()));
            out.append('\n');
        }
        if (parts > 1) {
            // the page's elements take more than one observation: say which this is, so a model can ask for the rest
            out.append("- [part ").append(part + 1).append(" of ").append(parts).append("]\n");
        } else if (observation.truncated()) {
            out.append("- [truncated]\n");
        }
        return out.toString();
    }

    /** One element's line without its indentation: {@code - role "name" [tag] [state…]}. */
    static String line(SemanticElement element, Map<String, Object> states) {
        StringBuilder out = new StringBuilder(64);
        line(out, element, states);
        return out.toString();
    }

    private static void line(StringBuilder out, SemanticElement element, Map<String, Object> states) {
        out.append("- ");
        boolean text = element.role().equals("StaticText");
        out.append(text ? "text" : element.role());
        if (element.name() != null) {
            out.append(' ');
            quote(out, element.name());
        }
        if (text && !element.actionability().visible()) {
            // text a person never sees (off-screen, clipped, transparent, the background's colour) may still
            // speak to a model: it is marked, never passed on as if it were shown
            out.append(" [hidden]");
        }
        if (!text) {
            out.append(" [").append(element.tag()).append(']');
            if (!element.actionability().visible()) {
                // a document has no box of its own: the root's, or a frame's shown by its iframe, is not hidden
                out.append(element.role().equals("RootWebArea") ? "" : " [hidden]");
            } else if (!element.actionability().receivesEvents()
                    && !states.containsKey("offscreen")
                    && (element.actionability().invokable()
                            || element.actionability().editable())) {
                out.append(" [covered]");
            }
        }
        for (Map.Entry<String, Object> state : states.entrySet()) {
            out.append(" [").append(state.getKey());
            Object value = state.getValue();
            if (!Boolean.TRUE.equals(value)) {
                out.append('=');
                if (value instanceof String string) {
                    quote(out, string);
                } else if (value instanceof List<?> names) {
                    // a file input's files: each name quoted, or none
                    if (names.isEmpty()) {
                        out.append("none");
                    }
                    for (int i = 0; i < names.size(); i++) {
                        out.append(i == 0 ? "" : ", ");
                        quote(out, String.valueOf(names.get(i)));
                    }
                } else {
                    out.append(value);
                }
            }
            out.append(']');
        }
    }

    private static void quote(StringBuilder out, String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        out.append('"');
    }
}
