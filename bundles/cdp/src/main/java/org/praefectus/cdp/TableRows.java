package org.praefectus.cdp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of the page's tables as labels: a repeated control (each row's "Edit") says nothing on its own, least of all
 * in a part of a large page whose rows are in another part, so it carries its row's label (#39 defect 5). Chromium
 * names a row only when the page does ({@code aria-label}); otherwise the label is its cells' names in order, the
 * control's own left out.
 */
final class TableRows {

    /** Longest label, in characters: enough to tell rows apart, short enough for every repeated control's line. */
    static final int MAX_LABEL_CHARS = 60;

    private static final Set<String> ROWS = Set.of("row");
    private static final Set<String> CELLS = Set.of("cell", "gridcell", "rowheader");
    /** How far up a control may lie below its row (cell, wrappers): rows never nest deeply. */
    private static final int MAX_UP = 16;

    private final List<AxTree.Entry> entries;
    private final int[] parents;
    private final Map<Integer, List<Integer>> cellsByRow = new HashMap<>();

    private TableRows(List<AxTree.Entry> entries, int[] parents) {
        this.entries = entries;
        this.parents = parents;
    }

    /**
     * The rows of entries placed in the page's order, {@code parents[i]} being the index of entry {@code i}'s nearest
     * reported ancestor (-1 for none).
     */
    static TableRows of(List<AxTree.Entry> entries, int[] parents) {
        TableRows rows = new TableRows(entries, parents);
        for (int i = 0; i < entries.size(); i++) {
            int parent = parents[i];
            if (parent >= 0
                    && CELLS.contains(entries.get(i).semantics().role())
                    && ROWS.contains(entries.get(parent).semantics().role())) {
                rows.cellsByRow
                        .computeIfAbsent(parent, r -> new java.util.ArrayList<>())
                        .add(i);
            }
        }
        return rows;
    }

    /** The label of the row entry {@code placed} lies in, or {@code null} outside a row. */
    String label(int placed, String ownName) {
        int row = -1;
        for (int up = parents[placed], steps = 0; up >= 0 && steps < MAX_UP; up = parents[up], steps++) {
            if (ROWS.contains(entries.get(up).semantics().role())) {
                row = up;
                break;
            }
        }
        if (row < 0) {
            return null;
        }
        String own = entries.get(row).semantics().name();
        if (own != null) {
            return cut(own);
        }
        StringBuilder label = new StringBuilder();
        for (int cell : cellsByRow.getOrDefault(row, List.of())) {
            String name = entries.get(cell).semantics().name();
            if (name != null && !name.equals(ownName)) {
                label.append(label.length() == 0 ? "" : " ").append(name);
            }
            if (label.length() > MAX_LABEL_CHARS) {
                break;
            }
        }
        return label.length() == 0 ? null : cut(label.toString());
    }

    private static String cut(String label) {
        return label.length() <= MAX_LABEL_CHARS ? label : label.substring(0, MAX_LABEL_CHARS - 1) + "…";
    }
}
