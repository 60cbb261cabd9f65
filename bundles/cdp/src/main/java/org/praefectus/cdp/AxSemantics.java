package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * What one accessibility node says about its element: role, name (redacted for protected fields), hidden, disabled,
 * and whether the role is activatable or its value editable. The same reading is used at observation and at each
 * live revalidation, so the fingerprint means the same thing at both.
 *
 * @param role      the role, for example {@code button}
 * @param name      the accessible name (control characters removed, at most 1,024 UTF-8 bytes), or {@code null}
 * @param protectedValue whether the value is protected (a password field): its name and value never leave
 * @param hidden    the accessibility tree reports it hidden
 * @param disabled  the accessibility tree reports it disabled
 * @param invokable its role has an activation
 * @param editable  its value is editable and not read-only
 */
record AxSemantics(
        String role,
        String name,
        boolean protectedValue,
        boolean hidden,
        boolean disabled,
        boolean invokable,
        boolean editable) {

    /** The name a protected field carries instead of its own. */
    static final String REDACTED = "[redacted]";

    private static final Set<String> INVOKABLE_ROLES = Set.of(
            "button",
            "checkbox",
            "link",
            "menuitem",
            "menuitemcheckbox",
            "menuitemradio",
            "option",
            "radio",
            "switch",
            "tab",
            "treeitem");

    /**
     * Reads one non-ignored node.
     *
     * @return {@code null} when the node has no usable role (none, presentational or empty)
     */
    static AxSemantics of(JsonNode node) {
        String role = text(node.path("role").path("value"));
        if (role == null || role.equals("none") || utf8Length(role) > 128) {
            return null;
        }
        boolean protectedValue = bool(node, "protected");
        return of(
                role,
                text(node.path("name").path("value")),
                protectedValue,
                bool(node, "hidden"),
                bool(node, "disabled"),
                bool(node, "readonly"),
                property(node, "editable") != null);
    }

    /**
     * The same reading from facts gathered elsewhere (the DOM snapshot at observation), so both sources follow one
     * rule for redaction, activation and editability.
     *
     * @param name the accessible name, cleaned here as {@link #text} cleans it
     */
    static AxSemantics of(
            String role,
            String name,
            boolean protectedValue,
            boolean hidden,
            boolean disabled,
            boolean readonly,
            boolean editableProperty) {
        boolean editable = !readonly && (editableProperty || role.equals("textbox") || role.equals("searchbox"));
        return new AxSemantics(
                role,
                protectedValue ? REDACTED : text(name),
                protectedValue,
                hidden,
                disabled,
                INVOKABLE_ROLES.contains(role),
                editable);
    }

    private static JsonNode property(JsonNode node, String name) {
        for (JsonNode property : node.path("properties")) {
            if (name.equals(property.path("name").asText(null))) {
                return property.path("value");
            }
        }
        return null;
    }

    private static boolean bool(JsonNode node, String name) {
        JsonNode value = property(node, name);
        return value != null && value.path("value").asBoolean(false);
    }

    /** Trimmed text without control characters, cut to 1,024 UTF-8 bytes on a code point; null when empty. */
    static String text(JsonNode value) {
        return value == null || !value.isTextual() ? null : text(value.asText());
    }

    /** Trimmed text without control characters, cut to 1,024 UTF-8 bytes on a code point; null when empty. */
    static String text(String value) {
        if (value == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        int bytes = 0;
        String trimmed = value.strip();
        for (int i = 0; i < trimmed.length(); ) {
            int codePoint = trimmed.codePointAt(i);
            i += Character.charCount(codePoint);
            if (Character.isISOControl(codePoint)) {
                continue;
            }
            int size = utf8Length(codePoint);
            if (bytes + size > 1_024) {
                break;
            }
            bytes += size;
            out.appendCodePoint(codePoint);
        }
        String result = out.toString().strip();
        return result.isEmpty() ? null : result;
    }

    /** Whether {@link #text} cuts this name to its byte bound. */
    static boolean cut(JsonNode value) {
        if (value == null || !value.isTextual() || value.asText().length() <= 256) {
            return false;
        }
        return utf8Length(value.asText().strip()) > 1_024;
    }

    /**
     * The UTF-8 length of one code point as {@link String#getBytes} encodes it (a lone surrogate becomes one {@code ?}),
     * counted without encoding: every name of a page passes here, 28,000 of them on a large table.
     */
    static int utf8Length(int codePoint) {
        if (codePoint < 0x80 || (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE)) {
            return 1;
        }
        return codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    }

    private static int utf8Length(String value) {
        return value.getBytes(StandardCharsets.UTF_8).length;
    }
}
