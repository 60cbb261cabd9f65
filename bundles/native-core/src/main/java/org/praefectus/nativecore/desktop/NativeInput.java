package org.praefectus.nativecore.desktop;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.SelectableItems;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;
import org.praefectus.nativecore.input.KeyboardActions;
import org.praefectus.nativecore.input.PointTargets;
import org.praefectus.nativecore.input.PointerPoints;
import org.praefectus.nativecore.input.SignedInput;
import org.praefectus.nativecore.input.SignedInput.Planned;
import org.praefectus.nativecore.input.WindowVerbs;

/**
 * The input verbs on macOS and Windows: the target resolved against a fresh observation of the executor, turned into
 * an {@link ActionProposal}, drafted (a dry run) or signed and executed by the resident host, whose terminal the
 * outcome carries as it is.
 *
 * <p>These executors deliver pointer input only at fenced coordinates (global input, the host's opt-in) and keyboard
 * input only to a fenced element; so a selector's plain left click is the element's own action ({@code invoke},
 * target-addressed) when it has one, any other click or move goes to a coordinate target at the element's centre,
 * and typing, pasting and hotkeys go to the fenced element. What the executors cannot do is refused before anything
 * is signed, typed {@code unsupported}: paced input (a key delay, a move's path, a modifier release), keeping the
 * clipboard around a paste, the application verbs and {@code open} (Linux plans those from desktop profiles).
 */
final class NativeInput {

    /** How long a verb may take from resolution to receipt. */
    static final long DEADLINE_MS = 30_000;

    private final DesktopPort port;
    private final NativeElements elements;

    NativeInput(DesktopPort port) {
        this.port = port;
        this.elements = new NativeElements(port);
    }

    InputOutcome run(InputRequest request, ResidentHost resident, CancellationToken cancellation)
            throws DesktopException {
        if (request.clipboard() != null) {
            throw unsupported("keeping the clipboard around a paste is not offered on this platform");
        }
        long deadline = System.currentTimeMillis() + DEADLINE_MS;
        if (!request.dryRun() && resident == null) {
            throw new DesktopException("runtime_unavailable", SignedInput.START_DAEMON);
        }
        // read before anything moves: where restore gives the pointer back to
        long[] restoreTo = request.restore() && request.pointer() ? pointer() : null;
        Planned planned = plan(request, cancellation, deadline);
        return SignedInput.run(
                request,
                planned,
                restoreTo,
                resident,
                cancellation,
                position -> plan(
                                InputRequest.at("move", position, false, false),
                                cancellation,
                                System.currentTimeMillis() + DEADLINE_MS)
                        .proposal());
    }

    Planned plan(InputRequest request, CancellationToken cancellation, long deadline) throws DesktopException {
        if (InputRequest.APPLICATION_VERBS.containsKey(request.verb())
                || request.verb().equals("open")) {
            throw unsupported(request.verb() + " is planned from Linux desktop profiles and not offered here");
        }
        if (request.delayMs() > 0 && !request.dryRun()) {
            pause(request.delayMs());
        }
        Planned planned;
        try {
            if (WindowVerbs.is(request.verb())) {
                planned = window(request, cancellation, deadline);
            } else if (request.selector() != null) {
                planned = selectorTarget(request, cancellation, deadline);
            } else if (!request.pointer()) {
                planned = keyboardToFocus(request, cancellation, deadline);
            } else {
                long[] from = PointerPoints.start(request, places(cancellation, deadline));
                CoordinateObservation screen = port.executor().observeCoordinates(cancellation, deadline);
                planned = new Planned(
                        proposal(
                                pointerAction(request, screen, cancellation, deadline),
                                PointTargets.at(screen, from, request.clamp()),
                                deadline),
                        "pointer",
                        null);
            }
        } catch (ExecutorException e) {
            throw NativeDesktop.failure(e);
        }
        if (Action.paced(planned.proposal().action())) {
            throw unsupported(planned.proposal().action().kind()
                    + " with a pace or a modifier release is not supported on this platform");
        }
        return planned;
    }

    private Planned selectorTarget(InputRequest request, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        UiElement best = best(request.selector(), request.scope(), cancellation, deadline);
        SemanticObservation observation = port.observation(best.observationId())
                .orElseThrow(() -> new DesktopException("stale_target", "the element's observation expired"));
        SemanticElement element = observation.elements().stream()
                .filter(e -> e.tag().equals(best.tag()))
                .findFirst()
                .orElseThrow(() -> new DesktopException("stale_target", "the element left its observation"));
        if (!element.actionability().enabled()) {
            throw new DesktopException("target_disabled", "the element is disabled: nothing was signed");
        }
        TargetRef.Element target;
        try {
            target = new TargetRef.Element(observation.target(best.tag()));
        } catch (ProtocolException e) {
            throw new DesktopException("stale_target", "the element left its observation");
        }
        return switch (request.verb()) {
            case "click" -> {
                if (element.actionability().invokable()
                        && request.button() == MouseButton.LEFT
                        && request.count() == 1) {
                    yield new Planned(
                            proposal(new Action.Invoke(), target, deadline),
                            "target_addressed (" + port.backend() + " action)",
                            best);
                }
                yield atCentre(request, best, cancellation, deadline);
            }
            case "move", "drag" -> atCentre(request, best, cancellation, deadline);
            case "select" -> {
                // the item chosen by its name through the container's own value, verified by that name
                Optional<DesktopException> refused = SelectableItems.refusal(element, request.text(), observation);
                if (refused.isPresent()) {
                    throw refused.get();
                }
                yield new Planned(
                        new ActionProposal(
                                new Action.SetValue(request.text()),
                                target,
                                InteractionMode.INTERACTIVE,
                                new VerificationPolicy.TargetValueHash(
                                        Sha256.hex(request.text().getBytes(StandardCharsets.UTF_8))),
                                SafetyClass.REVERSIBLE,
                                deadline),
                        "target_addressed (" + port.backend() + " value)",
                        best);
            }
            default -> keyboard(request, target, best, deadline);
        };
    }

    /** A pointer verb at the element's centre: a coordinate target, fenced like any other. */
    private Planned atCentre(InputRequest request, UiElement element, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        CoordinateObservation screen = port.executor().observeCoordinates(cancellation, deadline);
        long[] centre = {element.center().x(), element.center().y()};
        return new Planned(
                proposal(
                        pointerAction(request, screen, cancellation, deadline),
                        PointTargets.at(screen, centre, false),
                        deadline),
                "pointer (at the element's centre)",
                element);
    }

    private Action pointerAction(
            InputRequest request, CoordinateObservation screen, CancellationToken cancellation, long deadline)
            throws DesktopException, ExecutorException {
        return switch (request.verb()) {
            case "click" -> new Action.Click(request.button(), request.count(), false);
            case "move" ->
                new Action.Move(request.pace().durationMs(), request.pace().steps());
            case "drag" ->
                new Action.Drag(
                        PointTargets.at(
                                screen,
                                PointerPoints.dragEnd(request, places(cancellation, deadline)),
                                request.clamp()),
                        request.button(),
                        request.pace().durationMs(),
                        request.pace().steps());
            default -> throw new IllegalStateException("not a pointer verb");
        };
    }

    /** Keyboard input without a selector goes to the one focused element of the active window. */
    private Planned keyboardToFocus(InputRequest request, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        Selector focused;
        try {
            focused = Selector.parse("state-exact=focused");
        } catch (SelectorException impossible) {
            throw new IllegalStateException(impossible);
        }
        String active = port.windows(cancellation, deadline).stream()
                .filter(DesktopWindow::focused)
                .map(DesktopWindow::id)
                .findFirst()
                .orElse(null);
        List<UiElement> inActive =
                elements.find(focused, request.scope(), 0, cancellation, deadline).elements().stream()
                        .filter(e -> e.windowId().equals(active))
                        .toList();
        if (inActive.size() != 1) {
            throw new DesktopException(
                    "target_not_found", "the active window has no single focused element: give --selector");
        }
        UiElement element = inActive.get(0);
        SemanticObservation observation = port.observation(element.observationId())
                .orElseThrow(() -> new DesktopException("stale_target", "the element's observation expired"));
        try {
            return keyboard(request, new TargetRef.Element(observation.target(element.tag())), element, deadline);
        } catch (ProtocolException e) {
            throw new DesktopException("stale_target", "the focused element left its observation");
        }
    }

    private Planned keyboard(InputRequest request, TargetRef.Element target, UiElement element, long deadline) {
        Action action = KeyboardActions.of(request);
        return new Planned(proposal(action, target, deadline), port.keyboardRoute(), element);
    }

    private UiElement best(Selector selector, ElementScope scope, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        UiElement best = null;
        for (UiElement element :
                elements.find(selector, scope, 0, cancellation, deadline).elements()) {
            if (element.bounds().hasArea() && (best == null || selector.score(element) > selector.score(best))) {
                best = element;
            }
        }
        if (best == null) {
            throw new DesktopException("target_not_found", "no on-screen element matches the selector");
        }
        return best;
    }

    /** Where this platform places a ratio's point and finds the pointer. */
    private PointerPoints.Places places(CancellationToken cancellation, long deadline) {
        return new PointerPoints.Places() {
            @Override
            public List<DesktopWindow> windows() throws ExecutorException {
                return port.windows(cancellation, deadline);
            }

            @Override
            public long[] pointer() throws DesktopException {
                return NativeInput.this.pointer();
            }
        };
    }

    /** A window verb, as {@link WindowVerbs} proposes it: these executors find a window again by its title. */
    private Planned window(InputRequest request, CancellationToken cancellation, long deadline)
            throws DesktopException, ExecutorException {
        return new Planned(
                WindowVerbs.proposal(
                        request, () -> port.windows(cancellation, deadline), WindowVerbs.Naming.TITLE, deadline),
                "window (" + port.backend() + ")",
                null);
    }

    /** The pointer's position now. */
    long[] pointer() throws DesktopException {
        try {
            return port.pointer();
        } catch (ExecutorException e) {
            throw new DesktopException("observation_error", "the pointer position cannot be read");
        }
    }

    private static ActionProposal proposal(Action action, TargetRef target, long deadline) {
        return new ActionProposal(
                action,
                target,
                InteractionMode.INTERACTIVE,
                new VerificationPolicy.None(),
                SafetyClass.REVERSIBLE,
                deadline);
    }

    private static DesktopException unsupported(String reason) {
        return new DesktopException("unsupported", reason);
    }

    private static void pause(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
