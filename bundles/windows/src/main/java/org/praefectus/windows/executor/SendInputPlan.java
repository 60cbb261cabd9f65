package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.windows.uia.WinInput;

/** Input actions as chunks of {@code INPUT}s, every key resolved before the first one is sent. */
final class InputPlan {

    /** MOUSEEVENTF_MOVE. */
    static final int MOVE = 0x0001;

    private InputPlan() {}

    static List<List<WinInput>> typing(Action.TypeText type) {
        List<List<WinInput>> chunks = new ArrayList<>();
        if (type.clear()) {
            chunks.add(chord(List.of(0x11, 0x41)));
            chunks.add(tap(0x2E));
        }
        String text = type.text();
        for (int start = 0; start < text.length(); start += 32) {
            List<WinInput> chunk = new ArrayList<>();
            for (int i = start; i < Math.min(text.length(), start + 32); i++) {
                chunk.add(new WinInput.Unicode(text.charAt(i), true));
                chunk.add(new WinInput.Unicode(text.charAt(i), false));
            }
            chunks.add(chunk);
        }
        if (type.pressReturn()) {
            chunks.add(tap(0x0D));
        }
        return chunks;
    }

    static List<List<WinInput>> press(Action.Press press) throws DispatchException {
        Integer key = VirtualKeys.of(press.key());
        if (key == null) {
            throw DispatchException.noEffect("unknown key name");
        }
        List<List<WinInput>> chunks = new ArrayList<>();
        for (long i = 0; i < press.count(); i++) {
            chunks.add(tap(key));
        }
        return chunks;
    }

    static List<List<WinInput>> hotkey(Action.Hotkey hotkey) throws DispatchException {
        if (hotkey.keys().isEmpty() || hotkey.keys().size() > 8) {
            throw DispatchException.noEffect("a hotkey names 1 to 8 keys");
        }
        List<Integer> keys = new ArrayList<>();
        for (String name : hotkey.keys()) {
            Integer key = VirtualKeys.of(name);
            if (key == null) {
                throw DispatchException.noEffect("unknown key name");
            }
            keys.add(key);
        }
        return List.of(chord(keys));
    }

    static List<List<WinInput>> pointer(Action action, long x, long y, long toX, long toY) throws DispatchException {
        if (action instanceof Action.Move) {
            return List.of(List.of(new WinInput.Mouse(MOVE, x, y)));
        }
        if (action instanceof Action.Click click) {
            int[] flags = buttonFlags(click.button());
            List<List<WinInput>> chunks = new ArrayList<>();
            for (long i = 0; i < click.count(); i++) {
                chunks.add(List.of(
                        new WinInput.Mouse(MOVE, x, y),
                        new WinInput.Mouse(flags[0], x, y),
                        new WinInput.Mouse(flags[1], x, y)));
            }
            return chunks;
        }
        if (action instanceof Action.Drag drag) {
            int[] flags = buttonFlags(drag.button());
            return List.of(List.of(
                    new WinInput.Mouse(MOVE, x, y),
                    new WinInput.Mouse(flags[0], x, y),
                    new WinInput.Mouse(MOVE, toX, toY),
                    new WinInput.Mouse(flags[1], toX, toY)));
        }
        throw DispatchException.unsupported("not a pointer action");
    }

    /** MOUSEEVENTF_*DOWN and *UP for a button. */
    private static int[] buttonFlags(MouseButton button) {
        return switch (button) {
            case LEFT -> new int[] {0x0002, 0x0004};
            case RIGHT -> new int[] {0x0008, 0x0010};
            case MIDDLE -> new int[] {0x0020, 0x0040};
        };
    }

    static List<WinInput> chord(List<Integer> keys) {
        List<WinInput> inputs = new ArrayList<>();
        for (int key : keys) {
            inputs.add(new WinInput.Key(key, true));
        }
        for (int i = keys.size() - 1; i >= 0; i--) {
            inputs.add(new WinInput.Key(keys.get(i), false));
        }
        return inputs;
    }

    private static List<WinInput> tap(int key) {
        return List.of(new WinInput.Key(key, true), new WinInput.Key(key, false));
    }
}
