package org.praefectus.api.desktop;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * The {@code select} verb's check of what an observation already shows (#36): an item of a list, table, tree or combo
 * box is chosen by its name, signed as the container's {@code set_value} of that name, so the element must be such a
 * container and an element of that name must lie within it. Every surface asks this before anything is signed or
 * anyone is asked; the executor still decides on the live tree (a table's row is named by its first named cell).
 */
public final class SelectableItems {

    /** The roles whose items {@code select} chooses, as the observation names them. */
    public static final Set<String> CONTAINER_ROLES =
            Set.of("list", "list box", "table", "tree", "tree table", "combo box");

    /** How far below the container an item's name may sit: a combo box's menu item, a list row's label. */
    private static final int ITEM_DEPTH = 3;

    private SelectableItems() {}

    /**
     * Why {@code select} of {@code item} on {@code container} cannot run: {@code not_selectable} (no list, table, tree
     * or combo box) or {@code no_such_item} (no element of exactly that name within it); empty when it can be tried.
     */
    public static Optional<DesktopException> refusal(
            SemanticElement container, String item, SemanticObservation observation) {
        if (!CONTAINER_ROLES.contains(container.role())) {
            return Optional.of(new DesktopException(
                    "not_selectable",
                    "the element is a " + container.role() + ", not a list, table, tree or combo box"));
        }
        Map<String, SemanticElement> byId = new HashMap<>();
        observation.elements().forEach(e -> byId.put(e.elementId(), e));
        for (SemanticElement element : observation.elements()) {
            if (item.equals(element.name()) && within(element, container, byId)) {
                return Optional.empty();
            }
        }
        return Optional.of(
                new DesktopException("no_such_item", "the " + container.role() + " shows no item of that name"));
    }

    private static boolean within(
            SemanticElement element, SemanticElement container, Map<String, SemanticElement> byId) {
        SemanticElement current = element;
        for (int depth = 0; depth < ITEM_DEPTH && current != null && current.parentId() != null; depth++) {
            if (current.parentId().equals(container.elementId())) {
                return true;
            }
            current = byId.get(current.parentId());
        }
        return false;
    }
}
