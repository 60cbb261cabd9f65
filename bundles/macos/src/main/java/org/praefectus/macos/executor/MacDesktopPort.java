package org.praefectus.macos.executor;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.desktop.ElementReading;
import org.praefectus.nativecore.desktop.RecordedDesktopPort;

/**
 * The macOS executor as the desktop service sees it: Quartz's on-screen application windows (front to back, titled
 * by AX when Quartz withholds the title without Screen Recording), and the elements of its own observations found
 * again by their index paths and read now. An element whose fingerprint changed since is left out.
 */
final class MacDesktopPort extends RecordedDesktopPort<MacWindow, ElementPath, AxElement, MacDesktopPort.Live> {

    /** An element found again, with the facts read from it then. */
    record Live(AxElement element, ElementFacts facts) {}

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
    protected void requireAccess() throws ExecutorException {
        if (!ax.trusted()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility is not trusted for this process");
        }
    }

    @Override
    protected List<DesktopWindow> listWindows() throws ExecutorException {
        String geometry = displays.topology().hash();
        return listed(MacWindow.applicationWindows(quartz.windows()), (info, frontmost) -> {
            MacWindow window = new MacWindow(info, processes.generation(info.processId()));
            String title = info.title();
            boolean accessible;
            try {
                AxElement axWindow = window.axWindow(ax, ax.application(info.processId()));
                title = title == null ? ax.attribute(axWindow, "AXTitle").text() : title;
                accessible = true;
            } catch (ExecutorException noAxWindow) {
                accessible = false; // listed by Quartz, but AX shows no window with its frame: nothing to observe
            }
            return window(
                    Long.toString(info.number()),
                    title,
                    info.ownerName(),
                    info.bounds(),
                    // Quartz lists front to back: the first application window is the active one
                    frontmost,
                    // on-screen windows are not minimized; AX would be asked for zoomed or full screen: not claimed
                    "unknown",
                    info.processId(),
                    accessible ? window.descriptor(geometry).surface().id() : null);
        });
    }

    @Override
    protected RecordedObservation<MacWindow, ElementPath> recorded(String observationId) {
        return observer.recorded(observationId);
    }

    /** The observed window's AX window now, when Quartz still shows it with the same owner and frame. */
    @Override
    protected Optional<AxElement> liveWindow(RecordedObservation<MacWindow, ElementPath> record) {
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

    @Override
    protected Optional<Live> liveElement(AxElement window, ElementPath recorded) {
        AxElement live = observer.traversal().resolve(window, recorded.path());
        if (live == null) {
            return Optional.empty();
        }
        ElementFacts facts = ElementFacts.read(ax, live);
        return facts.fingerprint().equals(recorded.fingerprint())
                ? Optional.of(new Live(live, facts))
                : Optional.empty();
    }

    @Override
    protected ElementReading reading(
            RecordedObservation<MacWindow, ElementPath> record, ElementPath recorded, Live live) {
        return MacReading.read(
                ax,
                live.element(),
                live.facts(),
                MacReading.id(record.window().info().number(), recorded.path()));
    }

    @Override
    protected boolean password(Live live) {
        return "AXSecureTextField".equals(live.facts().subrole());
    }

    @Override
    protected String textOf(Live live) {
        return MacReading.TEXT_ROLES.contains(live.facts().role())
                ? ax.attribute(live.element(), "AXValue").text()
                : null;
    }

    @Override
    protected long[] pointerNow() {
        double[] at = quartz.pointer();
        return at == null ? null : Arrays.stream(at).mapToLong(Math::round).toArray();
    }
}
