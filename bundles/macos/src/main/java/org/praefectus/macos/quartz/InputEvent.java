package org.praefectus.macos.quartz;

/** One synthesized Quartz event ({@code CGEventCreate*Event}), before it is posted. */
public sealed interface InputEvent {

    /**
     * A virtual key going down or up.
     *
     * @param keyCode the virtual key code
     * @param down    down or up
     * @param flags   the {@code CGEventFlags} of held modifiers
     */
    record Key(int keyCode, boolean down, long flags) implements InputEvent {}

    /**
     * Text typed as one keyboard event pair ({@code CGEventKeyboardSetUnicodeString}, at most 20 UTF-16 units).
     *
     * @param text the UTF-16 units (secret)
     */
    record Unicode(String text) implements InputEvent {
        public Unicode {
            if (text.isEmpty() || text.length() > 20) {
                throw new IllegalArgumentException("unicode chunks hold 1..20 UTF-16 units");
            }
        }

        @Override
        public String toString() {
            return "Unicode[text=[redacted]]";
        }
    }

    /**
     * A scroll wheel event in lines at a point ({@code CGEventCreateScrollWheelEvent}).
     *
     * @param x      where, global points
     * @param y      where, global points
     * @param deltaY lines, positive up
     * @param deltaX lines, positive left
     */
    record Wheel(double x, double y, int deltaY, int deltaX) implements InputEvent {}

    /**
     * A mouse event ({@code CGEventCreateMouseEvent}).
     *
     * @param type       the {@code CGEventType} (for example {@code kCGEventLeftMouseDown} = 1)
     * @param x          where, global points
     * @param y          where, global points
     * @param button     the {@code CGMouseButton}
     * @param clickState the click count the event carries
     */
    record Mouse(int type, double x, double y, int button, int clickState) implements InputEvent {}
}
