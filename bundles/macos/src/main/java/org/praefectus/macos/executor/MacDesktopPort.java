package org.praefectus.macos.executor;

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
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.desktop.DesktopPort;
import org.praefectus.nativecore.desktop.ElementReading;

/**
 * The macOS executor as the desktop service sees it: Quartz's on-screen application windows (front to back, titled
 * by AX when Quartz withholds the title without Screen Recording), and the elements of its own observations found
 * again by their index paths and read now. An element whose fingerprint changed since is left out.
 */
final class MacDesktopPort implements DesktopPort {

    private final MacExecutor executor;
    private final AxApi ax;
    private final QuartzApi quartz;
    private final MacObserver observer;
    private final ProcessIdentity processes;
    private final QuartzDisplays displays;

    MacDesktopPort(
            MacExecutor executor,
            AxApi ax,
            QuartzApi quartz,
            MacObserver observer,
            ProcessIdentity processes,
            QuartzDisplays displays) {
        this.executor = executor;
        this.ax = ax;
        this.quartz = quartz;
        this.observer = observer;
        this.processes = processes;
        this.displays = displays;
    }

    @Override
    public Executor executor() {
        return executor;
    }

    @Override
    public String backend() {
        return "ax";
    }

    @Override
    public String keyboardRoute() {
        return "per_process_event (keyboard events posted to the fenced element's process)";
    }

    @Override
    public List<DesktopWindow> windows(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireTrusted();
        String geometry = displays.topology().hash();
        List<DesktopWindow> windows = new ArrayList<>();
        for (WindowInfo info : MacWindow.applicationWindows(quartz.windows())) {
            MacWindow window;
            try {
                window = new MacWindow(info, processes.generation(info.processId()));
            } catch (ExecutorException exited) {
                continue; // the owner exited while listed
            }
            String title = info.title();
            boolean accessible;
            try {
                AxElement axWindow = window.axWindow(ax, ax.application(info.processId()));
                title = title == null ? ax.attribute(axWindow, "AXTitle").text() : title;
                accessible = true;
            } catch (ExecutorException noAxWindow) {
                accessible = false; // listed by Quartz, but AX shows no window with its frame: nothing to observe
            }
            windows.add(new DesktopWindow(
                    Long.toString(info.number()),
                    title == null ? "" : title,
                    info.ownerName() == null ? "" : info.ownerName(),
                    info.bounds(),
                    // Quartz lists front to back: the first application window is the active one
                    windows.isEmpty(),
                    // on-screen windows are not minimized; AX would be asked for zoomed or full screen: not claimed
                    "unknown",
                    info.processId(),
                    accessible,
                    accessible ? window.descriptor(geometry).surface().id() : null,
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
        RecordedObservation<MacWindow, ElementPath> record = RecordedObservation.held(observer.recorded(observationId));
        requireTrusted();
        Map<String, ElementReading> readings = new HashMap<>();
        Optional<AxElement> window = liveWindow(record);
        if (window.isEmpty()) {
            return Map.of(); // the window closed or moved: every element is gone from it
        }
        for (SemanticElement element : record.observation().elements()) {
            cancellation.checkBoundary(deadlineAtMs);
            if (!tags.contains(element.tag())) {
                continue;
            }
            ElementPath recorded = record.elements().get(element.elementId());
            AxElement live = observer.traversal().resolve(window.get(), recorded.path());
            if (live == null) {
                continue;
            }
            ElementFacts facts = ElementFacts.read(ax, live);
            if (facts.fingerprint().equals(recorded.fingerprint())) {
                readings.put(
                        element.tag(),
                        MacReading.read(
                                ax,
                                live,
                                facts,
                                MacReading.id(record.window().info().number(), recorded.path())));
            }
        }
        // a permission withdrawn mid-read makes every later read look absent: a partial answer is no answer
        requireTrusted();
        return readings;
    }

    @Override
    public String text(String observationId, String tag, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        RecordedObservation<MacWindow, ElementPath> record = RecordedObservation.held(observer.recorded(observationId));
        requireTrusted();
        ElementPath recorded = record.element(tag);
        AxElement live = liveWindow(record)
                .map(window -> observer.traversal().resolve(window, recorded.path()))
                .orElse(null);
        ElementFacts facts = live == null ? null : ElementFacts.read(ax, live);
        if (facts == null || !facts.fingerprint().equals(recorded.fingerprint())) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element no longer exists");
        }
        if ("AXSecureTextField".equals(facts.subrole())) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "a password field's text is never read");
        }
        String text = MacReading.TEXT_ROLES.contains(facts.role())
                ? ax.attribute(live, "AXValue").text()
                : null;
        if (text == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "the element has no text");
        }
        return text;
    }

    @Override
    public long[] pointer() throws ExecutorException {
        double[] at = quartz.pointer();
        if (at == null || at.length != 2) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the pointer position cannot be read");
        }
        return new long[] {Math.round(at[0]), Math.round(at[1])};
    }

    /** The observed window's AX window now, when Quartz still shows it with the same owner and frame. */
    private Optional<AxElement> liveWindow(RecordedObservation<MacWindow, ElementPath> record) {
        WindowInfo observed = record.window().info();
        for (WindowInfo info : quartz.windows()) {
            if (info.number() == observed.number()
                    && info.processId() == observed.processId()
                    && observed.bounds().equals(info.bounds())) {
                try {
                    return Optional.of(record.window().axWindow(ax, ax.application(observed.processId())));
                } catch (ExecutorException gone) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private void requireTrusted() throws ExecutorException {
        if (!ax.trusted()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility is not trusted for this process");
        }
    }
}
