package org.praefectus.mcp.host;

import java.util.Optional;
import org.praefectus.api.desktop.SelectableItems;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * {@code act select} (#36): the item of a list, table, tree or combo box chosen by its name, signed as the
 * container's {@code set_value} with the item's name as the value (the executor selects it through AT-SPI Selection
 * and reads it back). What the observation already shows is checked before anyone is asked ({@link SelectableItems}).
 */
final class ItemChoice {

    private ItemChoice() {}

    /** Why {@code select} of {@code item} on {@code container} cannot run, or empty. */
    static Optional<KnownRefusals.Refusal> refusal(
            SemanticElement container, String item, SemanticObservation observation) {
        if (container == null) {
            return Optional.empty(); // an old tag: the engine's fence answers
        }
        return SelectableItems.refusal(container, item, observation)
                .map(
                        refused -> new KnownRefusals.Refusal(
                                refused.code(),
                                refused.getMessage(),
                                refused.code().equals("not_selectable")
                                        ? "act select on the list, table, tree or combo box itself (observe shows their roles)"
                                        : "observe again and name one of its items exactly (a table's row by its first named cell)"));
    }
}
