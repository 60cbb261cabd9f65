package org.praefectus.linux.atspi;

/** The AT-SPI role numbers ({@code AtspiRole}) the executor treats specially. */
public final class Roles {

    public static final int ALERT = 2;
    public static final int COMBO_BOX = 11;
    public static final int DIALOG = 16;
    public static final int FRAME = 23;
    public static final int WINDOW = 69;

    private Roles() {}

    /** Roles that make a top-level surface: frames, dialogs (alerts are dialogs too) and plain windows. */
    public static boolean isWindow(int role) {
        return role == ALERT || role == DIALOG || role == FRAME || role == WINDOW;
    }
}
