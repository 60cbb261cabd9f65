package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.macos.quartz.InputEvent;

/**
 * Keyboard actions as chunks of Quartz events, every key resolved before the first event. A chunk is what
 * is posted between two cancellation and deadline checks.
 */
final class InputPlan {

    private InputPlan() {}

    static List<List<InputEvent>> typing(Action.TypeText type) {
        List<List<InputEvent>> chunks = new ArrayList<>();
        if (type.clear()) {
            chunks.add(chord(List.of(KeyCodes.COMMAND, KeyCodes.A)));
            chunks.add(tap(KeyCodes.DELETE, 0));
        }
        String text = type.text();
        for (int start = 0; start < text.length(); ) {
            int end = Math.min(text.length(), start + 20);
            // a chunk never splits a surrogate pair
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end--;
            }
            chunks.add(List.of(new InputEvent.Unicode(text.substring(start, end))));
            start = end;
        }
        if (type.pressReturn()) {
            chunks.add(tap(KeyCodes.RETURN, 0));
        }
        return chunks;
    }

    static List<List<InputEvent>> press(Action.Press press) throws DispatchException {
        KeyCodes.Key key = KeyCodes.of(press.key());
        if (key == null) {
            throw DispatchException.noEffect("unknown key name");
        }
        List<List<InputEvent>> chunks = new ArrayList<>();
        for (long i = 0; i < press.count(); i++) {
            chunks.add(tap(key, 0));
        }
        return chunks;
    }

    static List<List<InputEvent>> hotkey(Action.Hotkey hotkey) throws DispatchException {
        if (hotkey.keys().isEmpty() || hotkey.keys().size() > 8) {
            throw DispatchException.noEffect("a hotkey names 1 to 8 keys");
        }
        List<KeyCodes.Key> keys = new ArrayList<>();
        for (String name : hotkey.keys()) {
            KeyCodes.Key key = KeyCodes.of(name);
            if (key == null) {
                throw DispatchException.noEffect("unknown key name");
            }
            keys.add(key);
        }
        return List.of(chord(keys));
    }

    /** Command+V: the paste keystroke once the text is on the pasteboard. */
    static List<List<InputEvent>> pasteKeystroke() {
        return List.of(chord(List.of(KeyCodes.COMMAND, KeyCodes.V)));
    }

    /** The keys pressed in order with the flags of the modifiers held so far, then released in reverse. */
    static List<InputEvent> chord(List<KeyCodes.Key> keys) {
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

    private static List<InputEvent> tap(KeyCodes.Key key, long flags) {
        return List.of(new InputEvent.Key(key.code(), true, flags), new InputEvent.Key(key.code(), false, flags));
    }
}
