package org.praefectus.mcp.host;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * {@code act select} (#36): the item of a list, table, tree or combo box chosen by its name, signed as the
 * container's {@code set_value} with the item's name as the value (the executor selects it through AT-SPI Selection
 * and reads it back; a table's row is named by its first cell). What the observation already shows is checked before
 * anyone is asked: the element must be such a container, and an element of that name must lie within it.
 */
final class ItemChoice {

    /** The roles whose items {@code select} chooses. */
    static final Set<String> CONTAINER_ROLES = Set.of("list", "list box", "table", "tree", "tree table", "combo box");

    /** How far below the container an item's name may sit: a combo box's menu item, a list row's label. */
    private static final int ITEM_DEPTH = 3;

    private ItemChoice() {}

    /** Why {@code select} of {@code item} on {@code container} cannot run, or empty. */
    static Optional<KnownRefusals.Refusal> refusal(
            SemanticElement container, String item, SemanticObservation observation) {
        if (container == null) {
            return Optional.empty(); // an old tag: the engine's fence answers
        }
        if (!CONTAINER_ROLES.contains(container.role())) {
            return Optional.of(new KnownRefusals.Refusal(
                    "not_selectable",
                    "the element is a " + container.role() + ", not a list, table, tree or combo box",
                    "act select on the list, table, tree or combo box itself (observe shows their roles)"));
        }
        Map<String, SemanticElement> byId = new HashMap<>();
        observation.elements().forEach(e -> byId.put(e.elementId(), e));
        for (SemanticElement element : observation.elements()) {
            if (item.equals(element.name()) && within(element, container, byId)) {
                return Optional.empty();
            }
        }
        return Optional.of(new KnownRefusals.Refusal(
                "no_such_item",
                "the " + container.role() + " shows no item of that name",
                "observe again and name one of its items exactly (a table's row by its first cell)"));
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
