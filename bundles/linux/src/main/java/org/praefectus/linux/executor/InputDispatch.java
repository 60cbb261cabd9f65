package org.praefectus.linux.executor;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.linux.capture.CaptureFailure;
import org.praefectus.linux.capture.PngFiles;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.x11.ClipboardContents;
import org.praefectus.linux.x11.ClipboardOwner;
import org.praefectus.linux.x11.InputSynthesizer;
import org.praefectus.linux.x11.X11Refusal;

/**
 * Dispatch of the X11 actions: XTest input and clipboard paste (only with {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}, refused with
 * no effect otherwise; a paste puts the previous clipboard text back afterwards) and screenshots. Every coordinate or element target is fenced again immediately
 * before the first event (an element at its live centre, see {@link ElementAim}); a drag fences both ends.
 */
final class InputDispatch {

    static final String BACKEND = "praefectus-x11-xtest";
    /** How long a paste waits for the focused window to take the text after Ctrl+V. */
    static final long PASTE_WAIT_MS = 5_000;

    private final LinuxExecutor executor;
    private final DesktopConnections connections;
    private final CoordinateFence fence;

    InputDispatch(LinuxExecutor executor, DesktopConnections connections, CoordinateFence fence) {
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
        DesktopConnections.Display display;
        try {
            display = executor.display();
        } catch (ExecutorException e) {
            throw LinuxExecutor.beforeEffect(e);
        }
        Aim aim = aim(action, target, display, cancellation, deadlineAtMs);
        var input = display.input();
        if (action instanceof Action.Click click) {
            input.click(aim.x(), aim.y(), click.button(), click.count(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Move move) {
            input.move(aim.x(), aim.y(), move.durationMs(), move.steps(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Scroll scroll) {
            input.scroll(aim.x(), aim.y(), scroll.direction(), scroll.amount(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Drag drag) {
            Aim to = destination(drag.to(), display, cancellation, deadlineAtMs);
            input.drag(
                    aim.x(),
                    aim.y(),
                    to.x(),
                    to.y(),
                    drag.button(),
                    drag.durationMs(),
                    drag.steps(),
                    cancellation,
                    deadlineAtMs);
        } else if (action instanceof Action.TypeText type) {
            input.typeText(type.text(), type.clear(), type.pressReturn(), type.delayMs(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Press press) {
            input.press(press.key(), press.count(), press.delayMs(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Hotkey hotkey) {
            input.hotkey(
                    hotkey.keys(),
                    hotkey.keyDelayMs(),
                    hotkey.releaseBefore(),
                    hotkey.releaseAfter(),
                    cancellation,
                    deadlineAtMs);
        } else if (action instanceof Action.Paste paste) {
            paste(paste.text(), input, cancellation, deadlineAtMs);
        }
        return DispatchReceipt.of(BACKEND);
    }

    /**
     * Reads the clipboard the paste replaces, offers the text as the CLIPBOARD selection, presses Ctrl+V, and
     * waits (bounded) until a window took the text. Once the keys are sent, a paste nobody took is an unknown
     * outcome, not a failure. However it ends, the pasted text does not stay in the clipboard: the previous
     * text is served again by the executor's {@link ClipboardKeeper}, or, when there was none (an empty or a
     * non-restorable clipboard), the clipboard ends with no owner. Restoring is not a policy of the action
     * (it has only its text); a caller that must not lose a clipboard checks it first (the CLI's
     * {@code --restore-policy strict}).
     */
    private void paste(String text, InputSynthesizer input, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        ClipboardContents previous;
        ClipboardOwner owner;
        try {
            previous = executor.clipboard();
            owner = ClipboardOwner.offer(connections.environment(), text);
        } catch (X11Refusal refused) {
            throw DispatchException.noEffect(refused.getMessage());
        }
        try {
            input.hotkey(List.of("ctrl", "v"), cancellation, deadlineAtMs);
            long wait = Math.min(PASTE_WAIT_MS, Math.max(1, deadlineAtMs - System.currentTimeMillis()));
            if (!owner.awaitServed(wait)) {
                throw DispatchException.ambiguous("no window took the pasted text");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DispatchException.ambiguous("paste outcome is unknown");
        } finally {
            executor.clipboardKeeper().restore(owner, previous);
        }
    }

    /** Where input goes: a fenced point, or nowhere in particular (keyboard input to the focus). */
    private record Aim(long x, long y) {}

    /**
     * Fences the target immediately before the first event. A coordinate target is checked against its
     * observation; an element target is fenced live and aimed at its live centre, and keyboard input first
     * gives it the keyboard focus. Keyboard input without a target goes to whatever has the focus.
     */
    private Aim aim(
            Action action,
            ResolvedTarget target,
            DesktopConnections.Display display,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof CoordinateTarget coordinate) {
            check(coordinate.target(), display);
            return new Aim(coordinate.target().x(), coordinate.target().y());
        }
        if (target instanceof ResolvedTarget.Semantic semantic) {
            ElementAim elements = new ElementAim(executor, connections);
            ElementAim.Point point = elements.center(semantic.target(), display, cancellation, deadlineAtMs);
            if (!needsPoint(action)) {
                elements.focus(point, cancellation, deadlineAtMs);
            }
            return new Aim(point.x(), point.y());
        }
        if (target instanceof ResolvedTarget.None && !needsPoint(action)) {
            return null;
        }
        throw DispatchException.unsupported("this input action needs a coordinate or element target");
    }

    /** A drag's destination, fenced like its start. */
    private Aim destination(
            TargetRef to, DesktopConnections.Display display, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (to instanceof TargetRef.Coordinates point) {
            check(point, display);
            return new Aim(point.x(), point.y());
        }
        if (to instanceof TargetRef.Element element) {
            ElementAim.Point point =
                    new ElementAim(executor, connections).center(element.target(), display, cancellation, deadlineAtMs);
            return new Aim(point.x(), point.y());
        }
        throw DispatchException.unsupported("a drag needs a coordinate or element destination");
    }

    private static boolean needsPoint(Action action) {
        return action instanceof Action.Click
                || action instanceof Action.Move
                || action instanceof Action.Scroll
                || action instanceof Action.Drag;
    }

    private void check(TargetRef.Coordinates point, DesktopConnections.Display display) throws DispatchException {
        try {
            fence.check(point, display.capture(), connections.topology());
        } catch (ExecutorException e) {
            throw LinuxExecutor.beforeEffect(e);
        }
    }

    private DispatchReceipt screenshot(Action.Screenshot screenshot, ResolvedTarget target) throws DispatchException {
        if (!(target instanceof ResolvedTarget.Native nativeTarget)
                || !(nativeTarget.handle() instanceof CoordinateTarget coordinate)) {
            throw DispatchException.unsupported("a screenshot needs a coordinate target");
        }
        DesktopConnections.Display display;
        try {
            display = executor.display();
        } catch (ExecutorException e) {
            throw LinuxExecutor.beforeEffect(e);
        }
        check(coordinate.target(), display);
        Path file = executor.screenshotFile(screenshot);
        ScreenImage frame;
        try {
            frame = display.capture().captureScreen();
        } catch (CaptureFailure e) {
            throw DispatchException.noEffect("the screen cannot be captured");
        }
        try {
            PngFiles.write(frame, file);
        } catch (FileAlreadyExistsException e) {
            throw DispatchException.noEffect("the screenshot file already exists");
        } catch (IOException e) {
            // the file may be partly written: the host-owned state is unknown
            throw DispatchException.ambiguous("screenshot outcome is unknown");
        }
        return DispatchReceipt.of(BACKEND);
    }
}
