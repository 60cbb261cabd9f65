package org.praefectus.macos.executor;

import java.util.List;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;

/**
 * Which children an element has: {@code AXChildren}, falling back to {@code AXRows} and then
 * {@code AXVisibleChildren} when the preceding axis is absent, empty or larger than {@link #MAX_AXIS_ITEMS}.
 * Observation and dispatch both use this one rule, so an index path means the same element at both times.
 */
final class AxTraversal {

    /** The axes, in precedence order. */
    static final List<String> AXES = List.of("AXChildren", "AXRows", "AXVisibleChildren");

    /** The largest collection one axis may hold before the next axis is tried (reference: 2,048). */
    static final int MAX_AXIS_ITEMS = 2_048;

    /**
     * The children of one element and the axis they came from.
     *
     * @param axis     the axis used, or {@code null} when none qualified
     * @param elements the children, in axis order
     * @param overBound whether an axis was passed over because it held more than the bound
     */
    record Children(String axis, List<AxElement> elements, boolean overBound) {}

    private final AxApi ax;

    AxTraversal(AxApi ax) {
        this.ax = ax;
    }

    Children children(AxElement element) {
        boolean overBound = false;
        for (String axis : AXES) {
            long count = ax.count(element, axis);
            if (count <= 0) {
                continue;
            }
            if (count > MAX_AXIS_ITEMS) {
                overBound = true;
                continue;
            }
            if (ax.attribute(element, axis) instanceof AxValue.Elements list
                    && !list.elements().isEmpty()
                    && list.elements().size() <= MAX_AXIS_ITEMS) {
                return new Children(axis, list.elements(), overBound);
            }
        }
        return new Children(null, List.of(), overBound);
    }

    /**
     * The element at an index path below {@code root}, or {@code null} when an index no longer exists.
     */
    AxElement resolve(AxElement root, List<Integer> path) {
        AxElement current = root;
        for (int index : path) {
            List<AxElement> children = children(current).elements();
            if (index < 0 || index >= children.size()) {
                return null;
            }
            current = children.get(index);
        }
        return current;
    }
}
