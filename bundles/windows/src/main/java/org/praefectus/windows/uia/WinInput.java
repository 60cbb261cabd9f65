package org.praefectus.windows.uia;

import java.util.Set;

/** One {@code INPUT} for {@code SendInput}. */
public sealed interface WinInput {

    /**
     * A virtual key ({@code KEYBDINPUT.wVk}).
     *
     * @param virtualKey the key
     * @param down       down or up
     * @param extended   {@code KEYEVENTF_EXTENDEDKEY}: without it Windows reads the navigation keys as their
     *                   numeric-keypad twins, and with Num Lock on it drops Shift from Shift+arrow, so a selection
     *                   hotkey would move the caret instead
     */
    record Key(int virtualKey, boolean down, boolean extended) implements WinInput {

        /** Page Up/Down, End, Home, the arrows, Insert, Delete, the Windows and Applications keys. */
        private static final Set<Integer> EXTENDED =
                Set.of(0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x2D, 0x2E, 0x5B, 0x5C, 0x5D);

        /** The key, extended exactly when it is one of the extended keyboard's navigation or system keys. */
        public Key(int virtualKey, boolean down) {
            this(virtualKey, down, EXTENDED.contains(virtualKey));
        }
    }

    /**
     * One UTF-16 unit typed as {@code KEYEVENTF_UNICODE}.
     *
     * @param unit the unit (secret)
     * @param down down or up
     */
    record Unicode(char unit, boolean down) implements WinInput {
        @Override
        public String toString() {
            return "Unicode[unit=[redacted], down=" + down + "]";
        }
    }

    /**
     * A mouse event at an absolute virtual-screen point ({@code MOUSEEVENTF_ABSOLUTE | MOUSEEVENTF_VIRTUALDESK}).
     *
     * @param flags the {@code MOUSEEVENTF_*} button or move flags
     * @param x     physical pixels on the virtual screen
     * @param y     physical pixels on the virtual screen
     */
    record Mouse(int flags, long x, long y) implements WinInput {}
}
