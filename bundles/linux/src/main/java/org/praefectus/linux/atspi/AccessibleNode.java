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
}
