package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.macos.quartz.InputEvent;
import org.praefectus.nativecore.InputPlan;

/** Keys and text as Quartz events: key codes with the flags of the modifiers held, text as Unicode strings. */
final class QuartzKeyboard implements InputPlan.Keyboard<KeyCodes.Key, InputEvent> {

    private static final QuartzKeyboard KEYBOARD = new QuartzKeyboard();

    /** The keyboard actions' plan over Quartz events. */
    static final InputPlan<KeyCodes.Key, InputEvent> PLAN = new InputPlan<>(KEYBOARD);

    /** UTF-16 units in one Unicode event: {@code CGEventKeyboardSetUnicodeString} takes at most 20. */
    private static final int TEXT_CHUNK = 20;

    private QuartzKeyboard() {}

    /** Command+V: the paste keystroke once the text is on the pasteboard. */
    static List<List<InputEvent>> pasteKeystroke() {
        return List.of(KEYBOARD.chord(List.of(KeyCodes.COMMAND, KeyCodes.V)));
    }

    @Override
    public KeyCodes.Key key(String name) {
        return KeyCodes.of(name);
    }

    @Override
    public List<KeyCodes.Key> selectAll() {
        return List.of(KeyCodes.COMMAND, KeyCodes.A);
    }

    @Override
    public KeyCodes.Key delete() {
        return KeyCodes.DELETE;
    }

    @Override
    public KeyCodes.Key enter() {
        return KeyCodes.RETURN;
    }

    @Override
    public List<InputEvent> tap(KeyCodes.Key key) {
        return List.of(new InputEvent.Key(key.code(), true, 0), new InputEvent.Key(key.code(), false, 0));
    }

    /** The keys pressed in order with the flags of the modifiers held so far, then released in reverse. */
    @Override
    public List<InputEvent> chord(List<KeyCodes.Key> keys) {
        List<InputEvent> events = new ArrayList<>();
        long flags = 0;
        for (KeyCodes.Key key : keys) {
            flags |= key.modifierFlag();
            events.add(new InputEvent.Key(key.code(), true, flags));
        }
        for (int i = keys.size() - 1; i >= 0; i--) {
            KeyCodes.Key key = keys.get(i);
            flags &= ~key.modifierFlag();
            events.add(new InputEvent.Key(key.code(), false, flags));
        }
        return events;
    }

    @Override
    public List<List<InputEvent>> text(String text) {
        List<List<InputEvent>> chunks = new ArrayList<>();
        for (int start = 0; start < text.length(); ) {
            int end = Math.min(text.length(), start + TEXT_CHUNK);
            // a chunk never splits a surrogate pair
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end--;
            }
            chunks.add(List.of(new InputEvent.Unicode(text.substring(start, end))));
            start = end;
        }
        return chunks;
    }
}
