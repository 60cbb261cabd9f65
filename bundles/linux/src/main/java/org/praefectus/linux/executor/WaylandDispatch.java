package org.praefectus.linux.executor;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.linux.atspi.AtspiState;
import org.praefectus.linux.atspi.LiveElement;
import org.praefectus.linux.capture.CaptureFailure;
import org.praefectus.linux.capture.PngFiles;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.capture.ScreenSource;
import org.praefectus.linux.wayland.PortalException;
import org.praefectus.linux.wayland.PortalInput;

/**
 * Dispatch of input and screenshots on a native Wayland session: input through the RemoteDesktop portal
 * (only with {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}, and only in a session the person approved), screenshots
 * through the Screenshot portal. Pointer input goes only to coordinate targets, fenced against a fresh portal
 * screenshot immediately before the first event: GTK reports AT-SPI extents relative to its own window under
 * a Wayland compositor, so an element's screen point is unknown and pointer input at an element is refused.
 * Keyboard input at an element fences it live, requires its window to be the active one, and focuses it.
 */
final class WaylandDispatch {

    static final String BACKEND = "praefectus-wayland-portal";

    private final LinuxExecutor executor;
    private final DesktopConnections connections;
    private final CoordinateFence fence;

    WaylandDispatch(LinuxExecutor executor, DesktopConnections connections, CoordinateFence fence) {
        this.executor = executor;
        this.connections = connections;
        this.fence = fence;
    }

    DispatchReceipt dispatch(Action action, ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (action instanceof Action.Screenshot screenshot) {
            return screenshot(screenshot, target);
        }
        ActionCatalog.requireInput(action, executor);
        if (action instanceof Action.Paste) {
            // xdg-desktop-portal 1.16 has no clipboard for remote desktop sessions
            throw DispatchException.unsupported("paste has no route on this Wayland session");
        }
        // the portal input has no pace or modifier release yet
        DispatchException.requireUnpaced(action, "on this Wayland session");
        boolean pointer = Action.pointerKind(action.kind());
        if (pointer && !isCoordinate(target)) {
            throw DispatchException.unsupported(
                    "pointer input on Wayland needs a coordinate target: element extents are window-relative");
        }
        if (action instanceof Action.Drag drag && !(drag.to() instanceof TargetRef.Coordinates)) {
            throw DispatchException.unsupported("a drag on Wayland needs a coordinate destination");
        }
        if (!pointer && !(target instanceof ResolvedTarget.None) && !(target instanceof ResolvedTarget.Semantic)) {
            throw DispatchException.unsupported("keyboard input needs an element target or none");
        }
        PortalInput input = approvedInput(deadlineAtMs);
        // the fences run after the person's approval, which may take long: immediately before the first event
        if (pointer) {
            check(((CoordinateTarget) ((ResolvedTarget.Native) target).handle()).target());
            if (action instanceof Action.Drag drag) {
                check((TargetRef.Coordinates) drag.to());
            }
        } else if (target instanceof ResolvedTarget.Semantic semantic) {
            LiveElement live;
            try {
                live = executor.live(semantic.target(), false, cancellation, deadlineAtMs);
                requireActiveWindow(live, cancellation, deadlineAtMs);
            } catch (ExecutorException e) {
                throw LinuxExecutor.beforeEffect(e);
            }
            new ElementAim(executor, connections).focus(live, cancellation, deadlineAtMs);
        }
        send(action, target, input, cancellation, deadlineAtMs);
        return DispatchReceipt.of(BACKEND);
    }

    private PortalInput approvedInput(long deadlineAtMs) throws DispatchException {
        try {
            return connections.wayland().input(deadlineAtMs);
        } catch (ExecutorException e) {
            throw LinuxExecutor.beforeEffect(e);
        } catch (PortalException e) {
            throw switch (e.reason()) {
                case DENIED, UNANSWERED ->
                    new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.PERMISSION_DENIED, e.getMessage());
                case UNAVAILABLE -> DispatchException.unsupported(e.getMessage());
            };
        }
    }

    private static void send(
            Action action, ResolvedTarget target, PortalInput input, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        TargetRef.Coordinates at = target instanceof ResolvedTarget.Native nativeTarget
                        && nativeTarget.handle() instanceof CoordinateTarget coordinate
                ? coordinate.target()
                : null;
        if (action instanceof Action.Click click) {
            input.click(at.x(), at.y(), click.button(), click.count(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Move) {
            input.move(at.x(), at.y(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Scroll scroll) {
            input.scroll(at.x(), at.y(), scroll.direction(), scroll.amount(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Drag drag) {
            TargetRef.Coordinates to = (TargetRef.Coordinates) drag.to();
            input.drag(at.x(), at.y(), to.x(), to.y(), drag.button(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.TypeText type) {
            input.typeText(type.text(), type.clear(), type.pressReturn(), type.delayMs(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Press press) {
            input.press(press.key(), press.count(), press.delayMs(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Hotkey hotkey) {
            input.hotkey(hotkey.keys(), cancellation, deadlineAtMs);
        }
    }

    /** The compositor tells a toplevel whether it is activated; GTK reports that as the frame's ACTIVE state. */
    private void requireActiveWindow(LiveElement live, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        AtspiState window = AtspiState.of(connections
                .accessibility()
                .bus()
                .states(live.snapshot().window().node().object())
                .await(cancellation, deadlineAtMs));
        if (!window.has(AtspiState.ACTIVE)) {
            throw new ExecutorException(
                    org.praefectus.api.executor.ExecutorFailure.STALE_TARGET,
                    "the target element's window is not the active window");
        }
    }

    private static boolean isCoordinate(ResolvedTarget target) {
        return target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof CoordinateTarget;
    }

    private void check(TargetRef.Coordinates point) throws DispatchException {
        try {
            fence.check(point, connections.screen(), connections.topology());
        } catch (ExecutorException e) {
            throw LinuxExecutor.beforeEffect(e);
        }
    }

    private DispatchReceipt screenshot(Action.Screenshot screenshot, ResolvedTarget target) throws DispatchException {
        if (!isCoordinate(target)) {
            throw DispatchException.unsupported("a screenshot needs a coordinate target");
        }
        check(((CoordinateTarget) ((ResolvedTarget.Native) target).handle()).target());
        Path file = executor.screenshotFile(screenshot);
        ScreenImage frame;
        try {
            ScreenSource screen = connections.screen();
            frame = screen.captureScreen();
        } catch (ExecutorException | CaptureFailure e) {
            throw DispatchException.noEffect("the screen cannot be captured");
        }
        try {
            PngFiles.write(frame, file);
        } catch (FileAlreadyExistsException e) {
            throw DispatchException.noEffect("the screenshot file already exists");
        } catch (IOException e) {
            throw DispatchException.ambiguous("screenshot outcome is unknown");
        }
        return DispatchReceipt.of(BACKEND);
    }
}
