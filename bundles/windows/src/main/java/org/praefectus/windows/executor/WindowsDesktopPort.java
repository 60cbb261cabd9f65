package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.nativecore.desktop.ElementReading;
import org.praefectus.nativecore.desktop.RecordedDesktopPort;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * The Windows executor as the desktop service sees it: the visible top-level windows front to back (a minimized one
 * listed, but with no surface to observe), named by their window class as Linux names windows by {@code WM_CLASS};
 * the elements of its own observations found again by runtime id in one cached read of their window. An element whose
 * fingerprint changed since is left out.
 */
final class WindowsDesktopPort extends RecordedDesktopPort<WindowsWindow, RuntimeIdPath, UiaNode, UiaNode> {

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
    protected void requireAccess() throws ExecutorException {
        if (!uia.available()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "UI Automation is unavailable");
        }
    }

    @Override
    protected List<DesktopWindow> listWindows() throws ExecutorException {
        String geometry = screen.topology().hash();
        long foreground = uia.foregroundWindow();
        return listed(uia.topLevelWindows(), (info, frontmost) -> {
            WindowsWindow window = new WindowsWindow(info, processes.generation(info.processId()));
            // a minimized window is parked off screen and shows nothing: listed, never observed
            boolean observable =
                    !info.minimized() && info.bounds() != null && info.bounds().hasArea();
            return window(
                    Long.toString(info.handle()),
                    info.title(),
                    info.className(),
                    info.bounds(),
                    info.handle() == foreground,
                    info.minimized() ? "minimized" : "unknown",
                    info.processId(),
                    observable ? window.descriptor(geometry).surface().id() : null);
        });
    }

    @Override
    protected RecordedObservation<WindowsWindow, RuntimeIdPath> recorded(String observationId) {
        return observer.recorded(observationId);
    }

    /** One cached read of the observed window's tree, or empty when the window closed. */
    @Override
    protected Optional<UiaNode> liveWindow(RecordedObservation<WindowsWindow, RuntimeIdPath> record) {
        return uia.tree(record.window().info().handle(), UiaObserver.MAX_ELEMENTS + 1);
    }

    /** The one live node with the recorded runtime id and the observed fingerprint, else empty. */
    @Override
    protected Optional<UiaNode> liveElement(UiaNode tree, RuntimeIdPath recorded) {
        UiaNode node = UiaObserver.find(tree, recorded.runtimeId(), new ArrayList<>());
        return node != null && NodeFacts.fingerprint(node).equals(recorded.fingerprint())
                ? Optional.of(node)
                : Optional.empty();
    }

    @Override
    protected ElementReading reading(
            RecordedObservation<WindowsWindow, RuntimeIdPath> record, RuntimeIdPath recorded, UiaNode live) {
        return UiaReading.read(uia, live);
    }

    @Override
    protected boolean password(UiaNode live) {
        return live.password();
    }

    @Override
    protected String textOf(UiaNode live) {
        return UiaReading.text(uia, live);
    }

    @Override
    protected long[] pointerNow() {
        return uia.cursor();
    }
}
