package org.praefectus.linux.wayland;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;

/**
 * The executor's input verbs over one approved {@link RemoteDesktopSession}, with the X11 synthesizer's
 * semantics: every step is planned (and every key name and point checked) before the first event, the
 * cancellation and deadline are checked before each step, and a failure after the first event is an unknown
 * outcome, never a failure without effect. Points are compositor-stage coordinates on a shared monitor.
 */
public final class PortalInput {

    private static final int BTN_LEFT = 0x110;
    private static final int BTN_RIGHT = 0x111;
    private static final int BTN_MIDDLE = 0x112;

    private sealed interface Step {
        record Motion(RemoteDesktopSession.Stream stream, double x, double y) implements Step {}

        record Button(int code, boolean press) implements Step {}

        record Axis(int axis, int steps) implements Step {}

        record Key(int keysym, boolean press) implements Step {}

        record Pause(long millis) implements Step {}
    }

    private final RemoteDesktopSession session;

    public PortalInput(RemoteDesktopSession session) {
        this.session = session;
    }

    public void move(long x, long y, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        run(List.of(motion(x, y)), cancellation, deadlineAtMs);
    }

    public void click(long x, long y, MouseButton button, long count, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (count < 1 || count > 3) {
            throw DispatchException.noEffect("click count must be 1 to 3");
        }
        List<Step> steps = new ArrayList<>();
        steps.add(motion(x, y));
        for (long i = 0; i < count; i++) {
            steps.add(new Step.Button(code(button), true));
            steps.add(new Step.Button(code(button), false));
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
                        motion(fromX, fromY),
                        new Step.Button(code(button), true),
                        motion((fromX + toX) / 2, (fromY + toY) / 2),
                        motion(toX, toY),
                        new Step.Button(code(button), false)),
                cancellation,
                deadlineAtMs);
    }

    public void scroll(
            long x, long y, Direction direction, long amount, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (amount < 1 || amount > 100) {
            throw DispatchException.noEffect("scroll amount must be 1 to 100");
        }
        int steps = (int) amount;
        Step wheel = switch (direction) {
            case UP -> new Step.Axis(0, -steps);
            case DOWN -> new Step.Axis(0, steps);
            case LEFT -> new Step.Axis(1, -steps);
            case RIGHT -> new Step.Axis(1, steps);
        };
        run(List.of(motion(x, y), wheel), cancellation, deadlineAtMs);
    }

    public void press(String key, long count, Long delayMs, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (count < 1 || count > 100) {
            throw DispatchException.noEffect("press count must be 1 to 100");
        }
        int keysym = named(key);
        List<Step> steps = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            if (i > 0 && delayMs != null && delayMs > 0) {
                steps.add(new Step.Pause(delayMs));
            }
            tap(steps, keysym);
        }
        run(steps, cancellation, deadlineAtMs);
    }

    public void hotkey(List<String> keys, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (keys.isEmpty() || keys.size() > 8) {
            throw DispatchException.noEffect("a hotkey has 1 to 8 keys");
        }
        List<Integer> keysyms = new ArrayList<>();
        for (String key : keys) {
            keysyms.add(named(key));
        }
        List<Step> steps = new ArrayList<>();
        keysyms.forEach(keysym -> steps.add(new Step.Key(keysym, true)));
        for (int i = keysyms.size() - 1; i >= 0; i--) {
            steps.add(new Step.Key(keysyms.get(i), false));
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
            steps.add(new Step.Key(Keysyms.CONTROL_L, true));
            tap(steps, 'a');
            steps.add(new Step.Key(Keysyms.CONTROL_L, false));
            tap(steps, Keysyms.BACKSPACE);
        }
        int[] codePoints = text.codePoints().toArray();
        for (int i = 0; i < codePoints.length; i++) {
            if (i > 0 && delayMs != null && delayMs > 0) {
                steps.add(new Step.Pause(delayMs));
            }
            OptionalInt keysym = Keysyms.character(codePoints[i]);
            if (keysym.isEmpty()) {
                throw DispatchException.noEffect("text contains a character the keyboard cannot type");
            }
            tap(steps, keysym.getAsInt());
        }
        if (pressReturn) {
            tap(steps, Keysyms.RETURN);
        }
        run(steps, cancellation, deadlineAtMs);
    }

    private static void tap(List<Step> steps, int keysym) {
        steps.add(new Step.Key(keysym, true));
        steps.add(new Step.Key(keysym, false));
    }

    private static int named(String key) throws DispatchException {
        OptionalInt keysym = Keysyms.of(key);
        if (keysym.isEmpty()) {
            throw DispatchException.noEffect("unknown key name");
        }
        return keysym.getAsInt();
    }

    private Step motion(long x, long y) throws DispatchException {
        RemoteDesktopSession.Stream stream = session.streamAt((double) x, (double) y);
        if (stream == null) {
            throw DispatchException.noEffect("the point is on no monitor the portal shared");
        }
        return new Step.Motion(stream, x, y);
    }

    private static int code(MouseButton button) {
        return switch (button) {
            case LEFT -> BTN_LEFT;
            case MIDDLE -> BTN_MIDDLE;
            case RIGHT -> BTN_RIGHT;
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
            if (!session.open()) {
                throw started
                        ? DispatchException.ambiguous("input outcome is unknown")
                        : DispatchException.noEffect("the remote desktop session is closed");
            }
            try {
                send(step, started);
            } catch (RuntimeException refused) {
                throw started
                        ? DispatchException.ambiguous("input outcome is unknown")
                        : DispatchException.noEffect("the portal refused the input");
            }
            started |= !(step instanceof Step.Pause);
        }
    }

    private void send(Step step, boolean started) throws DispatchException {
        if (step instanceof Step.Motion motion) {
            session.motion(motion.stream(), motion.x(), motion.y());
        } else if (step instanceof Step.Button button) {
            session.button(button.code(), button.press());
        } else if (step instanceof Step.Axis axis) {
            session.axis(axis.axis(), axis.steps());
        } else if (step instanceof Step.Key key) {
            session.keysym(key.keysym(), key.press());
        } else if (step instanceof Step.Pause pause) {
            try {
                Thread.sleep(Math.min(pause.millis(), 1_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw started
                        ? DispatchException.ambiguous("input outcome is unknown")
                        : DispatchException.cancelledBeforeEffect();
            }
        }
    }
}
