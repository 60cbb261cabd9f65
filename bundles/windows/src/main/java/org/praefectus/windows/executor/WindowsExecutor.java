package org.praefectus.windows.executor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.nativecore.ActionCatalog;
import org.praefectus.nativecore.ContextSentinel;
import org.praefectus.nativecore.CoordinateFence;
import org.praefectus.nativecore.DisplayTopology;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.TargetResolution;
import org.praefectus.nativecore.capture.ScreenGrab;
import org.praefectus.nativecore.desktop.DesktopPort;
import org.praefectus.windows.acl.AclApi;
import org.praefectus.windows.acl.WindowsPrivateState;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.WinInput;

/**
 * The Windows {@link Executor}: UI Automation for observation (cache requests over the control view) and
 * pattern actions (Invoke, Value, Scroll), {@code SendInput} for input only with the global-input opt-in,
 * GDI for coordinate fences and screenshots, owner-only ACLs for private state; each route is its own class,
 * this one chooses among them. A plain object over the
 * {@link UiaApi} and {@link AclApi} boundaries that tests build directly; the DS component
 * ({@code WindowsExecutorComponent}) is this class constructed from its configuration.
 */
public class WindowsExecutor implements Executor {

    /** The backend service property value. */
    public static final String BACKEND = "windows-uia";
    /** The provenance and receipt backend name. */
    public static final String BACKEND_NAME = "praefectus-windows-uia";

    /**
     * The registered executor as this bundle's own, for the components that build the desktop and capture services
     * over it.
     *
     * @throws IllegalStateException when the {@value #BACKEND} executor is not this bundle's
     */
    public static WindowsExecutor of(Executor executor) {
        if (!(executor instanceof WindowsExecutor own)) {
            throw new IllegalStateException("the windows-uia executor is not this bundle's");
        }
        return own;
    }

    /** What a process generation hashes first. */
    static final String PROCESS_TAG = "windows-process";

    /**
     * Pattern actions ({@code invoke}, {@code set_value}, one-step {@code scroll}) are target-addressed; every
     * synthesized keystroke (keyboard, {@code paste}'s Ctrl+V) is {@code SendInput} — Windows has no per-process
     * delivery — so it is global pointer input, never background.
     */
    static final ActionCatalog CATALOG = new ActionCatalog(
            List.of("invoke", "set_value", "scroll"),
            List.of("type_text", "press", "paste", "hotkey"),
            DeliveryRoute.POINTER,
            BackgroundSupport.UNAVAILABLE);

    private final UiaApi uia;
    private final WindowsSettings settings;
    private final LongSupplier clock;
    private final UiaObserver observer;
    private final UiaResolver resolver;
    private final ProcessIdentity processes;
    private final GdiScreen screen;
    private final CoordinateFence coordinates;
    private final TargetResolution targets;
    private final ContextSentinel sentinel;
    private final PatternActions patterns;
    private final ScreenshotAction screenshots;
    private final AuxiliaryActions auxiliary;
    private final InputSender input;
    private final KeyboardFocus keyboard;
    private final ClipboardPaste paste;
    private final WindowsPrivateState privateState;

    public WindowsExecutor(UiaApi uia, AclApi acl, WindowsSettings settings) {
        this(
                uia,
                acl,
                settings,
                new SystemPrograms(SystemPrograms.systemDirectories(settings.environment())),
                System::currentTimeMillis);
    }

    WindowsExecutor(UiaApi uia, AclApi acl, WindowsSettings settings, SystemPrograms programs, LongSupplier clock) {
        this.uia = uia;
        this.settings = settings;
        this.clock = clock;
        this.observer = new UiaObserver(uia, clock);
        this.processes = new ProcessIdentity(PROCESS_TAG, uia::processCreationTime);
        this.screen = new GdiScreen(uia);
        this.resolver = new UiaResolver(uia, processes, observer, clock);
        this.coordinates = new CoordinateFence(screen::topology, screen::contentHash, clock);
        this.targets = new TargetResolution(resolver::resolve, coordinates, screen::topology);
        this.sentinel = new ContextSentinel(new DesktopSample(uia, processes));
        this.patterns = new PatternActions(uia, resolver);
        ClipboardText clipboard = new ClipboardText(uia);
        this.auxiliary = new AuxiliaryActions(uia, programs, clipboard);
        this.input = new InputSender(uia);
        this.keyboard = new KeyboardFocus(uia, resolver, coordinates);
        this.paste = new ClipboardPaste(uia, clipboard, keyboard, input);
        this.privateState = new WindowsPrivateState(acl);
        this.screenshots = new ScreenshotAction(coordinates, screen, privateState, settings.screenshotDirectory());
    }

    /**
     * This executor as the desktop service sees it ({@code NativeDesktop}): its windows, the elements of its own
     * observations read now, the pointer.
     */
    public DesktopPort desktop() {
        return new WindowsDesktopPort(this, uia, observer, processes, screen);
    }

    /** The screen as the capture service ({@code NativeCapture}) grabs it: GDI's copy of the virtual screen. */
    public ScreenGrab screenGrab() {
        return new GdiScreenGrab(uia, privateState);
    }

    @Override
    public Capabilities capabilities() throws ExecutorException {
        boolean automation = uia.available();
        String geometry = "";
        boolean displayGeometry = false;
        try {
            geometry = screen.topology().hash();
            displayGeometry = true;
        } catch (ExecutorException noMonitor) {
            // reported below
        }
        boolean privateStateAvailable = privateStateAvailable();
        boolean capture = displayGeometry && uia.screenCaptureAvailable();
        TreeMap<String, Boolean> permissions = new TreeMap<>();
        permissions.put("accessibility", automation);
        permissions.put("ui_automation", automation);
        permissions.put("display_geometry", displayGeometry);
        permissions.put("coordinate_capture", capture);
        permissions.put("private_state", privateStateAvailable);
        permissions.put("global_input", settings.globalInputAllowed());
        return Capabilities.of(
                "windows",
                "uia",
                settings.sessionIsolation(),
                CATALOG.capabilities(automation && displayGeometry, capture && privateStateAvailable),
                permissions,
                geometry);
    }

    private boolean privateStateAvailable() {
        try {
            privateState.directory(settings.screenshotDirectory());
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
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

    private List<WindowsWindow> windows() {
        List<WindowsWindow> windows = new ArrayList<>();
        for (TopLevelWindow info : uia.topLevelWindows()) {
            // a minimized window is parked at (-32000, -32000) and shows nothing: no surface to observe
            if (info.minimized() || info.bounds() == null || !info.bounds().hasArea()) {
                continue;
            }
            try {
                windows.add(new WindowsWindow(info, processes.generation(info.processId())));
            } catch (ExecutorException exited) {
                // the owner exited while listed
            }
        }
        return windows;
    }

    private void requireAutomation() throws ExecutorException {
        if (!uia.available()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "UI Automation is unavailable");
        }
    }

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireAutomation();
        String geometry = screen.topology().hash();
        List<SurfaceDescriptor> surfaces = new ArrayList<>();
        for (WindowsWindow window : windows()) {
            surfaces.add(window.descriptor(geometry));
        }
        return surfaces;
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireAutomation();
        long foreground = uia.foregroundWindow();
        for (WindowsWindow window : windows()) {
            if (window.info().handle() == foreground) {
                return observeWindow(window, cancellation, deadlineAtMs);
            }
        }
        throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "foreground window not found");
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (!Sha256.isHash(surface.id())) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "invalid surface reference");
        }
        cancellation.checkBoundary(deadlineAtMs);
        requireAutomation();
        String geometry = screen.topology().hash();
        List<WindowsWindow> matches = new ArrayList<>();
        for (WindowsWindow window : windows()) {
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
        return observeWindow(matches.get(0), cancellation, deadlineAtMs);
    }

    private SemanticObservation observeWindow(WindowsWindow window, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        DisplayTopology topology = screen.topology();
        SemanticObservation observation = observer.observe(window, topology, cancellation, deadlineAtMs);
        if (!screen.topology().hash().equals(topology.hash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
        processes.require(window.info().processId(), window.processGeneration());
        return observation;
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return coordinates.observe();
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        long now = clock.getAsLong();
        if (target instanceof TargetRef.Element element) {
            LiveNode live = resolver.resolve(element.target(), cancellation, deadlineAtMs);
            String fingerprint = NodeFacts.fingerprint(live.node());
            JsonValue.JsonObject.Builder state = JsonValue.JsonObject.builder()
                    .put("enabled", live.node().enabled())
                    .put("focused", live.node().keyboardFocus());
            if (live.node().valuePattern()) {
                String value = uia.value(live.node().element());
                if (value != null) {
                    state.put("value_hash", Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
                }
            }
            return Observation.ofElement(
                    element.target(),
                    fingerprint,
                    live.record().observation().provenance().displayGeometryHash(),
                    state.build(),
                    now);
        }
        return targets.observeWithoutElement(target, now);
    }

    // ---- resolution and dispatch ----

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return targets.resolve(target, cancellation, deadlineAtMs);
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        DispatchException.requireUnpaced(action, "on Windows");
        if (action instanceof Action.Invoke || action instanceof Action.SetValue || action instanceof Action.Scroll) {
            patterns.dispatch(action, target, verification, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        if (action instanceof Action.Screenshot screenshot) {
            screenshots.dispatch(screenshot, target, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        // everything else is global: SendInput or host-level programs; both need the host's opt-in
        if (!settings.globalInputAllowed()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.PERMISSION_DENIED,
                    "input that cannot be delivered to a process requires PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        }
        if (action instanceof Action.Application
                || action instanceof Action.Window
                || action instanceof Action.Open
                || action instanceof Action.ClipboardWrite) {
            auxiliary.dispatch(action, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        if (action instanceof Action.Paste text) {
            paste.paste(text, target, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        // every key is resolved before the focus moves or the first input is sent
        List<List<WinInput>> chunks;
        if (action instanceof Action.TypeText type) {
            chunks = SendInputPlan.PLAN.typing(type);
        } else if (action instanceof Action.Press press) {
            chunks = SendInputPlan.PLAN.press(press);
        } else if (action instanceof Action.Hotkey hotkey) {
            chunks = SendInputPlan.PLAN.hotkey(hotkey);
        } else if (action instanceof Action.Click || action instanceof Action.Move || action instanceof Action.Drag) {
            chunks = pointer(action, target);
        } else {
            throw DispatchException.unsupported("action is not supported on Windows");
        }
        if (!(action instanceof Action.Click || action instanceof Action.Move || action instanceof Action.Drag)) {
            keyboard.take(target, cancellation, deadlineAtMs);
        }
        input.send(chunks, cancellation, deadlineAtMs);
        return DispatchReceipt.of(BACKEND_NAME);
    }

    private List<List<WinInput>> pointer(Action action, ResolvedTarget target) throws DispatchException {
        if (!(target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof TargetRef.Coordinates point)) {
            throw DispatchException.unsupported(action.kind() + " needs a fenced coordinate target");
        }
        try {
            coordinates.check(point);
            long toX = point.x();
            long toY = point.y();
            if (action instanceof Action.Drag drag) {
                if (!(drag.to() instanceof TargetRef.Coordinates destination)) {
                    throw DispatchException.noEffect("drag needs a fenced coordinate destination");
                }
                coordinates.check(destination);
                toX = destination.x();
                toY = destination.y();
            }
            return SendInputPlan.pointer(action, point.x(), point.y(), toX, toY);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
    }
}
