package org.praefectus.linux.atspi;

import java.util.List;

/**
 * One accessible object as its application's cache reported it.
 *
 * @param object        the object
 * @param parent        its parent, or the AT-SPI null reference
 * @param indexInParent its position among its siblings
 * @param roleCode      the AT-SPI role number
 * @param name          the accessible name, possibly empty
 * @param interfaces    the AT-SPI interfaces it implements, sorted
 * @param state         its states
 */
public record AccessibleNode(
        AtspiObject object,
        AtspiObject parent,
        int indexInParent,
        int roleCode,
        String name,
        List<String> interfaces,
        AtspiState state) {

    public static final String ACTION = "org.a11y.atspi.Action";
    public static final String COMPONENT = "org.a11y.atspi.Component";
    public static final String TEXT = "org.a11y.atspi.Text";
    public static final String EDITABLE_TEXT = "org.a11y.atspi.EditableText";
    public static final String VALUE = "org.a11y.atspi.Value";
    public static final String SELECTION = "org.a11y.atspi.Selection";

    public AccessibleNode {
        interfaces = interfaces.stream().sorted().toList();
    }

    static AccessibleNode of(CacheItem item) {
        return new AccessibleNode(
                item.object.toObject(),
                item.parent.toObject(),
                item.indexInParent,
                item.role.intValue(),
                item.name == null ? "" : item.name,
                item.interfaces,
                AtspiState.of(item.states));
    }

    /** This node under another accessible name. */
    AccessibleNode named(String otherName) {
        return new AccessibleNode(object, parent, indexInParent, roleCode, otherName, interfaces, state);
    }

    public boolean has(String iface) {
        return interfaces.contains(iface);
    }

    /** Implements EditableText and is editable and not read-only. */
    public boolean editable() {
        return has(EDITABLE_TEXT) && state.has(AtspiState.EDITABLE) && !state.has(AtspiState.READ_ONLY);
    }

    /**
     * Holds a number a person sets (a slider, a spin button): implements Value and takes the focus, which a
     * progress or level bar (Value too, but only shown) does not, and is not read-only.
     */
    public boolean numeric() {
        return has(VALUE) && state.has(AtspiState.FOCUSABLE) && !state.has(AtspiState.READ_ONLY);
    }

    /**
     * A combo box that chooses one of its items (AT-SPI Selection): its accessible name is the chosen item's, so
     * that name is its value, not what it is.
     */
    public boolean choice() {
        return roleCode == Roles.COMBO_BOX && has(SELECTION);
    }

    /**
     * A list, table or tree whose items are selected through AT-SPI Selection: {@code set_value} selects the item of
     * that name (a table's row by its first named cell), and its value is the name of its first selected item.
     */
    public boolean itemContainer() {
        return Roles.isItemContainer(roleCode) && has(SELECTION);
    }

    /** What {@code set_value} sets: its number, its chosen or selected item, else its editable text. */
    public boolean settable() {
        return numeric() || choice() || itemContainer() || editable();
    }
}
