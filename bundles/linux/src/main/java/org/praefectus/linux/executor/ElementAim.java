package org.praefectus.linux.executor;

import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.linux.atspi.AtspiState;
import org.praefectus.linux.atspi.LiveElement;
import org.praefectus.linux.x11.X11Refusal;

/**
 * Global input aimed at a fenced element: the element is fenced live (the same checks as a semantic
 * action), and the point is its live centre, which must lie on a display while the element's application
 * owns the active window (another window could cover an element of a background window, and AT-SPI cannot
 * see the stacking). Keyboard input first moves the keyboard focus to the element with AT-SPI
 * {@code Component.GrabFocus} and waits until AT-SPI reports it focused.
 */
final class ElementAim {

    /** How long keyboard input waits for the element to report focus after {@code GrabFocus}. */
    static final long FOCUS_WAIT_MS = 2_000;

    private final LinuxExecutor executor;
    private final DesktopConnections connections;

    ElementAim(LinuxExecutor executor, DesktopConnections connections) {
        this.executor = executor;
        this.connections = connections;
    }

    /** A point on screen, with the live element it was taken from. */
    record Point(long x, long y, LiveElement element) {}

    /**
     * Fences the element live and returns its centre.
     *
     * @throws DispatchException with no effect when the fence fails or the element cannot take pointer input
     */
    Point center(
            SemanticTargetRef target,
            DesktopConnections.Display display,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        LiveElement live;
        List<DisplayGeometry> displays;
        try {
            live = executor.live(target, false, cancellation, deadlineAtMs);
            displays = connections.topology().geometry();
        } catch (ExecutorException e) {
            throw LinuxExecutor.beforeEffect(e);
        }
        if (!live.actionable()) {
            throw stale("the target element is not visible and enabled");
        }
        Rect bounds = live.bounds();
        if (bounds == null || !bounds.hasArea()) {
            throw DispatchException.noEffect("the target element has no on-screen area");
        }
        long x = bounds.x() + bounds.width() / 2;
        long y = bounds.y() + bounds.height() / 2;
        if (displays.stream().noneMatch(d -> d.contains(x, y))) {
            throw stale("the target element's centre is off every display");
        }
        long owner = live.snapshot().window().application().processId();
        try {
            if (display.session().sample().foregroundProcessId() != owner) {
                throw stale("the target element's window is not the active window");
            }
        } catch (X11Refusal refused) {
            throw DispatchException.noEffect("the active window cannot be read");
        }
        return new Point(x, y, live);
    }

    /**
     * Moves the keyboard focus to the fenced element unless it has it already. Nothing is typed when this
     * fails; a focus request that was sent but not honoured is an unknown outcome.
     */
    void focus(Point point, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        focus(point.element(), cancellation, deadlineAtMs);
    }

    /** {@link #focus(Point, CancellationToken, long)} for an element fenced without a screen point (Wayland). */
    void focus(LiveElement live, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (live.state().has(AtspiState.FOCUSED)) {
            return;
        }
        if (!live.state().has(AtspiState.FOCUSABLE)) {
            throw DispatchException.noEffect("the target element cannot take the keyboard focus");
        }
        try {
            var accessibility = connections.accessibility();
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            accessibility.bus().grabFocus(live.object()).await(cancellation, deadlineAtMs);
            long until = Math.min(deadlineAtMs, System.currentTimeMillis() + FOCUS_WAIT_MS);
            Settle.Outcome focused = Settle.await(
                    () -> AtspiState.of(
                                    accessibility.bus().states(live.object()).await(cancellation, deadlineAtMs))
                            .has(AtspiState.FOCUSED),
                    Settle.every(20),
                    until,
                    cancellation);
            switch (focused) {
                case HELD -> {
                    return;
                }
                case CANCELLED -> throw DispatchException.ambiguous("the focus request's outcome is unknown");
                case TIMED_OUT ->
                    throw DispatchException.ambiguous("the target element did not take the keyboard focus");
            }
        } catch (ExecutorException e) {
            throw DispatchException.ambiguous("the focus request's outcome is unknown");
        }
    }

    private static DispatchException stale(String message) {
        return new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, message);
    }
}
