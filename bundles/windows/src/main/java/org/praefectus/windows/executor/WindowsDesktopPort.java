package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.desktop.DesktopPort;
import org.praefectus.nativecore.desktop.ElementReading;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * The Windows executor as the desktop service sees it: the visible top-level windows front to back (a minimized one
 * listed, but with no surface to observe), named by their window class as Linux names windows by {@code WM_CLASS};
 * the elements of its own observations found again by runtime id in one cached read of their window. An element whose
 * fingerprint changed since is left out.
 */
final class WindowsDesktopPort implements DesktopPort {

    private final WindowsExecutor executor;
    private final UiaApi uia;
    private final UiaObserver observer;
    private final ProcessIdentity processes;
    private final GdiScreen screen;

    WindowsDesktopPort(
            WindowsExecutor executor, UiaApi uia, UiaObserver observer, ProcessIdentity processes, GdiScreen screen) {
        this.executor = executor;
        this.uia = uia;
        this.observer = observer;
        this.processes = processes;
        this.screen = screen;
    }

    @Override
    public Executor executor() {
        return executor;
    }

    @Override
    public String backend() {
        return "uia";
    }

    @Override
    public String keyboardRoute() {
        return "pointer (SendInput, once UI Automation gave the fenced element the keyboard focus)";
    }

    @Override
    public List<DesktopWindow> windows(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireAutomation();
        String geometry = screen.topology().hash();
        long foreground = uia.foregroundWindow();
        List<DesktopWindow> windows = new ArrayList<>();
        for (TopLevelWindow info : uia.topLevelWindows()) {
            WindowsWindow window;
            try {
                window = new WindowsWindow(info, processes.generation(info.processId()));
            } catch (ExecutorException exited) {
                continue; // the owner exited while listed
            }
            // a minimized window is parked off screen and shows nothing: listed, never observed
            boolean observable =
                    !info.minimized() && info.bounds() != null && info.bounds().hasArea();
            windows.add(new DesktopWindow(
                    Long.toString(info.handle()),
                    info.title() == null ? "" : info.title(),
                    info.className() == null ? "" : info.className(),
                    info.bounds(),
                    info.handle() == foreground,
                    info.minimized() ? "minimized" : "unknown",
                    info.processId(),
                    observable,
                    observable ? window.descriptor(geometry).surface().id() : null,
                    backend()));
        }
        return windows;
    }

    @Override
    public Optional<SemanticObservation> observation(String observationId) {
        return Optional.ofNullable(observer.recorded(observationId)).map(RecordedObservation::observation);
    }

    @Override
    public Map<String, ElementReading> read(
            String observationId, Set<String> tags, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        RecordedObservation<WindowsWindow, RuntimeIdPath> record =
                RecordedObservation.held(observer.recorded(observationId));
        requireAutomation();
        Optional<UiaNode> tree = uia.tree(record.window().info().handle(), UiaObserver.MAX_ELEMENTS + 1);
        if (tree.isEmpty()) {
            return Map.of(); // the window closed: every element is gone with it
        }
        Map<String, ElementReading> readings = new HashMap<>();
        for (SemanticElement element : record.observation().elements()) {
            cancellation.checkBoundary(deadlineAtMs);
            if (tags.contains(element.tag())) {
                live(tree.get(), record.elements().get(element.elementId()))
                        .ifPresent(node -> readings.put(element.tag(), UiaReading.read(uia, node)));
            }
        }
        return readings;
    }

    @Override
    public String text(String observationId, String tag, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        RecordedObservation<WindowsWindow, RuntimeIdPath> record =
                RecordedObservation.held(observer.recorded(observationId));
        requireAutomation();
        RuntimeIdPath recorded = record.element(tag);
        UiaNode node = uia.tree(record.window().info().handle(), UiaObserver.MAX_ELEMENTS + 1)
                .flatMap(tree -> live(tree, recorded))
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element no longer exists"));
        if (node.password()) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "a password field's text is never read");
        }
        String text = UiaReading.text(uia, node);
        if (text == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "the element has no text");
        }
        return text;
    }

    @Override
    public long[] pointer() throws ExecutorException {
        long[] at = uia.cursor();
        if (at == null || at.length != 2) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the pointer position cannot be read");
        }
        return at.clone();
    }

    /** The one live node with the recorded runtime id and the observed fingerprint, else empty. */
    private static Optional<UiaNode> live(UiaNode tree, RuntimeIdPath recorded) {
        UiaNode node = UiaObserver.find(tree, recorded.runtimeId(), new ArrayList<>());
        return node != null && NodeFacts.fingerprint(node).equals(recorded.fingerprint())
                ? Optional.of(node)
                : Optional.empty();
    }

    private void requireAutomation() throws ExecutorException {
        if (!uia.available()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "UI Automation is unavailable");
        }
    }
}
