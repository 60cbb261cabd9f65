package org.praefectus.linux.atspi;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.protocol.Rect;

/**
 * What the cache does not carry and is read per object: screen extents and action names.
 *
 * @param bounds  screen extents with a positive area, or {@code null}
 * @param actions the action names, in index order
 */
public record NodeDetails(Rect bounds, List<String> actions) {

    /** The activation actions {@code invoke} may perform. */
    private static final Set<String> ACTIVATION = Set.of("activate", "click", "press");

    public NodeDetails {
        actions = List.copyOf(actions);
    }

    /**
     * The index of {@code node}'s one activation action, or empty when there is none, more than one (ambiguous),
     * or the node is editable text: an entry's {@code activate} is its Return key and submits the dialog it sits
     * in, which is never what a click on it means (#36 defect 2).
     */
    public Optional<Integer> invokeAction(AccessibleNode node) {
        return node.editable() ? Optional.empty() : invokeAction();
    }

    /** The index of the one activation action, or empty when there is none or more than one (ambiguous). */
    Optional<Integer> invokeAction() {
        int found = -1;
        for (int i = 0; i < actions.size(); i++) {
            if (ACTIVATION.contains(actions.get(i).toLowerCase(Locale.ROOT))) {
                if (found >= 0) {
                    return Optional.empty();
                }
                found = i;
            }
        }
        return found < 0 ? Optional.empty() : Optional.of(found);
    }
}
