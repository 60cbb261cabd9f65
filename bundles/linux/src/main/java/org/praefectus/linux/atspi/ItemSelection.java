package org.praefectus.linux.atspi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.types.UInt32;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.ExecutorException;

/**
 * {@code set_value} on a list, a table or a tree (#36 "selection in lists … and tables"): the container's value is the
 * name of its first selected item, and setting it selects the one item of that name — a list's child through
 * {@code Selection.SelectChild}, a table's row (named by its first cell with a name: a leading check box column has
 * none) through {@code Table.AddRowSelection}, since GTK's tables refuse SelectChild. An item's name is its accessible name,
 * or, when it has none (a GtkListBox row), its first child's (the row's label). No pointer, no keys. It succeeds only
 * when the item reads back selected both ways: its own {@code SELECTED} state and the container's
 * {@code Selection.IsChildSelected}, and is the only item selected. A list or table that lets several items be
 * selected keeps what was selected when GTK adds the item (SelectChild and AddRowSelection add, and GTK 3 does not
 * say {@code MULTISELECTABLE}); the item is to be the selection, as a plain click makes it, so when more than one
 * item reads back selected, every item is deselected ({@code Selection.ClearSelection}) and the item selected again.
 */
final class ItemSelection {

    /** Most selected children (and cells before a row's name) read for a value: a row's cells. */
    static final int MAX_SELECTED_READ = 64;

    private final AtspiBus bus;

    ItemSelection(AtspiBus bus) {
        this.bus = bus;
    }

    /** A candidate item: its object and its index among the container's children, asked of the toolkit. */
    private record Candidate(AtspiObject item, PendingCall<Integer> index) {}

    /**
     * Makes the one item named {@code value} of {@code container} its selection; no item or several of that name are
     * refused before the effect.
     */
    void select(
            LiveElement element,
            AccessibleNode container,
            String value,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (!element.actionable()) {
            throw SemanticActions.notActionable("semantic target is not actionable");
        }
        ApplicationTree tree = element.snapshot().window().application();
        boolean table = Roles.isTable(container.roleCode());
        List<Candidate> candidates = new ArrayList<>();
        for (AtspiObject child : tree.childrenOf(container.object())) {
            AccessibleNode node = tree.nodes().get(child);
            if (node != null
                    && (!table || node.roleCode() == Roles.TABLE_CELL)
                    && label(tree, node).equals(value)) {
                candidates.add(new Candidate(child, bus.indexInParent(child)));
            }
        }
        AtspiObject chosen = null;
        int chosenIndex = -1;
        int row = -1;
        int named = 0;
        try {
            List<PendingCall<Integer>> rows = new ArrayList<>();
            List<PendingCall<Integer>> columns = new ArrayList<>();
            List<Integer> indexes = new ArrayList<>();
            for (Candidate candidate : candidates) {
                int index = candidate.index().await(cancellation, deadlineAtMs);
                indexes.add(index);
                rows.add(table ? bus.rowAtIndex(element.object(), index) : null);
                columns.add(table ? bus.columnAtIndex(element.object(), index) : null);
            }
            for (int i = 0; i < candidates.size(); i++) {
                if (indexes.get(i) < 0) {
                    continue;
                }
                int candidateRow = table ? rows.get(i).await(cancellation, deadlineAtMs) : -1;
                // a table's row is named by its first cell with a name: a cell after it is no item
                if (table && !namesItsRow(element.object(), candidateRow, columns.get(i), cancellation, deadlineAtMs)) {
                    continue;
                }
                chosen = candidates.get(i).item();
                chosenIndex = indexes.get(i);
                row = candidateRow;
                named++;
            }
        } catch (ExecutorException e) {
            throw DispatchException.noEffect("the list's or table's items could not be placed");
        }
        if (named != 1) {
            throw DispatchException.noEffect(
                    named == 0
                            ? (table
                                    ? "the table has no row of that name (its first named cell)"
                                    : "the list has no item of that name")
                            : (table
                                    ? "the table has several rows of that name (their first named cells)"
                                    : "the list has several items of that name"));
        }
        if (table && row < 0) {
            throw DispatchException.noEffect("the table's row could not be placed");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        PendingCall<Boolean> call = choose(element.object(), table, row, chosenIndex);
        Boolean answered;
        boolean cleared = false;
        int selectedItems;
        boolean containerSays;
        boolean itemSays;
        // the request is on the wire: from here on nothing is "before effect", and the read-back decides
        long until = Math.max(deadlineAtMs, System.currentTimeMillis() + 1);
        try {
            answered = call.await(new CancellationToken(), until);
            selectedItems = selectedItems(element.object(), table, until);
            if (selectedItems > 1) {
                // a multi-selection list or table added the item to what was selected: only the item is to stay
                cleared = true;
                bus.clearSelection(element.object()).await(new CancellationToken(), until);
                answered = choose(element.object(), table, row, chosenIndex).await(new CancellationToken(), until);
                selectedItems = selectedItems(element.object(), table, until);
            }
            PendingCall<Boolean> selected = bus.isChildSelected(element.object(), chosenIndex);
            PendingCall<List<UInt32>> states = bus.states(chosen);
            containerSays = selected.await(new CancellationToken(), until);
            itemSays =
                    AtspiState.of(states.await(new CancellationToken(), until)).has(AtspiState.SELECTED);
        } catch (ExecutorException e) {
            throw DispatchException.ambiguous("accessibility outcome is unknown");
        }
        if (containerSays && itemSays && selectedItems == 1) {
            return;
        }
        if (!cleared && !answered && !containerSays && !itemSays) {
            // the toolkit said no and nothing reads back selected
            throw DispatchException.noEffect("the toolkit did not select the item");
        }
        throw DispatchException.ambiguous("the item does not read back as the one selected item");
    }

    /** Selects a table's row ({@code Table.AddRowSelection}) or a list's child ({@code Selection.SelectChild}). */
    private PendingCall<Boolean> choose(AtspiObject container, boolean table, int row, int index) {
        return table ? bus.addRowSelection(container, row) : bus.selectChild(container, index);
    }

    /** How many items are selected now: a table's rows, a list's children. */
    private int selectedItems(AtspiObject container, boolean table, long until) throws ExecutorException {
        return (table ? bus.selectedRowCount(container) : bus.selectedChildCount(container))
                .await(new CancellationToken(), until);
    }

    /** Whether no cell of {@code row} before {@code column} has a name (unnamed cells: a check box's column). */
    private boolean namesItsRow(
            AtspiObject table, int row, PendingCall<Integer> column, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        int before = column.await(cancellation, deadlineAtMs);
        if (row < 0 || before < 0 || before > MAX_SELECTED_READ) {
            return false;
        }
        List<PendingCall<ObjectRef>> cells = new ArrayList<>();
        for (int k = 0; k < before; k++) {
            cells.add(bus.cellAt(table, row, k));
        }
        for (PendingCall<ObjectRef> cell : cells) {
            AtspiObject object = cell.await(cancellation, deadlineAtMs).toObject();
            if (object.valid()
                    && !object.isNull()
                    && !liveLabel(object, cancellation, deadlineAtMs).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * SHA-256 hex of the container's value, read now: the name of its first selected item (of a table's selected row,
     * its first named cell), the empty text when none is selected.
     */
    String selectedHash(AtspiObject container, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        int count = Math.min(bus.selectedChildCount(container).await(cancellation, deadlineAtMs), MAX_SELECTED_READ);
        String name = "";
        for (int i = 0; i < count && name.isEmpty(); i++) {
            AtspiObject selected = bus.selectedChild(container, i)
                    .await(cancellation, deadlineAtMs)
                    .toObject();
            if (selected.valid() && !selected.isNull()) {
                name = liveLabel(selected, cancellation, deadlineAtMs);
            }
        }
        return Sha256.hex(name.getBytes(StandardCharsets.UTF_8));
    }

    /** {@link #label} asked of the toolkit now. */
    private String liveLabel(AtspiObject item, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        String name = bus.name(item).await(cancellation, deadlineAtMs);
        if (name.isEmpty() && bus.childCount(item).await(cancellation, deadlineAtMs) > 0) {
            name = bus.name(bus.childAtIndex(item, 0)
                            .await(cancellation, deadlineAtMs)
                            .toObject())
                    .await(cancellation, deadlineAtMs);
        }
        return name;
    }

    /** An item's name: its own, else its first child's (a list row's label). */
    static String label(ApplicationTree tree, AccessibleNode node) {
        if (!node.name().isEmpty()) {
            return node.name();
        }
        List<AtspiObject> children = tree.childrenOf(node.object());
        AccessibleNode first = children.isEmpty() ? null : tree.nodes().get(children.get(0));
        return first == null ? "" : first.name();
    }
}
