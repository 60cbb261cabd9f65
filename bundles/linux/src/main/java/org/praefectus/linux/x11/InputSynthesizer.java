package org.praefectus.linux.x11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.linux.input.PointerPath;

/**
 * Global pointer and keyboard input through XTest. Every key name and character is turned into a keycode
 * before the first event, so text that cannot be typed is refused with no effect rather than half typed.
 * Cancellation and the deadline are checked before every event and during every pause; after the first event a
 * stop is ambiguous. A paced move or drag goes along a {@link PointerPath}; a paced hotkey pauses between its key
 * events and may release held modifier keys before or after the chord.
 */
public final class InputSynthesizer {

    private static final NativeLong NO_DELAY = new NativeLong(0);
    private static final long SHIFT_L = 0xffe1;
    /** A pause is slept in slices this long, so a cancellation (the emergency stop) is seen within one. */
    private static final long PAUSE_SLICE_MS = 20;
    /**
     * The keysyms a person holds to modify a chord: Shift, Control, Meta, Alt, Super and Hyper (left and right) and
     * AltGr (ISO_Level3_Shift). Locks are not held keys and are left alone.
     */
    private static final long[] MODIFIER_KEYSYMS = {
        0xffe1, 0xffe2, 0xffe3, 0xffe4, 0xffe7, 0xffe8, 0xffe9, 0xffea, 0xffeb, 0xffec, 0xffed, 0xffee, 0xfe03
    };

    private final X11Session session;

    public InputSynthesizer(X11Session session) {
        this.session = session;
    }

    /** One step of a plan: a key or button going down or up, a pointer motion, or a pause. */
    private sealed interface Step {
        record Key(int keycode, boolean press) implements Step {}

        record Button(int button, boolean press) implements Step {}

        /**
         * A pointer motion; a motion of a paced path is {@code settled}: waited for until the server has taken it,
         * since the server merges a motion still queued behind another into one, and the path would lose its steps.
         */
        record Motion(int x, int y, boolean settled) implements Step {
            Motion(int x, int y) {
                this(x, y, false);
            }
        }

        record Pause(long millis) implements Step {}

        /** Key-up for every modifier key the server reports down at the moment the step runs. */
        record ReleaseModifiers() implements Step {}
    }

    /**
     * Moves the pointer to ({@code x}, {@code y}); paced, along a {@link PointerPath} from where the pointer is when
     * the move starts.
     */
    public void move(long x, long y, Long durationMs, Long steps, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        List<Step> plan = new ArrayList<>();
        if (PointerPath.paced(durationMs, steps)) {
            int[] from;
            try {
                from = session.pointer();
            } catch (X11Refusal refused) {
                throw DispatchException.noEffect(refused.getMessage());
            }
            path(plan, from[0], from[1], x, y, durationMs, steps);
        } else {
            plan.add(new Step.Motion((int) x, (int) y));
        }
        run(plan, cancellation, deadlineAtMs);
    }

    private static void path(List<Step> plan, long fromX, long fromY, long toX, long toY, Long durationMs, Long steps) {
        for (PointerPath.Motion motion : PointerPath.between(fromX, fromY, toX, toY, durationMs, steps)) {
            if (motion.pauseMs() > 0) {
                plan.add(new Step.Pause(motion.pauseMs()));
            }
            plan.add(new Step.Motion(motion.x(), motion.y(), true));
        }
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

    /**
     * Presses the button at the start, moves to the destination and releases it there: through the midpoint when
     * unpaced (the reference's drag), along a {@link PointerPath} when paced.
     */
    public void drag(
            long fromX,
            long fromY,
            long toX,
            long toY,
            MouseButton button,
            Long durationMs,
            Long steps,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        List<Step> plan = new ArrayList<>();
        plan.add(new Step.Motion((int) fromX, (int) fromY));
        plan.add(new Step.Button(button(button), true));
        if (PointerPath.paced(durationMs, steps)) {
            path(plan, fromX, fromY, toX, toY, durationMs, steps);
        } else {
            plan.add(new Step.Motion((int) ((fromX + toX) / 2), (int) ((fromY + toY) / 2)));
            plan.add(new Step.Motion((int) toX, (int) toY));
        }
        plan.add(new Step.Button(button(button), false));
        run(plan, cancellation, deadlineAtMs);
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

    /** The chord: every key down in order, then up in reverse order, at once. */
    public void hotkey(List<String> keys, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        hotkey(keys, null, false, false, cancellation, deadlineAtMs);
    }

    /**
     * The chord, paced: {@code keyDelayMs} between two of its key events; with {@code releaseBefore}, every
     * modifier key held down is released first (so a held Ctrl does not join the chord); with {@code releaseAfter},
     * every modifier key still held down is released afterwards.
     */
    public void hotkey(
            List<String> keys,
            Long keyDelayMs,
            boolean releaseBefore,
            boolean releaseAfter,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (keys.isEmpty() || keys.size() > 8) {
            throw DispatchException.noEffect("a hotkey has 1 to 8 keys");
        }
        List<Integer> keycodes = keycodes(keys);
        List<Step> events = new ArrayList<>();
        keycodes.forEach(keycode -> events.add(new Step.Key(keycode, true)));
        for (int i = keycodes.size() - 1; i >= 0; i--) {
            events.add(new Step.Key(keycodes.get(i), false));
        }
        List<Step> steps = new ArrayList<>();
        if (releaseBefore) {
            steps.add(new Step.ReleaseModifiers());
        }
        for (Step event : events) {
            if (!steps.isEmpty() && keyDelayMs != null && keyDelayMs > 0) {
                steps.add(new Step.Pause(keyDelayMs));
            }
            steps.add(event);
        }
        if (releaseAfter) {
            steps.add(new Step.ReleaseModifiers());
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
        long paused = steps.stream()
                .filter(Step.Pause.class::isInstance)
                .mapToLong(step -> ((Step.Pause) step).millis())
                .sum();
        if (System.currentTimeMillis() + paused >= deadlineAtMs) {
            // refused before the first event: paced input cut off by its deadline would end with an unknown outcome
            throw DispatchException.noEffect("the pauses between the events (" + paused + " ms) outlast the deadline");
        }
        List<Step> held = new ArrayList<>();
        try {
            send(steps, held, cancellation, deadlineAtMs);
        } catch (DispatchException stopped) {
            // a stop between a press and its release (a paced drag, a paced chord) must not leave a key or button down
            releaseHeld(held);
            throw stopped;
        }
    }

    /** Sends the steps in order, keeping {@code held} as the keys and buttons pressed and not yet released. */
    private void send(List<Step> steps, List<Step> held, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        boolean started = false;
        for (Step step : steps) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            if (step instanceof Step.Pause pause) {
                sleep(pause.millis(), cancellation, deadlineAtMs, started);
                continue;
            }
            try {
                boolean sent = session.withDisplay((x, d, s, r) -> send(x, d, s, step)
                        && (step instanceof Step.Motion motion && motion.settled() ? x.XSync(d, 0) : x.XFlush(d)) >= 0);
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
            if (step instanceof Step.Key key) {
                track(held, key.press(), new Step.Key(key.keycode(), false));
            } else if (step instanceof Step.Button button) {
                track(held, button.press(), new Step.Button(button.button(), false));
            }
        }
        try {
            session.withDisplay((x, d, s, r) -> x.XSync(d, 0));
        } catch (X11Refusal refused) {
            throw DispatchException.ambiguous("input outcome is unknown");
        }
    }

    private static void track(List<Step> held, boolean pressed, Step release) {
        if (pressed) {
            held.add(release);
        } else {
            held.remove(release);
        }
    }

    /** Best effort: the releases of what is still pressed, last pressed first. The outcome stays what it was. */
    private void releaseHeld(List<Step> held) {
        if (held.isEmpty()) {
            return;
        }
        try {
            session.withDisplay((x, d, s, r) -> {
                for (int i = held.size() - 1; i >= 0; i--) {
                    send(x, d, s, held.get(i));
                }
                return x.XSync(d, 0);
            });
        } catch (X11Refusal | RuntimeException gone) {
            // the server is gone: nothing is held on it any more
        }
    }

    private static boolean send(Xlib x, Pointer display, int screen, Step step) {
        XExtensions.XTest xtest = XExtensions.XTest.INSTANCE;
        if (step instanceof Step.ReleaseModifiers) {
            return releaseModifiers(x, display, xtest);
        }
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

    /** Sends key-up for each modifier key the server reports down; {@code false} when the server refused one. */
    private static boolean releaseModifiers(Xlib x, Pointer display, XExtensions.XTest xtest) {
        byte[] down = new byte[32];
        x.XQueryKeymap(display, down);
        boolean sent = true;
        for (long keysym : MODIFIER_KEYSYMS) {
            int keycode = x.XKeysymToKeycode(display, new NativeLong(keysym)) & 0xFF;
            if (keycode != 0 && (down[keycode / 8] & (1 << (keycode % 8))) != 0) {
                sent &= xtest.XTestFakeKeyEvent(display, keycode, 0, NO_DELAY) != 0;
                down[keycode / 8] &= (byte) ~(1 << (keycode % 8)); // two keysyms may share a keycode
            }
        }
        return sent;
    }

    /** Sleeps the pause in slices, so a cancellation or the deadline stops it within one slice. */
    private static void sleep(long millis, CancellationToken cancellation, long deadlineAtMs, boolean started)
            throws DispatchException {
        long end = System.currentTimeMillis() + millis;
        try {
            for (long left = millis; left > 0; left = end - System.currentTimeMillis()) {
                Thread.sleep(Math.min(left, PAUSE_SLICE_MS));
                DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw started
                    ? DispatchException.ambiguous("input outcome is unknown")
                    : DispatchException.cancelledBeforeEffect();
        }
    }
}
