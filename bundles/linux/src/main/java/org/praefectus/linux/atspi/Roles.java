package org.praefectus.linux.atspi;

/** The AT-SPI role numbers ({@code AtspiRole}) the executor treats specially. */
public final class Roles {

    public static final int ALERT = 2;
    public static final int COMBO_BOX = 11;
    public static final int DIALOG = 16;
    public static final int FRAME = 23;
    public static final int LIST = 31;
    public static final int TABLE = 55;
    public static final int TABLE_CELL = 56;
    public static final int TREE = 65;
    public static final int TREE_TABLE = 66;
    public static final int WINDOW = 69;
    public static final int LIST_BOX = 98;

    private Roles() {}

    /** Roles that make a top-level surface: frames, dialogs (alerts are dialogs too) and plain windows. */
    public static boolean isWindow(int role) {
        return role == ALERT || role == DIALOG || role == FRAME || role == WINDOW;
    }

    /** Roles of containers whose children are items a person selects: lists, tables and trees. */
    public static boolean isItemContainer(int role) {
        return role == LIST || role == LIST_BOX || isTable(role);
    }

    /** Tables and trees: their children are cells, and a row is what is selected. */
    public static boolean isTable(int role) {
        return role == TABLE || role == TREE || role == TREE_TABLE;
    }
}
