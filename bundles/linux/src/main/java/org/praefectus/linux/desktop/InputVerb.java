package org.praefectus.linux.desktop;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
import org.praefectus.linux.atspi.StoredSnapshot;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.nativecore.input.KeyboardActions;
import org.praefectus.nativecore.input.PointTargets;
import org.praefectus.nativecore.input.PointerPoints;
import org.praefectus.nativecore.input.SignedInput;
import org.praefectus.nativecore.input.SignedInput.Planned;
import org.praefectus.nativecore.input.WindowVerbs;

/**
 * The input verbs ({@code click}, {@code move}, {@code drag}, {@code type}, {@code paste}, {@code hotkey};
 * IPC {@code click}, {@code move_mouse}, {@code drag}, {@code type_text}, {@code paste_text}, {@code hotkey}):
 * the target is resolved against a fresh observation of the registered executor and becomes an
 * {@link ActionProposal}. A dry run shows the request the resident host would sign ({@code draft}), or the
 * unsigned proposal when no host runs; a real verb is signed and executed by the resident host
 * ({@code act}) and its receipt is returned. Without a resident host a real verb is refused.
 *
 * <p>A selector target uses the element's accessibility action when it has one ({@code invoke} for a plain
 * left click on anything but editable text; typing into an editable text inserts at its caret through
 * EditableText, unless a key delay asks for keystrokes);
 * otherwise pointer and keyboard verbs are aimed at the fenced element itself (the executor delivers them at its live
 * centre, or to it once it has the focus). A key delay is the signed {@code type_text} action's {@code delay_ms}, so the
 * executor paces the keystrokes and the host's signature covers the pace.
 */
public final class InputVerb {

    /** How long a verb may take from resolution to receipt. */
    static final long DEADLINE_MS = 30_000;

    /** What to tell a caller when no resident host runs. */
    public static final String START_DAEMON = SignedInput.START_DAEMON;

    private final LinuxExecutor executor;
    private final ElementFinder finder;
    private final WindowDirectory windows;

    public InputVerb(LinuxExecutor executor) {
        this.executor = executor;
        // effects always aim at a fresh read, never at a cached one
        this.finder = new ElementFinder(executor, 0);
        this.windows = new WindowDirectory(executor);
    }

    /**
     * The verb: planned against a fresh observation, then drafted (a dry run) or signed and executed by
     * {@code resident}; a paste that keeps the clipboard goes through {@link PreservedPaste}.
     *
     * @param resident the signing host, or {@code null}
     */
    public InputOutcome run(InputRequest request, ResidentHost resident, CancellationToken cancellation)
            throws DesktopException {
        if (request.clipboard() != null) {
            return new PreservedPaste(this, executor).run(request, resident, cancellation);
        }
        return once(request, resident, cancellation);
    }

    InputOutcome once(InputRequest request, ResidentHost resident, CancellationToken cancellation)
            throws DesktopException {
        long deadline = System.currentTimeMillis() + DEADLINE_MS;
        if (!request.dryRun() && resident == null) {
            throw new DesktopException("runtime_unavailable", START_DAEMON);
        }
        // read before anything moves: where restore gives the pointer back to
        long[] restoreTo = request.restore() && request.pointer() ? pointer() : null;
        Planned planned = plan(request, cancellation, deadline);
        InputOutcome outcome = SignedInput.run(
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
        if (!request.dryRun()) {
            finder.invalidate();
        }
        return outcome;
    }

    Planned plan(InputRequest request, CancellationToken cancellation, long deadline) throws DesktopException {
        if (request.delayMs() > 0 && !request.dryRun()) {
            pause(request.delayMs());
        }
        try {
            if (WindowVerbs.is(request.verb())) {
                return window(request, deadline);
            }
            if (ApplicationPlans.plans(request.verb())) {
                return new ApplicationPlans(executor).plan(request, deadline);
            }
            if (request.selector() != null) {
                return selectorTarget(request, cancellation, deadline);
            }
            if (!request.pointer()) {
                return keyboardToFocus(request, cancellation, deadline);
            }
            long[] from = PointerPoints.start(request, places());
            CoordinateObservation screen = executor.observeCoordinates(cancellation, deadline);
            TargetRef.Coordinates start = PointTargets.at(screen, from, request.clamp());
            Action action = switch (request.verb()) {
                case "click" -> new Action.Click(request.button(), request.count(), false);
                case "move" -> move(request);
                case "drag" -> drag(request, screen);
                default -> throw new IllegalStateException("not a pointer verb");
            };
            return new Planned(proposal(action, start, new VerificationPolicy.None(), deadline), "pointer", null);
        } catch (ExecutorException e) {
            throw new DesktopException(
                    e.failure().code().equals("target_not_found") ? "target_not_found" : "observation_error",
                    e.failure().code() + ": " + e.getMessage());
        }
    }

    private Planned selectorTarget(InputRequest request, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        UiElement best = best(request.selector(), request.scope(), cancellation, deadline);
        SemanticObservation observation = observation(best);
        SemanticElement element = observation.elements().stream()
                .filter(e -> e.tag().equals(best.tag()))
                .findFirst()
                .orElseThrow(() -> new DesktopException("stale_target", "the element left its observation"));
        TargetRef.Element target;
        try {
            target = new TargetRef.Element(observation.target(best.tag()));
        } catch (ProtocolException e) {
            throw new DesktopException("stale_target", "the element left its observation");
        }
        switch (request.verb()) {
            case "click" -> {
                if (element.actionability().invokable()
                        && request.button() == MouseButton.LEFT
                        && request.count() == 1) {
                    return new Planned(
                            proposal(new Action.Invoke(), target, new VerificationPolicy.None(), deadline),
                            "target_addressed (AT-SPI action)",
                            best);
                }
                return atElement(new Action.Click(request.button(), request.count(), false), target, best, deadline);
            }
            case "move" -> {
                return atElement(move(request), target, best, deadline);
            }
            case "drag" -> {
                CoordinateObservation screen = executor.observeCoordinates(cancellation, deadline);
                Action drag = drag(request, screen);
                return new Planned(
                        proposal(
                                drag,
                                PointTargets.at(screen, centreOf(best), false),
                                new VerificationPolicy.None(),
                                deadline),
                        "pointer",
                        best);
            }
            case "type" -> {
                if (element.actionability().editable() && request.pace().keyDelayMs() == null) {
                    // typed at the caret, never replacing the text around it unless asked to (#36 defect 1)
                    return new Planned(
                            proposal(
                                    new Action.TypeText(request.text(), request.clear(), false, null),
                                    target,
                                    new VerificationPolicy.None(),
                                    deadline),
                            request.clear()
                                    ? "target_addressed (AT-SPI EditableText, replacing its text)"
                                    : "target_addressed (AT-SPI EditableText, at the caret)",
                            best);
                }
                return keyboard(request, target, best, deadline);
            }
            case "select" -> {
                // the item chosen by its name through the container's own selection, verified by that name (#36)
                Optional<DesktopException> refused = SelectableItems.refusal(element, request.text(), observation);
                if (refused.isPresent()) {
                    throw refused.get();
                }
                return new Planned(
                        proposal(
                                new Action.SetValue(request.text()),
                                target,
                                new VerificationPolicy.TargetValueHash(
                                        Sha256.hex(request.text().getBytes(StandardCharsets.UTF_8))),
                                deadline),
                        "target_addressed (AT-SPI Selection)",
                        best);
            }
            default -> {
                return keyboard(request, target, best, deadline);
            }
        }
    }

    private static Action move(InputRequest request) {
        return new Action.Move(request.pace().durationMs(), request.pace().steps());
    }

    private Action drag(InputRequest request, CoordinateObservation screen) throws DesktopException, ExecutorException {
        return new Action.Drag(
                PointTargets.at(screen, PointerPoints.dragEnd(request, places()), request.clamp()),
                request.button(),
                request.pace().durationMs(),
                request.pace().steps());
    }

    /**
     * Pointer input at the fenced element itself: the executor fences it live like a semantic action and aims at its
     * live centre. A coordinate target's pixel fence would stale on what the element itself shows (a blinking caret).
     */
    private Planned atElement(Action action, TargetRef.Element target, UiElement element, long deadline) {
        return new Planned(
                proposal(action, target, new VerificationPolicy.None(), deadline),
                "pointer (at the fenced element's live centre)",
                element);
    }

    private Planned keyboardToFocus(InputRequest request, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        ElementScope scope = request.scope();
        List<UiElement> focused;
        try {
            focused = finder.find(Selector.parse("state-exact=focused"), scope, 0, cancellation, deadline)
                    .elements();
        } catch (SelectorException impossible) {
            throw new IllegalStateException(impossible);
        }
        List<UiElement> inActive = new ArrayList<>();
        for (WindowDirectory.Joined joined : windows.accessible(cancellation, deadline)) {
            if (joined.window().focused()) {
                focused.stream()
                        .filter(e -> e.windowId().equals(joined.window().id()))
                        .forEach(inActive::add);
            }
        }
        if (inActive.size() != 1) {
            throw new DesktopException(
                    "target_not_found", "the active window has no single focused element: give --selector");
        }
        UiElement element = inActive.get(0);
        try {
            return keyboard(
                    request, new TargetRef.Element(observation(element).target(element.tag())), element, deadline);
        } catch (ProtocolException e) {
            throw new DesktopException("stale_target", "the focused element left its observation");
        }
    }

    private Planned keyboard(InputRequest request, TargetRef.Element target, UiElement element, long deadline) {
        Action action = KeyboardActions.of(request);
        return new Planned(
                proposal(action, target, new VerificationPolicy.None(), deadline),
                "pointer (keyboard, to the fenced element after it takes the focus)",
                element);
    }

    private UiElement best(Selector selector, ElementScope scope, CancellationToken cancellation, long deadline)
            throws ExecutorException, DesktopException {
        UiElement best = null;
        for (UiElement element :
                finder.find(selector, scope, 0, cancellation, deadline).elements()) {
            if (element.tag() != null
                    && element.bounds().hasArea()
                    && (best == null || selector.score(element) > selector.score(best))) {
                best = element;
            }
        }
        if (best == null) {
            throw new DesktopException("target_not_found", "no on-screen element matches the selector");
        }
        return best;
    }

    private SemanticObservation observation(UiElement element) throws DesktopException {
        return executor.connections()
                .observations()
                .get(element.observationId())
                .map(StoredSnapshot::observation)
                .orElseThrow(() -> new DesktopException("stale_target", "the element's observation expired"));
    }

    /** Where Linux places a ratio's point and finds the pointer. */
    private PointerPoints.Places places() {
        return new PointerPoints.Places() {
            @Override
            public List<DesktopWindow> windows() {
                return InputVerb.this.windows("auto");
            }

            @Override
            public long[] pointer() throws DesktopException {
                return InputVerb.this.pointer();
            }
        };
    }

    /**
     * A window verb, as {@link WindowVerbs} proposes it, on the window manager's windows: the window manager finds a
     * window again by its app ID and exact title.
     */
    private Planned window(InputRequest request, long deadline) throws DesktopException, ExecutorException {
        return new Planned(
                WindowVerbs.proposal(request, () -> windows("x11"), WindowVerbs.Naming.APP_ID_AND_TITLE, deadline),
                "window manager (EWMH)",
                null);
    }

    /** The windows {@code backend} lists now. */
    private List<DesktopWindow> windows(String backend) {
        return windows.list(backend, new CancellationToken(), System.currentTimeMillis() + DEADLINE_MS)
                .windows();
    }

    /** The pointer's position now. */
    public long[] pointer() throws DesktopException {
        try {
            int[] pointer = executor.connections().display().session().pointer();
            return new long[] {pointer[0], pointer[1]};
        } catch (X11Refusal refused) {
            throw new DesktopException("observation_error", "the pointer position cannot be read");
        }
    }

    private static long[] centreOf(UiElement element) {
        return new long[] {element.center().x(), element.center().y()};
    }

    private static ActionProposal proposal(
            Action action, TargetRef target, VerificationPolicy verification, long deadline) {
        return new ActionProposal(
                action, target, InteractionMode.INTERACTIVE, verification, SafetyClass.REVERSIBLE, deadline);
    }

    private static void pause(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
