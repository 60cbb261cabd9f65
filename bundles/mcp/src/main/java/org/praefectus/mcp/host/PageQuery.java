package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Map;
import org.praefectus.api.protocol.SemanticElement;

/**
 * What browser mode's {@code find} and {@code wait_for} look for in a page observation: an element of a {@code role}
 * (exactly, as the outline writes it, ignoring case) whose accessible name contains {@code name}, or any element or
 * static text whose name contains {@code text} (ignoring case). Only what a person sees counts: an element or text
 * observed hidden ({@code [hidden]}) never matches, so hidden text cannot satisfy a wait or be found.
 *
 * @param role the role, or {@code null} for any
 * @param name part of the accessible name, or {@code null} for any
 * @param text part of any element's or text's name, or {@code null} (never with role or name)
 */
record PageQuery(String role, String name, String text) {

    /** The query of a call's {@code role}, {@code name} and {@code text}; at least one, text alone. */
    static PageQuery of(Map<String, Object> args) {
        String role = ToolArguments.stringArgument(args, "role", false);
        String name = ToolArguments.stringArgument(args, "name", false);
        String text = ToolArguments.stringArgument(args, "text", false);
        if (text != null && (role != null || name != null)) {
            throw new ToolArguments.InvalidArgument("give text alone, or role and/or name");
        }
        if (text == null && role == null && name == null) {
            throw new ToolArguments.InvalidArgument("give text, or role and/or name");
        }
        return new PageQuery(role, name, text);
    }

    boolean matches(SemanticElement element) {
        boolean document = element.role().equals("RootWebArea");
        if (!document && !element.actionability().visible()) {
            return false;
        }
        String shownRole = element.role().equals("StaticText") ? "text" : element.role();
        if (text != null) {
            return contains(element.name(), text);
        }
        return (role == null || shownRole.equalsIgnoreCase(role)) && (name == null || contains(element.name(), name));
    }

    /** What the query looks for, for an answer's {@code condition} and a timeout's message (never a value typed). */
    String describe() {
        if (text != null) {
            return "text \"" + text + "\"";
        }
        return (role == null ? "an element" : role) + (name == null ? "" : " named \"" + name + "\"");
    }

    private static boolean contains(String value, String part) {
        return value != null && value.toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT));
    }
}
