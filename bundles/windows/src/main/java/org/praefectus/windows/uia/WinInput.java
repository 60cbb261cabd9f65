package org.praefectus.windows.uia;

/** One {@code INPUT} for {@code SendInput}. */
public sealed interface WinInput {

    /**
     * A virtual key ({@code KEYBDINPUT.wVk}).
     *
     * @param virtualKey the key
     * @param down       down or up
     */
    record Key(int virtualKey, boolean down) implements WinInput {}

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
