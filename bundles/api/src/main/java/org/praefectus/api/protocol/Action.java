package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import java.util.List;

/**
 * What the request asks the executor to do; JSON tagged by {@code kind}. Construction checks only the
 * wire types; bounds that depend on the target or on policy are checked by {@link RequestValidation}.
 * Text, keys, values and clipboard contents are redacted in {@code toString}.
 */
public sealed interface Action {

    /** The wire {@code kind}, also the receipt's {@code action_name}. */
    String kind();

    /**
     * The route an action takes when nothing else is known, as the reference's
     * {@code action_delivery_route}: target-addressed for element actions, unknown for scroll (it depends
     * on the target), pointer for everything else.
     */
    static DeliveryRoute deliveryRoute(Action action) {
        if (action instanceof Invoke
                || action instanceof SetValue
                || action instanceof SelectText
                || action instanceof PerformSecondaryAction) {
            return DeliveryRoute.TARGET_ADDRESSED;
        }
        return action instanceof Scroll ? DeliveryRoute.UNKNOWN : DeliveryRoute.POINTER;
    }

    /**
     * Whether actions of this wire {@code kind} move the pointer, and so must be aimed at a screen point: click, move,
     * scroll and drag. The one test of it; an executor that cannot place an element on the screen refuses these at
     * elements.
     */
    static boolean pointerKind(String kind) {
        return kind.equals("click") || kind.equals("move") || kind.equals("scroll") || kind.equals("drag");
    }

    /**
     * Whether the action carries one of this protocol's additions to the reference's input actions: a pace
     * ({@code duration_ms}, {@code steps}, {@code key_delay_ms}) or a modifier release. An executor that cannot
     * deliver one refuses the action without effect rather than delivering it some other way.
     */
    static boolean paced(Action action) {
        if (action instanceof Move move) {
            return move.durationMs() != null || move.steps() != null;
        } else if (action instanceof Drag drag) {
            return drag.durationMs() != null || drag.steps() != null;
        } else if (action instanceof Hotkey hotkey) {
            return hotkey.keyDelayMs() != null || hotkey.releaseBefore() || hotkey.releaseAfter();
        }
        return false;
    }

    /** The platform accessibility activation action; never a pointer click. */
    record Invoke() implements Action {
        @Override
        public String kind() {
            return "invoke";
        }
    }

    /**
     * A pointer click.
     *
     * @param button                  the button
     * @param count                   clicks, u32
     * @param allowCoordinateFallback whether a semantic target may fall back to its coordinates
     */
    record Click(MouseButton button, long count, boolean allowCoordinateFallback) implements Action {
        public Click {
            present(button, "button");
            Checks.u32(count, "count");
        }

        @Override
        public String kind() {
            return "click";
        }
    }

    /**
     * Synthesized typing.
     *
     * @param text        the text (secret)
     * @param clear       clear the field first
     * @param pressReturn press return afterwards
     * @param delayMs     delay between characters, u64, or {@code null}
     */
    record TypeText(String text, boolean clear, boolean pressReturn, Long delayMs) implements Action {
        public TypeText {
            present(text, "text");
            if (delayMs != null) {
                Checks.u64(delayMs, "delay_ms");
            }
        }

        @Override
        public String kind() {
            return "type_text";
        }

        @Override
        public String toString() {
            return "TypeText[text=" + Protocol.REDACTED + ", clear=" + clear + ", pressReturn=" + pressReturn
                    + ", delayMs=" + delayMs + "]";
        }
    }

    /**
     * A key press, repeated.
     *
     * @param key     the key name (secret: a key sequence can spell a password)
     * @param count   repetitions, u32
     * @param delayMs delay between presses, u64, or {@code null}
     */
    record Press(String key, long count, Long delayMs) implements Action {
        public Press {
            present(key, "key");
            Checks.u32(count, "count");
            if (delayMs != null) {
                Checks.u64(delayMs, "delay_ms");
            }
        }

        @Override
        public String kind() {
            return "press";
        }

        @Override
        public String toString() {
            return "Press[key=" + Protocol.REDACTED + ", count=" + count + ", delayMs=" + delayMs + "]";
        }
    }

    /**
     * Paste text through the clipboard.
     *
     * @param text the text (secret)
     */
    record Paste(String text) implements Action {
        public Paste {
            present(text, "text");
        }

        @Override
        public String kind() {
            return "paste";
        }

        @Override
        public String toString() {
            return "Paste[text=" + Protocol.REDACTED + "]";
        }
    }

    /**
     * A key chord. The reference's action is {@code keys} alone; the other three fields are this protocol's
     * additions, absent from the JSON (and so from the action hash) when unset, so a reference chord hashes as
     * before.
     *
     * @param keys          the keys, pressed together (secret)
     * @param keyDelayMs    pause between two key events of the chord, u64, or {@code null} for none
     * @param releaseBefore release each modifier key the keyboard holds down before the chord
     * @param releaseAfter  release each modifier key the keyboard still holds down after the chord
     */
    record Hotkey(List<String> keys, Long keyDelayMs, boolean releaseBefore, boolean releaseAfter) implements Action {
        public Hotkey {
            keys = Checks.list(keys, "keys");
            if (keyDelayMs != null) {
                Checks.u64(keyDelayMs, "key_delay_ms");
            }
        }

        /** The reference's chord: no pace, no release. */
        public Hotkey(List<String> keys) {
            this(keys, null, false, false);
        }

        @Override
        public String kind() {
            return "hotkey";
        }

        @Override
        public String toString() {
            return "Hotkey[keys=" + Protocol.REDACTED + ", keyDelayMs=" + keyDelayMs + ", releaseBefore="
                    + releaseBefore + ", releaseAfter=" + releaseAfter + "]";
        }
    }

    /**
     * Scroll.
     *
     * @param direction the direction
     * @param amount    steps, u32
     */
    record Scroll(Direction direction, long amount) implements Action {
        public Scroll {
            present(direction, "direction");
            Checks.u32(amount, "amount");
        }

        @Override
        public String kind() {
            return "scroll";
        }
    }

    /**
     * Move the pointer to the target. {@code durationMs} and {@code steps} are this protocol's addition to the
     * reference's field-less move (absent from the JSON when unset): the path from where the pointer is to the
     * target in {@code steps} equal motions spread over {@code durationMs}.
     *
     * @param durationMs how long the path takes, u64, or {@code null} for at once
     * @param steps      motions along the path, u32, or {@code null} for the executor's own path
     */
    record Move(Long durationMs, Long steps) implements Action {
        public Move {
            Checks.pace(durationMs, steps);
        }

        /** The reference's move: straight to the target. */
        public Move() {
            this(null, null);
        }

        @Override
        public String kind() {
            return "move";
        }
    }

    /**
     * Drag from the request's coordinate target to a second fenced coordinate target; both endpoints are
     * bound by the action hash. {@code durationMs} and {@code steps} are this protocol's addition, as for
     * {@link Move}: the path between the two endpoints while the button is held.
     *
     * @param to         the fenced destination
     * @param button     the button held during the drag
     * @param durationMs how long the path takes, u64, or {@code null} for at once
     * @param steps      motions along the path, u32, or {@code null} for the executor's own path
     */
    record Drag(TargetRef to, MouseButton button, Long durationMs, Long steps) implements Action {
        public Drag {
            present(to, "to");
            present(button, "button");
            Checks.pace(durationMs, steps);
        }

        /** The reference's drag: the executor's own path. */
        public Drag(TargetRef to, MouseButton button) {
            this(to, button, null, null);
        }

        @Override
        public String kind() {
            return "drag";
        }
    }

    /**
     * Set the accessibility selected-text range of the target.
     *
     * @param start  first selected character, u32
     * @param length selected characters, u32
     */
    record SelectText(long start, long length) implements Action {
        public SelectText {
            Checks.u32(start, "start");
            Checks.u32(length, "length");
        }

        @Override
        public String kind() {
            return "select_text";
        }
    }

    /**
     * Dispatch one allowlisted accessibility action that the live element still advertises.
     *
     * @param name the accessibility action name, for example {@code AXShowMenu}
     */
    record PerformSecondaryAction(String name) implements Action {
        public PerformSecondaryAction {
            present(name, "name");
        }

        @Override
        public String kind() {
            return "perform_secondary_action";
        }
    }

    /**
     * Set the target's value; requires {@link VerificationPolicy.TargetValueHash} of this value.
     *
     * @param value the value (secret)
     */
    record SetValue(String value) implements Action {
        public SetValue {
            present(value, "value");
        }

        @Override
        public String kind() {
            return "set_value";
        }

        @Override
        public String toString() {
            return "SetValue[value=" + Protocol.REDACTED + "]";
        }
    }

    /**
     * Capture the display into a PNG file the host names; the image never enters the protocol. Without a
     * target the whole display is captured (the reference's form); a coordinate target captures the fenced
     * display and is fenced first.
     *
     * @param path the absolute {@code .png} file path, in an existing directory
     */
    record Screenshot(String path) implements Action {
        public Screenshot {
            present(path, "path");
        }

        @Override
        public String kind() {
            return "screenshot";
        }

        /**
         * The file this screenshot names when it lies directly in {@code directory}: executors confine the
         * signed path to the directory their host owns, so an approved path cannot reach anywhere else.
         *
         * @param directory the host-owned screenshot directory
         * @return the file, or empty when the path is elsewhere or not a path
         */
        public java.util.Optional<java.nio.file.Path> fileIn(java.nio.file.Path directory) {
            try {
                java.nio.file.Path file = java.nio.file.Path.of(path).normalize();
                java.nio.file.Path parent = file.getParent();
                return file.isAbsolute()
                                && parent != null
                                && parent.equals(directory.toAbsolutePath().normalize())
                        ? java.util.Optional.of(file)
                        : java.util.Optional.empty();
            } catch (java.nio.file.InvalidPathException e) {
                return java.util.Optional.empty();
            }
        }
    }

    /**
     * Auxiliary host-level action on an application named by string, not by a fenced target.
     *
     * @param operation what to do
     * @param name      the application name (secret: it says what the user works with)
     */
    record Application(ApplicationOperation operation, String name) implements Action {
        public Application {
            present(operation, "operation");
            present(name, "name");
        }

        @Override
        public String kind() {
            return "application";
        }

        @Override
        public String toString() {
            return "Application[operation=" + operation + ", name=" + Protocol.REDACTED + "]";
        }
    }

    /**
     * Auxiliary host-level action on a window named by application and title, not by a fenced target.
     *
     * @param operation what to do
     * @param app       the application name; {@code null} decodes but never validates
     * @param title     the window title, or {@code null} (only {@code focus} may omit it)
     */
    record Window(WindowOperation operation, String app, String title) implements Action {
        public Window {
            present(operation, "operation");
        }

        @Override
        public String kind() {
            return "window";
        }

        @Override
        public String toString() {
            return "Window[operation=" + operation + ", app=" + Protocol.REDACTED + ", title=" + Protocol.REDACTED
                    + "]";
        }
    }

    /**
     * Auxiliary host-level action: open a document or URL.
     *
     * @param target  what to open (secret: URLs carry tokens)
     * @param app     the application to open it with, or {@code null} for the default handler
     * @param noFocus open without bringing the handler to the front
     */
    record Open(String target, String app, boolean noFocus) implements Action {
        public Open {
            present(target, "target");
        }

        @Override
        public String kind() {
            return "open";
        }

        @Override
        public String toString() {
            return "Open[target=" + Protocol.REDACTED + ", app=" + Protocol.REDACTED + ", noFocus=" + noFocus + "]";
        }
    }

    /**
     * Auxiliary host-level action: put text on the clipboard.
     *
     * @param text the clipboard contents (secret)
     */
    record ClipboardWrite(String text) implements Action {
        public ClipboardWrite {
            present(text, "text");
        }

        @Override
        public String kind() {
            return "clipboard_write";
        }

        @Override
        public String toString() {
            return "ClipboardWrite[text=" + Protocol.REDACTED + "]";
        }
    }
}
