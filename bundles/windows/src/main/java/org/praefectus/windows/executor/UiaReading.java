package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.nativecore.desktop.ElementReading;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * What one UIA element holds now, as the desktop service reads it back: the Value pattern's value as its text (cut to
 * {@link ReadBack#TEXT_LIMIT}; a text control's name, which is its text), the Toggle pattern's state as checked, the
 * SelectionItem pattern's selection, keyboard focus, editable (a writable value), enabled. A password field
 * ({@code IsPassword}) is never asked for its value; UIA gives no length without it.
 */
final class UiaReading {

    /** {@code UIA_TextControlTypeId}: a label, whose name is its text. */
    static final int TEXT = 50020;

    private UiaReading() {}

    /** The element's backend identity: its runtime id, unique while it lives. */
    static String id(UiaNode node) {
        return "uia:" + node.runtimeId();
    }

    static ElementReading read(UiaApi uia, UiaNode node) {
        String whole = text(uia, node);
        String text = whole == null || whole.length() <= ReadBack.TEXT_LIMIT
                ? whole
                : whole.substring(0, ReadBack.TEXT_LIMIT);
        boolean editable = node.valuePattern() && !node.valueReadOnly();
        List<String> states = new ArrayList<>();
        if (node.enabled()) {
            states.add("enabled");
            states.add("sensitive");
        }
        if (node.keyboardFocus()) {
            states.add("focused");
        }
        if (node.bounds() != null && !node.offscreen()) {
            states.add("visible");
            states.add("showing");
        }
        if (editable) {
            states.add("editable");
        }
        if (node.selected()) {
            states.add("selected");
        }
        if (Boolean.TRUE.equals(node.toggled())) {
            states.add("checked");
        }
        if (node.password()) {
            states.add(ElementReading.PASSWORD);
        }
        return new ElementReading(
                id(node),
                states,
                new ReadBack(
                        text,
                        whole == null ? null : whole.length(),
                        null,
                        null,
                        null,
                        null,
                        node.toggled(),
                        node.selected(),
                        node.keyboardFocus(),
                        null,
                        editable,
                        node.enabled()));
    }

    /** The element's whole text, or {@code null}: never a password field's. */
    static String text(UiaApi uia, UiaNode node) {
        if (node.password()) {
            return null;
        }
        if (node.valuePattern()) {
            return uia.value(node.element());
        }
        return node.controlType() == TEXT ? node.name() : null;
    }
}
