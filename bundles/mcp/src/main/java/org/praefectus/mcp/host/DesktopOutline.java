package org.praefectus.mcp.host;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.selector.NumericValue;
import org.praefectus.api.selector.ReadBack;

/**
 * The compact text form of a desktop observation for models (#36 "compact observations"), in the shape browser mode's
 * outline has: one line per element, two spaces per nesting level, {@code - role "name" [tag]} and what it holds as
 * {@code [key]} or {@code [key=value]} (value with its range, checked, selected, focused, expanded or collapsed,
 * disabled, editable, its text when it is not its name). What a person cannot see is left out: an element that is
 * not visible (a closed menu's items) and everything under it. Unnamed layout containers that cannot be acted on
 * (fillers, panels, scroll panes…) are not written; their children take their place. Lines are written from element
 * {@code offset} while they fit {@code maxBytes}; the last line says where the next page starts.
 */
final class DesktopOutline {

    /** Layout roles that say nothing a model needs when they have no name and cannot be acted on. */
    private static final Set<String> LAYOUT =
            Set.of("filler", "panel", "scroll pane", "viewport", "section", "layered pane", "split pane", "box");

    /** The longest text written after {@code text=}; read_text pages the whole of it. */
    static final int TEXT_CHARS = 120;

    /** An element the outline writes, at its nesting depth. */
    record Line(SemanticElement element, int depth) {}

    /** An outline page: its text, how many elements it wrote, and the offset of the next page ({@code -1}: none). */
    record Page(String text, int written, int total, int nextOffset) {}

    private DesktopOutline() {}

    /**
     * The elements the outline writes, in tree order (an observation may list elements level by level), each under
     * its parent: the ones whose read-back the page needs, and no others.
     */
    static List<Line> lines(SemanticObservation observation) {
        Map<String, List<SemanticElement>> children = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (SemanticElement element : observation.elements()) {
            ids.add(element.elementId());
        }
        List<SemanticElement> roots = new ArrayList<>();
        for (SemanticElement element : observation.elements()) {
            if (element.parentId() != null && ids.contains(element.parentId())) {
                children.computeIfAbsent(element.parentId(), k -> new ArrayList<>())
                        .add(element);
            } else {
                roots.add(element);
            }
        }
        List<Line> lines = new ArrayList<>();
        Deque<Line> stack = new ArrayDeque<>();
        for (int i = roots.size() - 1; i >= 0; i--) {
            stack.push(new Line(roots.get(i), 0));
        }
        while (!stack.isEmpty()) {
            Line next = stack.pop();
            SemanticElement element = next.element();
            if (!element.actionability().visible()) {
                continue; // nor anything under it: a closed menu's items
            }
            int childDepth = next.depth();
            if (!layout(element)) {
                lines.add(next);
                childDepth++;
            }
            List<SemanticElement> under = children.getOrDefault(element.elementId(), List.of());
            for (int i = under.size() - 1; i >= 0; i--) {
                stack.push(new Line(under.get(i), childDepth));
            }
        }
        return lines;
    }

    /**
     * @param lines     what {@link #lines} chose from the observation
     * @param truncated whether the observation itself was cut short
     * @param readBacks what each element holds, by tag (empty when the platform cannot read back)
     */
    static Page write(List<Line> lines, boolean truncated, Map<String, ReadBack> readBacks, int offset, int maxBytes) {
        StringBuilder out = new StringBuilder();
        int bytes = 0;
        int written = 0;
        int nextOffset = -1;
        for (int i = offset; i < lines.size(); i++) {
            Line next = lines.get(i);
            String text = line(next.element(), readBacks.get(next.element().tag()), next.depth());
            int size = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > maxBytes && written > 0) {
                nextOffset = i;
                break;
            }
            out.append(text);
            bytes += size;
            written++;
        }
        if (nextOffset >= 0) {
            out.append("- [more: observe again with offset=").append(nextOffset).append("]\n");
        } else if (truncated) {
            out.append("- [truncated]\n");
        }
        return new Page(out.toString(), written, lines.size(), nextOffset);
    }

    private static boolean layout(SemanticElement element) {
        return LAYOUT.contains(element.role())
                && (element.name() == null || element.name().isBlank())
                && !element.actionability().invokable()
                && !element.actionability().editable();
    }

    private static String line(SemanticElement element, ReadBack readBack, int depth) {
        StringBuilder out = new StringBuilder(64);
        out.append("  ".repeat(Math.max(0, depth))).append("- ").append(element.role());
        if (element.name() != null && !element.name().isBlank()) {
            out.append(' ');
            quote(out, element.name(), TEXT_CHARS);
        }
        out.append(" [").append(element.tag()).append(']');
        if (readBack == null) {
            if (!element.actionability().enabled()) {
                out.append(" [disabled]");
            }
            if (element.actionability().editable()) {
                out.append(" [editable]");
            }
            return out.append('\n').toString();
        }
        if (readBack.value() != null) {
            out.append(" [value=").append(NumericValue.canonical(readBack.value()));
            if (readBack.min() != null && readBack.max() != null) {
                out.append(" of ")
                        .append(NumericValue.canonical(readBack.min()))
                        .append("..")
                        .append(NumericValue.canonical(readBack.max()));
            }
            out.append(']');
        }
        if (readBack.checked() != null) {
            out.append(readBack.checked() ? " [checked]" : " [unchecked]");
        }
        if (readBack.selected()) {
            out.append(" [selected]");
        }
        if (readBack.focused()) {
            out.append(" [focused]");
        }
        if (readBack.expanded() != null) {
            out.append(readBack.expanded() ? " [expanded]" : " [collapsed]");
        }
        if (!readBack.enabled()) {
            out.append(" [disabled]");
        }
        if (element.actionability().editable()) {
            out.append(" [editable]");
        }
        if (readBack.text() != null && !readBack.text().equals(element.name())) {
            out.append(" [text=");
            quote(out, readBack.text(), TEXT_CHARS);
            if (readBack.textLength() != null && readBack.textLength() > TEXT_CHARS) {
                out.append(" of ").append(readBack.textLength()).append(" chars");
            }
            out.append(']');
        } else if (readBack.text() == null && readBack.textLength() != null && readBack.textLength() > 0) {
            // a password field: only its length
            out.append(" [text_length=").append(readBack.textLength()).append(']');
        }
        return out.append('\n').toString();
    }

    /** {@code value} quoted on one line: at most {@code limit} characters, line breaks written as {@code \n}. */
    private static void quote(StringBuilder out, String value, int limit) {
        out.append('"');
        int end = Math.min(value.length(), limit);
        for (int i = 0; i < end; i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r' || c == '\t') {
                out.append(' ');
            } else {
                out.append(c);
            }
        }
        if (value.length() > limit) {
            out.append('…');
        }
        out.append('"');
    }
}
