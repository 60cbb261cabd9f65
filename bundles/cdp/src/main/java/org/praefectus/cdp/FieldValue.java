package org.praefectus.cdp;

import java.nio.charset.StandardCharsets;

/**
 * What an observation says about a field's value: its length in UTF-8 bytes for text a person typed (never the text,
 * never anything of a password field), and the chosen option of a {@code <select>}, which is the page's own label.
 *
 * @param length the value's length in UTF-8 bytes, or -1 when not reported
 * @param option the chosen option's label of a {@code <select>}, or {@code null}
 */
record FieldValue(long length, String option) {

    static final FieldValue NONE = new FieldValue(-1, null);

    static FieldValue of(DomNodes dom, int node, AxTree.Entry entry, AxSemantics semantics) {
        if (entry.field() != null) {
            return entry.field();
        }
        String value = entry.value();
        String tag = dom.name(node);
        if (value == null && semantics.editable() && (tag.equals("INPUT") || tag.equals("TEXTAREA"))) {
            // Chromium leaves an empty field's value out
            value = "";
        }
        if (value == null || semantics.protectedValue()) {
            return NONE;
        }
        if (tag.equals("SELECT")) {
            return new FieldValue(-1, AxSemantics.text(value));
        }
        boolean password = tag.equals("INPUT") && "password".equalsIgnoreCase(dom.attribute(node, "type"));
        // a file input's accessibility value is the browser's own caption ("No file chosen"), not a value: its files
        // are reported by name instead
        boolean file = tag.equals("INPUT") && "file".equalsIgnoreCase(dom.attribute(node, "type"));
        if (password || file || !(semantics.editable() || tag.equals("INPUT") || tag.equals("TEXTAREA"))) {
            return NONE;
        }
        return new FieldValue(value.getBytes(StandardCharsets.UTF_8).length, null);
    }
}
