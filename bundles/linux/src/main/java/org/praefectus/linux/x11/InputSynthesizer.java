package org.praefectus.linux.x11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;

/**
 * Global pointer and keyboard input through XTest. Every key name and character is turned into a keycode
 * before the first event, so text that cannot be typed is refused with no effect rather than half typed.
 * Cancellation and the deadline are checked before every event; after the first one a stop is ambiguous.
 */
public final class InputSynthesizer {

    private static final NativeLong NO_DELAY = new NativeLong(0);
    private static final long SHIFT_L = 0xffe1;

    private final X11Session session;

    public InputSynthesizer(X11Session session) {
        this.session = session;
    }

    /** One step of a plan: a key or button going down or up, a pointer motion, or a pause. */
    private sealed interface Step {
        record Key(int keycode, boolean press) implements Step {}

        record Button(int button, boolean press) implements Step {}

        record Motion(int x, int y) implements Step {}

        record Pause(long millis) implements Step {}
    }

    public void move(long x, long y, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        run(List.of(new Step.Motion((int) x, (int) y)), cancellation, deadlineAtMs);
    }

    public void click(long x, long y, MouseButton button, long count, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (count < 1 || count > 3) {
            throw DispatchException.noEffect("click count must be 1 to 3");
        }
        List<Step> steps = new ArrayList<>();
        steps.add(new Step.Motion((int) x, (int) y));
        for (int i = 0; i < count; i++) {
            steps.add(new Step.Button(button(button), true));
            steps.add(new Step.Button(button(button), false));
        }
        run(steps, cancellation, deadlineAtMs);
    }

    public void drag(
            long fromX,
            long fromY,
            long toX,
            long toY,
            MouseButton button,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        run(
                List.of(
                        new Step.Motion((int) fromX, (int) fromY),
                        new Step.Button(button(button), true),
                        new Step.Motion((int) ((fromX + toX) / 2), (int) ((fromY + toY) / 2)),
                        new Step.Motion((int) toX, (int) toY),
                        new Step.Button(button(button), false)),
                cancellation,
                deadlineAtMs);
    }

    public void scroll(
            long x, long y, Direction direction, long amount, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (amount < 1 || amount > 100) {
            throw DispatchException.noEffect("scroll amount must be 1 to 100");
        }
        // X reports wheel steps as buttons 4 (up), 5 (down), 6 (left), 7 (right)
        int wheel = switch (direction) {
            case UP -> 4;
            case DOWN -> 5;
            case LEFT -> 6;
            case RIGHT -> 7;
        };
        List<Step> steps = new ArrayList<>();
        steps.add(new Step.Motion((int) x, (int) y));
        for (long i = 0; i < amount; i++) {
            steps.add(new Step.Button(wheel, true));
            steps.add(new Step.Button(wheel, false));
        }
        run(steps, cancellation, deadlineAtMs);
    }

    public void press(String key, long count, Long delayMs, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (count < 1 || count > 100) {
            throw DispatchException.noEffect("press count must be 1 to 100");
        }
        int keycode = keycodes(List.of(key)).get(0);
        List<Step> steps = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            if (i > 0 && delayMs != null && delayMs > 0) {
                steps.add(new Step.Pause(delayMs));
            }
            steps.add(new Step.Key(keycode, true));
            steps.add(new Step.Key(keycode, false));
        }
        run(steps, cancellation, deadlineAtMs);
    }

    public void hotkey(List<String> keys, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (keys.isEmpty() || keys.size() > 8) {
            throw DispatchException.noEffect("a hotkey has 1 to 8 keys");
        }
        List<Integer> keycodes = keycodes(keys);
        List<Step> steps = new ArrayList<>();
        keycodes.forEach(keycode -> steps.add(new Step.Key(keycode, true)));
        for (int i = keycodes.size() - 1; i >= 0; i--) {
            steps.add(new Step.Key(keycodes.get(i), false));
        }
        run(steps, cancellation, deadlineAtMs);
    }

    public void typeText(
            String text,
            boolean clear,
            boolean pressReturn,
            Long delayMs,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (text.indexOf('\0') >= 0 || text.length() > 16 * 1024) {
            throw DispatchException.noEffect("text cannot be typed");
        }
        List<Step> steps = new ArrayList<>();
        if (clear) {
            List<Integer> selectAll = keycodes(List.of("ctrl", "a"));
            steps.add(new Step.Key(selectAll.get(0), true));
            steps.add(new Step.Key(selectAll.get(1), true));
            steps.add(new Step.Key(selectAll.get(1), false));
            steps.add(new Step.Key(selectAll.get(0), false));
            int backspace = keycodes(List.of("BackSpace")).get(0);
            steps.add(new Step.Key(backspace, true));
            steps.add(new Step.Key(backspace, false));
        }
        int shift = keycode(KeyNamesBridge.SHIFT, SHIFT_L);
        int[] codePoints = text.codePoints().toArray();
        for (int i = 0; i < codePoints.length; i++) {
            if (i > 0 && delayMs != null && delayMs > 0) {
                steps.add(new Step.Pause(delayMs));
            }
            int keycode = keycode(KeyNamesBridge.CHARACTER, KeyNames.keysym(codePoints[i]));
            boolean shifted = KeyNames.needsShift(codePoints[i]);
            if (shifted) {
                steps.add(new Step.Key(shift, true));
            }
            steps.add(new Step.Key(keycode, true));
            steps.add(new Step.Key(keycode, false));
            if (shifted) {
                steps.add(new Step.Key(shift, false));
            }
        }
        if (pressReturn) {
            int enter = keycodes(List.of("Return")).get(0);
            steps.add(new Step.Key(enter, true));
            steps.add(new Step.Key(enter, false));
        }
        run(steps, cancellation, deadlineAtMs);
    }

    /** Which lookup failed, for the fixed refusal text. */
    private enum KeyNamesBridge {
        SHIFT,
        CHARACTER
    }

    private int keycode(KeyNamesBridge what, long keysym) throws DispatchException {
        try {
            int keycode = session.withDisplay((x, d, s, r) -> x.XKeysymToKeycode(d, new NativeLong(keysym)) & 0xFF);
            if (keycode == 0) {
                throw DispatchException.noEffect(
                        what == KeyNamesBridge.SHIFT
                                ? "the keyboard has no shift key"
                                : "text contains a character the keyboard cannot type");
            }
            return keycode;
        } catch (X11Refusal refused) {
            throw DispatchException.noEffect("the X11 session is unavailable");
        }
    }

    private List<Integer> keycodes(List<String> names) throws DispatchException {
        List<Integer> keycodes = new ArrayList<>();
        for (String name : names) {
            long keysym;
            try {
                keysym = session.withDisplay(
                        (x, d, s, r) -> KeyNames.keysym(x, name).orElse(0L));
            } catch (X11Refusal refused) {
                throw DispatchException.noEffect("the X11 session is unavailable");
            }
            if (keysym == 0) {
                throw DispatchException.noEffect("unknown key name");
            }
            keycodes.add(keycode(KeyNamesBridge.CHARACTER, keysym));
        }
        return keycodes;
    }

    private static int button(MouseButton button) {
        return switch (button) {
            case LEFT -> 1;
            case MIDDLE -> 2;
            case RIGHT -> 3;
        };
    }

    private void run(List<Step> steps, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        boolean started = false;
        long paused = steps.stream()
                .filter(Step.Pause.class::isInstance)
                .mapToLong(step -> ((Step.Pause) step).millis())
                .sum();
        if (System.currentTimeMillis() + paused >= deadlineAtMs) {
            // refused before the first key: paced input cut off by its deadline would end with an unknown outcome
            throw DispatchException.noEffect("the pauses between the keys (" + paused + " ms) outlast the deadline");
        }
        for (Step step : steps) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            if (step instanceof Step.Pause pause) {
                sleep(pause.millis(), started);
                continue;
            }
            try {
                boolean sent = session.withDisplay((x, d, s, r) -> send(d, s, step) && x.XFlush(d) >= 0);
                if (!sent) {
                    throw started
                            ? DispatchException.ambiguous("input outcome is unknown")
                            : DispatchException.noEffect("the X server refused the input");
                }
            } catch (X11Refusal refused) {
                throw started
                        ? DispatchException.ambiguous("input outcome is unknown")
                        : DispatchException.noEffect("the X11 session is unavailable");
            }
            started = true;
        }
        try {
            session.withDisplay((x, d, s, r) -> x.XSync(d, 0));
        } catch (X11Refusal refused) {
            throw DispatchException.ambiguous("input outcome is unknown");
        }
    }

    private static boolean send(Pointer display, int screen, Step step) {
        XExtensions.XTest xtest = XExtensions.XTest.INSTANCE;
        if (step instanceof Step.Key key) {
            return xtest.XTestFakeKeyEvent(display, key.keycode(), key.press() ? 1 : 0, NO_DELAY) != 0;
        }
        if (step instanceof Step.Button button) {
            return xtest.XTestFakeButtonEvent(display, button.button(), button.press() ? 1 : 0, NO_DELAY) != 0;
        }
        if (step instanceof Step.Motion motion) {
            return xtest.XTestFakeMotionEvent(display, screen, motion.x(), motion.y(), NO_DELAY) != 0;
        }
        return true;
    }

    private static void sleep(long millis, boolean started) throws DispatchException {
        try {
            Thread.sleep(Math.min(millis, 1_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw started
                    ? DispatchException.ambiguous("input outcome is unknown")
                    : DispatchException.cancelledBeforeEffect();
        }
    }
}
