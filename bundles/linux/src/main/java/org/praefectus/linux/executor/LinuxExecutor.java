package org.praefectus.linux.executor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.GlobalInput;
import org.praefectus.api.executor.GlobalInputOptIn;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.linux.atspi.Identities;
import org.praefectus.linux.atspi.LiveElement;
import org.praefectus.linux.atspi.SurfaceWindow;
import org.praefectus.linux.capture.ScreenLayout;
import org.praefectus.linux.capture.ScreenSource;
import org.praefectus.linux.wayland.WaylandProbe;
import org.praefectus.linux.wayland.WaylandSession;
import org.praefectus.linux.x11.ClipboardContents;
import org.praefectus.linux.x11.ClipboardReader;
import org.praefectus.linux.x11.SessionType;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * The Linux {@link Executor}: AT-SPI2 for semantic observation and target-addressed actions, X11 (XTest,
 * RandR, MIT-SHM) for global input, coordinate fences and capture. A plain object tests build directly; the
 * DS component ({@code LinuxExecutorComponent}) is this class with a constructor from its configuration.
 */
public class LinuxExecutor implements Executor, AutoCloseable {

    /** The backend service property value. */
    public static final String BACKEND = "linux-atspi";

    private final DesktopConnections connections;
    private final ExecutorSettings settings;
    private final CoordinateFence coordinates = new CoordinateFence();
    private final ContextSentinel sentinel;
    private final EmergencyStop emergencyStop;
    private final ClipboardKeeper clipboardKeeper;
    private final ShownWindows shownWindows = new ShownWindows();

    public LinuxExecutor(DesktopConnections connections, ExecutorSettings settings) {
        this.connections = connections;
        this.settings = settings;
        this.sentinel = new ContextSentinel(connections);
        this.emergencyStop = new EmergencyStop(connections.environment(), settings.emergencyHotkey());
        this.clipboardKeeper = new ClipboardKeeper(connections.environment());
        if (globalInputAllowed()) {
            emergencyStop.arm();
        }
    }

    /** The operator's emergency stop over every dispatch of this executor. */
    public EmergencyStop emergencyStop() {
        return emergencyStop;
    }

    /** The windows this executor's {@code application} and {@code open} actions showed, for the desktop service. */
    public ShownWindows shownWindows() {
        return shownWindows;
    }

    /** The keeper of the clipboard the last paste replaced; it lives as long as this executor. */
    ClipboardKeeper clipboardKeeper() {
        return clipboardKeeper;
    }

    /**
     * The CLIPBOARD of this executor's X display now, for a caller that must know before a paste whether the
     * clipboard it replaces can be put back (a paste restores it by itself, see {@code InputDispatch}).
     *
     * @throws X11Refusal when X11 is refused here (Wayland, an untrusted server, no display)
     */
    public ClipboardContents clipboard() throws X11Refusal {
        return ClipboardReader.read(connections.environment());
    }

    boolean globalInputAllowed() {
        return GlobalInput.allowed(connections.environment(), operatorOptIn());
    }

    /**
     * An operator's opt-in to global input registered in the framework, or {@code null}: the registered executor
     * answers it (see {@link GlobalInput}); a plain executor knows only its environment.
     */
    protected GlobalInputOptIn operatorOptIn() {
        return null;
    }

    @Override
    public Capabilities capabilities() throws ExecutorException {
        // a bus side yet to connect connects beside the display side: in a fresh process each is mostly waiting
        // (sockets, replies, class loading), and a one-shot CLI's capabilities is the two of them
        CompletableFuture<Boolean> bus = connections.accessibilityOpen()
                ? CompletableFuture.completedFuture(true)
                : CompletableFuture.supplyAsync(this::accessibilityAnswers, LinuxExecutor::onProbeThread);
        if (connections.nativeWayland()) {
            return waylandCapabilities(bus.join());
        }
        String geometry = "";
        boolean nativeX11 = false;
        try {
            // one read: capabilities fence nothing (every action re-reads the topology), and a double read that
            // caught a change would have reported a working X11 session as absent
            geometry = connections.display().session().topologySample().hash();
            nativeX11 = true;
        } catch (X11Refusal refused) {
            // Wayland, no display or an untrusted server: no X11 actions
        }
        boolean accessibility = bus.join();
        TreeMap<String, Boolean> permissions = new TreeMap<>();
        permissions.put("accessibility", accessibility);
        permissions.put("atspi2", accessibility);
        permissions.put("x11", nativeX11);
        permissions.put("wayland", SessionType.of(connections.environment()) == SessionType.WAYLAND);
        permissions.put("display_geometry", nativeX11);
        permissions.put("coordinate_capture", nativeX11);
        permissions.put("global_input", globalInputAllowed());
        return Capabilities.of(
                "linux",
                "atspi2",
                settings.sessionIsolation(),
                ActionCatalog.capabilities(accessibility, nativeX11),
                permissions,
                geometry);
    }

    private static void onProbeThread(Runnable probe) {
        Thread thread = new Thread(probe, "praefectus-accessibility-probe");
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether the AT-SPI side connects (a permission, never an error). */
    private boolean accessibilityAnswers() {
        try {
            connections.accessibility();
            return true;
        } catch (ExecutorException unavailable) {
            return false;
        }
    }

    /**
     * A native Wayland session: input is offered only where the portal serves RemoteDesktop with the
     * ScreenCast stream absolute motion needs, screenshots only where its Screenshot answers, and both only
     * with a readable output layout; the portal flags say which interfaces answered.
     */
    private Capabilities waylandCapabilities(boolean accessibility) {
        String geometry = "";
        try {
            geometry = connections.topology().hash();
        } catch (ExecutorException unreadable) {
            // no layout: no coordinates, so neither input at points nor fenced screenshots
        }
        boolean layout = !geometry.isEmpty();
        WaylandSession session = new WaylandProbe().probe(connections.environment());
        Map<String, Boolean> portals = session.permissions();
        boolean input = layout && portals.get("portal_remote_desktop") && portals.get("portal_screencast");
        boolean screenshot = layout && portals.get("portal_screenshot");
        TreeMap<String, Boolean> permissions = new TreeMap<>(portals);
        permissions.put("accessibility", accessibility);
        permissions.put("atspi2", accessibility);
        permissions.put("x11", false);
        permissions.put("wayland", true);
        permissions.put("display_geometry", layout);
        permissions.put("coordinate_capture", screenshot);
        // GTK reports AT-SPI extents relative to its own window here: element bounds are no screen points
        permissions.put("element_screen_bounds", false);
        permissions.put("global_input", globalInputAllowed());
        return Capabilities.of(
                "linux",
                "atspi2",
                settings.sessionIsolation(),
                ActionCatalog.capabilities(accessibility, input ? ActionCatalog.WAYLAND_INPUT : List.of(), screenshot),
                permissions,
                geometry);
    }

    @Override
    public SessionIsolation sessionIsolation() {
        return settings.sessionIsolation();
    }

    @Override
    public String sharedDesktopContextHash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return sentinel.hash(cancellation, deadlineAtMs);
    }

    // ---- observation ----

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        String geometry = connections.topologySample().hash();
        List<SurfaceWindow> windows = windows(cancellation, deadlineAtMs);
        requireSameGeometry(geometry);
        List<SurfaceDescriptor> surfaces = new ArrayList<>();
        for (SurfaceWindow window : windows) {
            surfaces.add(window.descriptor(geometry));
        }
        return surfaces;
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        String geometry = connections.topologySample().hash();
        SurfaceWindow active = null;
        for (SurfaceWindow window : windows(cancellation, deadlineAtMs)) {
            if (window.active()) {
                if (active != null) {
                    throw new ExecutorException(
                            ExecutorFailure.UNAVAILABLE, "active accessibility window is ambiguous");
                }
                active = window;
            }
        }
        if (active == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "active accessibility window not found");
        }
        return observeWindow(active, geometry, cancellation, deadlineAtMs);
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (!Sha256.isHash(surface.id())) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "invalid surface reference");
        }
        cancellation.checkBoundary(deadlineAtMs);
        String geometry = connections.topologySample().hash();
        Optional<SemanticObservation> known =
                connections.accessibility().observer().observeKnown(surface, geometry, cancellation, deadlineAtMs);
        if (known.isPresent()) {
            requireSameGeometry(geometry);
            return known.get();
        }
        List<SurfaceWindow> matches = new ArrayList<>();
        for (SurfaceWindow window : windows(cancellation, deadlineAtMs)) {
            if (window.descriptor(geometry).surface().equals(surface)) {
                matches.add(window);
            }
        }
        if (matches.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "surface not found");
        }
        if (matches.size() > 1) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "surface is ambiguous");
        }
        return observeWindow(matches.get(0), geometry, cancellation, deadlineAtMs);
    }

    private SemanticObservation observeWindow(
            SurfaceWindow window, String geometry, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        SemanticObservation observation =
                connections.accessibility().observer().observe(window, geometry, cancellation, deadlineAtMs);
        requireSameGeometry(geometry);
        return observation;
    }

    /** The connections, for the desktop verbs of this bundle (windows, elements, input through a host). */
    public DesktopConnections connections() {
        return connections;
    }

    /** The visible accessible windows with their backend side, for the desktop verbs of this bundle. */
    public List<SurfaceWindow> accessibleWindows(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return windows(cancellation, deadlineAtMs);
    }

    private List<SurfaceWindow> windows(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        DesktopConnections.Accessibility accessibility = connections.accessibility();
        return accessibility
                .desktop()
                .windows(accessibility.desktop().applications(cancellation, deadlineAtMs), cancellation, deadlineAtMs);
    }

    /** Closes the bracket an observation opened with a topology sample: one read each, equal or stale. */
    private void requireSameGeometry(String geometry) throws ExecutorException {
        if (!connections.topologySample().hash().equals(geometry)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        ScreenSource screen = connections.screen();
        ScreenLayout topology = connections.topology();
        CoordinateObservation observation = coordinates.observe(screen, topology);
        requireSameGeometry(topology.hash());
        cancellation.checkBoundary(deadlineAtMs);
        return observation;
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        long now = System.currentTimeMillis();
        if (target instanceof TargetRef.Element element) {
            // an observation, not a fence: it follows the window through a title its edit gave it
            String geometry = connections.topology().hash();
            LiveElement live = connections
                    .accessibility()
                    .resolver()
                    .resolve(element.target(), geometry, true, true, cancellation, deadlineAtMs);
            SemanticTargetRef ref = element.target();
            return Observation.ofElement(
                    ref,
                    live.fingerprintHash(),
                    live.snapshot().observation().provenance().displayGeometryHash(),
                    live.verificationState(),
                    now);
        }
        if (target instanceof TargetRef.Coordinates point) {
            ScreenLayout topology = connections.topology();
            CoordinateObservation observation = coordinates.check(point, connections.screen(), topology);
            return Observation.ofCoordinates(observation, topology.hash(), now);
        }
        String geometry;
        try {
            geometry = connections.topology().hash();
        } catch (ExecutorException noDisplay) {
            geometry = "";
        }
        return Observation.ofNoTarget(geometry, now);
    }

    // ---- resolution and dispatch ----

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (target instanceof TargetRef.Element element) {
            live(element.target(), false, cancellation, deadlineAtMs);
            return new ResolvedTarget.Semantic(element.target());
        }
        if (target instanceof TargetRef.Coordinates point) {
            coordinates.check(point, connections.screen(), connections.topology());
            return new ResolvedTarget.Native(new CoordinateTarget(point));
        }
        return new ResolvedTarget.None();
    }

    LiveElement live(SemanticTargetRef target, boolean withValue, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        String geometry = connections.topology().hash();
        return connections.accessibility().resolver().resolve(target, geometry, withValue, cancellation, deadlineAtMs);
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (globalInputAllowed()) {
            emergencyStop.arm(); // again when another client held the chord before
        }
        cancellation = emergencyStop.admit(cancellation);
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (action instanceof Action.Invoke
                || action instanceof Action.SetValue
                || action instanceof Action.SelectText) {
            return semantic(action, target, verification, cancellation, deadlineAtMs);
        }
        if (action instanceof Action.TypeText type && typesSemantically(type, target)) {
            Optional<DispatchReceipt> typed = typeIntoEditable(type, target, cancellation, deadlineAtMs);
            if (typed.isPresent()) {
                return typed.get();
            }
        }
        if (action instanceof Action.Window window) {
            if (connections.nativeWayland()) {
                throw DispatchException.unsupported("window actions need an X11 window manager");
            }
            try {
                return new WindowActions(this, display().session()).dispatch(window, cancellation, deadlineAtMs);
            } catch (ExecutorException e) {
                throw beforeEffect(e);
            }
        }
        if (action instanceof Action.Application || action instanceof Action.Open) {
            if (connections.nativeWayland()) {
                throw DispatchException.unsupported(action.kind() + " actions need an X11 window manager");
            }
            try {
                X11Session session = display().session();
                return action instanceof Action.Application application
                        ? new ApplicationActions(this, session).dispatch(application, cancellation, deadlineAtMs)
                        : new OpenAction(this, session).dispatch((Action.Open) action, cancellation, deadlineAtMs);
            } catch (ExecutorException e) {
                throw beforeEffect(e);
            }
        }
        if (connections.nativeWayland()) {
            return new WaylandDispatch(this, connections, coordinates)
                    .dispatch(action, target, cancellation, deadlineAtMs);
        }
        return new InputDispatch(this, connections, coordinates).dispatch(action, target, cancellation, deadlineAtMs);
    }

    private DispatchReceipt semantic(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Semantic semantic)) {
            throw DispatchException.unsupported("semantic actions need an element target");
        }
        if (action instanceof Action.SetValue && !(verification instanceof VerificationPolicy.TargetValueHash)) {
            throw DispatchException.noEffect("set_value requires target_value_hash verification");
        }
        LiveElement live;
        DesktopConnections.Accessibility accessibility;
        try {
            accessibility = connections.accessibility();
            live = live(semantic.target(), action instanceof Action.SetValue, cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw beforeEffect(e);
        }
        if (action instanceof Action.SetValue setValue) {
            accessibility.actions().setValue(live, setValue.value(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.SelectText select) {
            accessibility.actions().selectText(live, select.start(), select.length(), cancellation, deadlineAtMs);
        } else {
            accessibility.actions().invoke(live, cancellation, deadlineAtMs);
        }
        return DispatchReceipt.of(Identities.BACKEND);
    }

    /** Unpaced text without Return into an element: a candidate for typing through EditableText. */
    private static boolean typesSemantically(Action.TypeText type, ResolvedTarget target) {
        return target instanceof ResolvedTarget.Semantic && type.delayMs() == null && !type.pressReturn();
    }

    /**
     * {@code type_text} into an editable text: inserted at its caret (or, with {@code clear}, replacing its
     * text) through EditableText, so the rest of a document stays as it was and nothing else can receive the
     * keys; empty when the live element is not editable text (then it is typed key by key, as before). The
     * protocol routes {@code type_text} as keyboard input, so its opt-in applies here too.
     */
    private Optional<DispatchReceipt> typeIntoEditable(
            Action.TypeText type, ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        ActionCatalog.requireInput(type, this);
        LiveElement live;
        DesktopConnections.Accessibility accessibility;
        try {
            accessibility = connections.accessibility();
            live = live(((ResolvedTarget.Semantic) target).target(), false, cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw beforeEffect(e);
        }
        if (!live.actionability().editable() || live.numeric()) {
            return Optional.empty(); // a slider or spin button takes its number through set_value, not keys typed here
        }
        accessibility.actions().typeText(live, type.text(), type.clear(), cancellation, deadlineAtMs);
        return Optional.of(DispatchReceipt.of(Identities.BACKEND));
    }

    /** A failed fence check before any effect, as the dispatch failure it is. */
    static DispatchException beforeEffect(ExecutorException e) {
        return switch (e.failure()) {
            case CANCELLED -> DispatchException.cancelledBeforeEffect();
            case EXPIRED -> DispatchException.expiredBeforeEffect();
            case STALE_TARGET ->
                new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, e.getMessage());
            case TARGET_NOT_FOUND ->
                new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.TARGET_NOT_FOUND, e.getMessage());
            case INVALID_REQUEST -> DispatchException.noEffect(e.getMessage());
            case UNAVAILABLE -> DispatchException.unsupported(e.getMessage());
        };
    }

    DesktopConnections.Display display() throws ExecutorException {
        try {
            return connections.display();
        } catch (X11Refusal refused) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, refused.getMessage());
        }
    }

    /**
     * The file a screenshot writes: its signed path, which must lie directly in the host's screenshot
     * directory (created 0700 when missing); anywhere else is refused before any capture.
     */
    Path screenshotFile(Action.Screenshot screenshot) throws DispatchException {
        Path directory = settings.screenshotDirectory();
        Path file = screenshot
                .fileIn(directory)
                .orElseThrow(() -> new DispatchException(
                        EffectKnowledge.NO_EFFECT,
                        FailureCode.PERMISSION_DENIED,
                        "the screenshot path is outside the host's screenshot directory"));
        try {
            if (!Files.isDirectory(directory)) {
                Files.createDirectories(
                        directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
        } catch (IOException e) {
            throw DispatchException.unsupported("the screenshot directory is unavailable");
        }
        return file;
    }

    @Override
    public void close() {
        emergencyStop.close();
        clipboardKeeper.close();
        connections.close();
    }
}
