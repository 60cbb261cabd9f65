package org.praefectus.macos.executor;

import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.macos.quartz.InputEvent;
import org.praefectus.macos.quartz.QuartzApi;

/**
 * Synthesized input. Keyboard input and wheel scrolling aimed at a fenced element are posted to that
 * element's process ({@code CGEventPostToPid}: no pointer motion, no activation) and only while the element
 * holds its application's keyboard focus, so the keys reach it and not a sibling. Click, move and drag on a
 * coordinate target are posted to the global HID tap and only with {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}.
 */
final class InputDispatch {

    /** Lines per scroll step of the per-process wheel fallback. */
    static final int WHEEL_LINES_PER_STEP = 3;

    private final QuartzApi quartz;
    private final boolean globalInputAllowed;

    InputDispatch(QuartzApi quartz, boolean globalInputAllowed) {
        this.quartz = quartz;
        this.globalInputAllowed = globalInputAllowed;
    }

    /** Keyboard input to the focused fenced element's process. */
    void keyboard(
            LiveElement live,
            List<List<InputEvent>> chunks,
            Long delayMs,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        SemanticActions.requireActionable(live);
        if (!live.facts().focused()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.STALE_TARGET,
                    "the target does not hold its application's keyboard focus");
        }
        post(live.processId(), chunks, delayMs, cancellation, deadlineAtMs);
    }

    /** One wheel event per step at the element's centre, to its process. */
    void wheel(LiveElement live, Direction direction, long amount, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        SemanticActions.requireActionable(live);
        Rect bounds = live.facts().bounds();
        double x = bounds.x() + bounds.width() / 2.0;
        double y = bounds.y() + bounds.height() / 2.0;
        int lines = WHEEL_LINES_PER_STEP;
        InputEvent step = switch (direction) {
            case UP -> new InputEvent.Wheel(x, y, lines, 0);
            case DOWN -> new InputEvent.Wheel(x, y, -lines, 0);
            case LEFT -> new InputEvent.Wheel(x, y, 0, lines);
            case RIGHT -> new InputEvent.Wheel(x, y, 0, -lines);
        };
        List<List<InputEvent>> chunks = new java.util.ArrayList<>();
        for (long i = 0; i < amount; i++) {
            chunks.add(List.of(step));
        }
        post(live.processId(), chunks, null, cancellation, deadlineAtMs);
    }

    /** Global pointer input on a fenced coordinate target (already checked by the fence). */
    void pointer(
            Action action,
            TargetRef.Coordinates from,
            TargetRef.Coordinates to,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (!globalInputAllowed) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.PERMISSION_DENIED,
                    "input that cannot be delivered to a process requires PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        }
        List<List<InputEvent>> chunks = new java.util.ArrayList<>();
        if (action instanceof Action.Move) {
            chunks.add(List.of(new InputEvent.Mouse(5, from.x(), from.y(), 0, 0)));
        } else if (action instanceof Action.Click click) {
            int[] types = buttonTypes(click.button());
            for (int i = 1; i <= click.count(); i++) {
                chunks.add(List.of(
                        new InputEvent.Mouse(types[0], from.x(), from.y(), types[3], i),
                        new InputEvent.Mouse(types[1], from.x(), from.y(), types[3], i)));
            }
        } else if (action instanceof Action.Drag drag) {
            int[] types = buttonTypes(drag.button());
            chunks.add(List.of(
                    new InputEvent.Mouse(types[0], from.x(), from.y(), types[3], 1),
                    new InputEvent.Mouse(types[2], to.x(), to.y(), types[3], 1),
                    new InputEvent.Mouse(types[1], to.x(), to.y(), types[3], 1)));
        } else {
            throw DispatchException.unsupported("not a pointer action");
        }
        boolean started = false;
        for (List<InputEvent> chunk : chunks) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            started = true;
            if (quartz.postGlobal(chunk) != chunk.size()) {
                throw DispatchException.ambiguous("pointer input failed after dispatch began");
            }
        }
    }

    /** {@code CGEventType} down, up, dragged and the {@code CGMouseButton} for a button. */
    private static int[] buttonTypes(MouseButton button) {
        return switch (button) {
            case LEFT -> new int[] {1, 2, 6, 0};
            case RIGHT -> new int[] {3, 4, 7, 1};
            case MIDDLE -> new int[] {25, 26, 27, 2};
        };
    }

    private void post(
            long processId,
            List<List<InputEvent>> chunks,
            Long delayMs,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        boolean started = false;
        for (List<InputEvent> chunk : chunks) {
            if (started && delayMs != null && delayMs > 0) {
                pause(delayMs, cancellation, deadlineAtMs);
            }
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            int posted = quartz.postToProcess(processId, chunk);
            if (posted != chunk.size()) {
                if (!started && posted == 0) {
                    throw DispatchException.unsupported("the input events could not be created");
                }
                throw DispatchException.ambiguous("per-process input failed after dispatch began");
            }
            started = true;
        }
    }

    /** The requested delay between chunks, never past the deadline, ended early by cancellation. */
    private static void pause(long delayMs, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        long until = Math.min(deadlineAtMs, System.currentTimeMillis() + delayMs);
        while (System.currentTimeMillis() < until && !cancellation.isCancelled()) {
            java.util.concurrent.locks.LockSupport.parkNanos(
                    Math.min(10_000_000L, (until - System.currentTimeMillis()) * 1_000_000L));
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, true);
    }
}
