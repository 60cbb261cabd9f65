package org.praefectus.nativecore;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;

/**
 * Keyboard actions as chunks of the platform's input events, every key resolved before the first event is
 * sent: an unknown key refuses the action with no effect. A chunk is what is sent between two cancellation
 * and deadline checks.
 *
 * @param <K> the platform's key (a virtual key code, a key code with its modifier flag)
 * @param <E> the platform's input event
 */
public final class InputPlan<K, E> {

    /** The most keys one hotkey may name. */
    public static final int MAX_HOTKEY_KEYS = 8;

    /** How a platform names and sends keys. */
    public interface Keyboard<K, E> {

        /** The key of a protocol key name, {@code null} when there is none. */
        K key(String name);

        /** The chord that selects all of a text field (Command+A, Ctrl+A). */
        List<K> selectAll();

        /** The key that deletes the selection. */
        K delete();

        /** The key that submits ({@code Return}, {@code Enter}). */
        K enter();

        /** One key pressed and released. */
        List<E> tap(K key);

        /** The keys pressed in order, then released in reverse. */
        List<E> chord(List<K> keys);

        /** Text as the platform types it, in chunks that never split a character. */
        List<List<E>> text(String text);
    }

    private final Keyboard<K, E> keyboard;

    public InputPlan(Keyboard<K, E> keyboard) {
        this.keyboard = keyboard;
    }

    /** Typing inserts at the caret; only {@code clear} first selects all and deletes it. */
    public List<List<E>> typing(Action.TypeText type) {
        List<List<E>> chunks = new ArrayList<>();
        if (type.clear()) {
            chunks.add(keyboard.chord(keyboard.selectAll()));
            chunks.add(keyboard.tap(keyboard.delete()));
        }
        chunks.addAll(keyboard.text(type.text()));
        if (type.pressReturn()) {
            chunks.add(keyboard.tap(keyboard.enter()));
        }
        return chunks;
    }

    /** One key, {@code count} times. */
    public List<List<E>> press(Action.Press press) throws DispatchException {
        K key = known(press.key());
        List<List<E>> chunks = new ArrayList<>();
        for (long i = 0; i < press.count(); i++) {
            chunks.add(keyboard.tap(key));
        }
        return chunks;
    }

    /** One chord of 1 to {@value #MAX_HOTKEY_KEYS} keys. */
    public List<List<E>> hotkey(Action.Hotkey hotkey) throws DispatchException {
        if (hotkey.keys().isEmpty() || hotkey.keys().size() > MAX_HOTKEY_KEYS) {
            throw DispatchException.noEffect("a hotkey names 1 to " + MAX_HOTKEY_KEYS + " keys");
        }
        List<K> keys = new ArrayList<>();
        for (String name : hotkey.keys()) {
            keys.add(known(name));
        }
        return List.of(keyboard.chord(keys));
    }

    private K known(String name) throws DispatchException {
        K key = keyboard.key(name);
        if (key == null) {
            throw DispatchException.noEffect("unknown key name");
        }
        return key;
    }
}
