package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.nativecore.desktop.ElementReading;

/**
 * What one AX element holds now, as the desktop service reads it back: text ({@code AXValue} of the text roles, cut
 * to {@link ReadBack#TEXT_LIMIT}), its length ({@code AXNumberOfCharacters}), a numeric value with its bounds, checked
 * (check boxes, radio buttons), {@code AXSelected}, {@code AXExpanded}, focused, editable, enabled. A secure text
 * field ({@code AXSecureTextField}) is never asked for its value: only its length shows.
 */
final class MacReading {

    /** The roles whose {@code AXValue} is their text. */
    static final Set<String> TEXT_ROLES = Set.of("AXTextField", "AXTextArea", "AXComboBox", "AXStaticText");
    /** The roles whose {@code AXValue} is a number between {@code AXMinValue} and {@code AXMaxValue}. */
    static final Set<String> NUMERIC_ROLES =
            Set.of("AXSlider", "AXProgressIndicator", "AXIncrementor", "AXLevelIndicator", "AXValueIndicator");
    /** The roles whose {@code AXValue} is 0 (off), 1 (on) or 2 (mixed). */
    static final Set<String> CHECKABLE_ROLES = Set.of("AXCheckBox", "AXRadioButton");

    private MacReading() {}

    /** The element's backend identity: its window's number and index path, as the executor finds it again. */
    static String id(long windowNumber, List<Integer> path) {
        return "ax:" + windowNumber + "/" + MacObserver.pathText(path);
    }

    static ElementReading read(AxApi ax, AxElement element, ElementFacts facts, String id) {
        boolean password = "AXSecureTextField".equals(facts.subrole());
        boolean textRole = TEXT_ROLES.contains(facts.role());
        String text = null;
        Integer length = null;
        if (ax.attribute(element, "AXNumberOfCharacters") instanceof AxValue.Numeric characters) {
            length = (int) characters.value();
        }
        Double value = null;
        Double min = null;
        Double max = null;
        Boolean checked = null;
        if (!password) {
            AxValue current = ax.attribute(element, "AXValue");
            if (textRole && current.text() != null) {
                String whole = current.text();
                length = length == null ? whole.length() : length;
                text = whole.length() > ReadBack.TEXT_LIMIT ? whole.substring(0, ReadBack.TEXT_LIMIT) : whole;
            } else if (NUMERIC_ROLES.contains(facts.role()) && current instanceof AxValue.Numeric number) {
                value = number.value();
                min = number(ax.attribute(element, "AXMinValue"));
                max = number(ax.attribute(element, "AXMaxValue"));
            } else if (CHECKABLE_ROLES.contains(facts.role()) && current instanceof AxValue.Numeric state) {
                checked = state.value() == 1;
            }
        }
        boolean selected = ax.attribute(element, "AXSelected").flag(false);
        Boolean expanded = ax.attribute(element, "AXExpanded") instanceof AxValue.Flag flag ? flag.value() : null;
        boolean editable = (textRole || password) && facts.valueSettable();
        List<String> states = new ArrayList<>();
        if (facts.enabled()) {
            states.add("enabled");
            states.add("sensitive");
        }
        if (facts.focused()) {
            states.add("focused");
        }
        if (facts.bounds() != null && !facts.hidden()) {
            states.add("visible");
            states.add("showing");
        }
        if (editable) {
            states.add("editable");
        }
        if (selected) {
            states.add("selected");
        }
        if (Boolean.TRUE.equals(checked)) {
            states.add("checked");
        }
        if (Boolean.TRUE.equals(expanded)) {
            states.add("expanded");
        }
        if (password) {
            states.add(ElementReading.PASSWORD);
        }
        return new ElementReading(
                id,
                states,
                new ReadBack(
                        text,
                        textRole || password ? length : null,
                        value,
                        min,
                        max,
                        null,
                        checked,
                        selected,
                        facts.focused(),
                        expanded,
                        editable,
                        facts.enabled()));
    }

    private static Double number(AxValue value) {
        return value instanceof AxValue.Numeric number ? number.value() : null;
    }
}
