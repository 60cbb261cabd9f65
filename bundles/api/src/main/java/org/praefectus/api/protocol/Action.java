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
     * A key chord.
     *
     * @param keys the keys, pressed together (secret)
     */
    record Hotkey(List<String> keys) implements Action {
        public Hotkey {
            keys = Checks.list(keys, "keys");
        }

        @Override
        public String kind() {
            return "hotkey";
        }

        @Override
        public String toString() {
            return "Hotkey[keys=" + Protocol.REDACTED + "]";
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

    /** Move the pointer to the target. */
    record Move() implements Action {
        @Override
        public String kind() {
            return "move";
        }
    }

    /**
     * Drag from the request's coordinate target to a second fenced coordinate target; both endpoints are
     * bound by the action hash.
     *
     * @param to     the fenced destination
     * @param button the button held during the drag
     */
    record Drag(TargetRef to, MouseButton button) implements Action {
        public Drag {
            present(to, "to");
            present(button, "button");
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
