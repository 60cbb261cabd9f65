package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.nativecore.InputPlan;
import org.praefectus.windows.uia.WinInput;

/**
 * Input as {@code INPUT}s for {@code SendInput}: keys as virtual-key codes, text as {@code KEYEVENTF_UNICODE}
 * down/up pairs, pointer actions as absolute mouse inputs.
 */
final class SendInputPlan implements InputPlan.Keyboard<Integer, WinInput> {

    /** MOUSEEVENTF_MOVE. */
    static final int MOVE = 0x0001;

    /** VK_CONTROL, 'A', VK_DELETE, VK_RETURN. */
    private static final int CONTROL = 0x11;

    private static final int A = 0x41;
    private static final int DELETE = 0x2E;
    private static final int RETURN = 0x0D;

    /** UTF-16 units sent between two cancellation checks. */
    private static final int TEXT_CHUNK = 32;

    /** The keyboard actions' plan over {@code INPUT}s. */
    static final InputPlan<Integer, WinInput> PLAN = new InputPlan<>(new SendInputPlan());

    private SendInputPlan() {}

    @Override
    public Integer key(String name) {
        return VirtualKeys.of(name);
    }

    @Override
    public List<Integer> selectAll() {
        return List.of(CONTROL, A);
    }

    @Override
    public Integer delete() {
        return DELETE;
    }

    @Override
    public Integer enter() {
        return RETURN;
    }

    @Override
    public List<WinInput> tap(Integer key) {
        return List.of(new WinInput.Key(key, true), new WinInput.Key(key, false));
    }

    @Override
    public List<WinInput> chord(List<Integer> keys) {
        return SendInputPlan.chordOf(keys);
    }

    @Override
    public List<List<WinInput>> text(String text) {
        List<List<WinInput>> chunks = new ArrayList<>();
        for (int start = 0; start < text.length(); start += TEXT_CHUNK) {
            List<WinInput> chunk = new ArrayList<>();
            for (int i = start; i < Math.min(text.length(), start + TEXT_CHUNK); i++) {
                chunk.add(new WinInput.Unicode(text.charAt(i), true));
                chunk.add(new WinInput.Unicode(text.charAt(i), false));
            }
            chunks.add(chunk);
        }
        return chunks;
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

    /** The keys pressed in order, then released in reverse. */
    static List<WinInput> chordOf(List<Integer> keys) {
        List<WinInput> inputs = new ArrayList<>();
        for (int key : keys) {
            inputs.add(new WinInput.Key(key, true));
        }
        for (int i = keys.size() - 1; i >= 0; i--) {
            inputs.add(new WinInput.Key(keys.get(i), false));
        }
        return inputs;
    }
}
