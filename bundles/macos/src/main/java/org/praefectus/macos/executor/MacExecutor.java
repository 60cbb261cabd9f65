package org.praefectus.macos.executor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
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
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.QuartzApi;
import org.praefectus.macos.quartz.WindowInfo;
import org.praefectus.nativecore.ActionCatalog;
import org.praefectus.nativecore.ContextSentinel;
import org.praefectus.nativecore.CoordinateFence;
import org.praefectus.nativecore.DisplayTopology;
import org.praefectus.nativecore.ProcessIdentity;
import org.praefectus.nativecore.TargetResolution;
import org.praefectus.nativecore.capture.ScreenGrab;
import org.praefectus.nativecore.desktop.DesktopPort;

/**
 * The macOS {@link Executor}: Accessibility (AX) for semantic observation and target-addressed actions,
 * per-process Quartz events for input aimed at a fenced element, the global HID tap for coordinate pointer
 * input (opt-in), CoreGraphics display images for coordinate fences where the OS serves them. A plain
 * object over the {@link AxApi} and {@link QuartzApi} boundaries that tests build directly; the DS component
 * ({@code MacExecutorComponent}) is this class constructed from its configuration.
 */
public class MacExecutor implements Executor {

    /** The backend service property value. */
    public static final String BACKEND = "macos-ax";
    /** The provenance and receipt backend name. */
    public static final String BACKEND_NAME = "praefectus-macos-ax";

    /**
     * The registered executor as this bundle's own, for the components that build the desktop and capture services
     * over it.
     *
     * @throws IllegalStateException when the {@value #BACKEND} executor is not this bundle's
     */
    public static MacExecutor of(Executor executor) {
        if (!(executor instanceof MacExecutor own)) {
            throw new IllegalStateException("the macos-ax executor is not this bundle's");
        }
        return own;
    }

    /** What a process generation hashes first. */
    static final String PROCESS_TAG = "macos-process";

    /**
     * Accessibility actions are target-addressed; keyboard input and scroll go to the fenced element's process
     * ({@code per_process_event}: background-capable under the sentinel guard, no noninterference claim; scroll
     * says so even when the page-scroll action serves it).
     */
    static final ActionCatalog CATALOG = new ActionCatalog(
            List.of("invoke", "set_value", "select_text", "perform_secondary_action"),
            List.of("type_text", "press", "paste", "hotkey", "scroll"),
            DeliveryRoute.PER_PROCESS_EVENT,
            BackgroundSupport.GUARDED);

    private final AxApi ax;
    private final QuartzApi quartz;
    private final MacSettings settings;
    private final LongSupplier clock;
    private final HostOptIns optIns;
    private final MacObserver observer;
    private final MacResolver resolver;
    private final SemanticActions actions;
    private final InputDispatch input;
    private final ProcessIdentity processes;
    private final QuartzDisplays displays;
    private final CoordinateFence coordinates;
    private final TargetResolution targets;
    private final ContextSentinel sentinel;
    private final AuxiliaryActions auxiliary;
    private final Utilities utilities;

    public MacExecutor(AxApi ax, QuartzApi quartz, MacSettings settings) {
        this(ax, quartz, settings, new Utilities(Utilities.DIRECTORIES), System::currentTimeMillis);
    }

    MacExecutor(AxApi ax, QuartzApi quartz, MacSettings settings, Utilities utilities, LongSupplier clock) {
        this.ax = ax;
        this.quartz = quartz;
        this.settings = settings;
        this.clock = clock;
        this.utilities = utilities;
        this.optIns = settings.hostOptIns();
        this.observer = new MacObserver(ax, clock);
        this.processes = new ProcessIdentity(PROCESS_TAG, quartz::processStartMicros);
        this.displays = new QuartzDisplays(quartz);
        this.resolver = new MacResolver(ax, quartz, processes, observer, optIns, clock);
        this.actions = new SemanticActions(ax);
        this.input = new InputDispatch(quartz, settings.globalInputAllowed());
        this.coordinates = new CoordinateFence(displays::topology, displays::contentHash, clock);
        this.targets = new TargetResolution(resolver::resolve, coordinates, displays::topology);
        this.sentinel = new ContextSentinel(new DesktopSample(ax, quartz, processes));
        this.auxiliary = new AuxiliaryActions(ax, quartz, utilities);
    }

    /**
     * This executor as the desktop service sees it ({@code NativeDesktop}): its windows, the elements of its own
     * observations read now, the pointer.
     */
    public DesktopPort desktop() {
        return new MacDesktopPort(this, ax, quartz, observer, processes, displays);
    }

    /** The screen as the capture service ({@code NativeCapture}) grabs it: CoreGraphics display images. */
    public ScreenGrab screenGrab() {
        return new QuartzScreenGrab(quartz);
    }

    @Override
    public Capabilities capabilities() throws ExecutorException {
        boolean accessibility = ax.trusted();
        boolean coordinateCapture = displays.available();
        String geometry = "";
        boolean displayGeometry = false;
        try {
            geometry = displays.topology().hash();
            displayGeometry = true;
        } catch (ExecutorException noDisplay) {
            // reported as a permission below
        }
        boolean privateState = privateStateAvailable();
        TreeMap<String, Boolean> permissions = new TreeMap<>();
        permissions.put("accessibility", accessibility);
        permissions.put("screen_recording", quartz.screenRecording());
        permissions.put("coordinate_capture", coordinateCapture);
        permissions.put("display_geometry", displayGeometry);
        permissions.put("private_state", privateState);
        permissions.put("global_input", settings.globalInputAllowed());
        permissions.put("per_process_input", accessibility);
        permissions.put("ax_opt_in_valid", optIns.valid());
        for (String known : HostOptIns.KNOWN) {
            permissions.put("ax_opt_in_" + known, optIns.requested().contains(known));
        }
        boolean semantic = accessibility && displayGeometry && optIns.valid();
        return Capabilities.of(
                "macos",
                "ax",
                settings.sessionIsolation(),
                CATALOG.capabilities(semantic, coordinateCapture && displayGeometry && privateState),
                permissions,
                geometry);
    }

    private boolean privateStateAvailable() {
        try {
            PrivateState.directory(settings.screenshotDirectory());
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
        requireAccessibility();
        return sentinel.hash(cancellation, deadlineAtMs);
    }

    // ---- observation ----

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireAccessibility();
        String geometry = displays.topology().hash();
        List<SurfaceDescriptor> surfaces = new ArrayList<>();
        for (MacWindow window : windows()) {
            surfaces.add(window.descriptor(geometry));
        }
        requireSameGeometry(geometry);
        return surfaces;
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        requireAccessibility();
        List<MacWindow> windows = windows();
        if (windows.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "active accessibility window not found");
        }
        // Quartz lists windows front to back: the first application window is the frontmost
        return observeWindow(windows.get(0), cancellation, deadlineAtMs);
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (!Sha256.isHash(surface.id())) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "invalid surface reference");
        }
        cancellation.checkBoundary(deadlineAtMs);
        requireAccessibility();
        String geometry = displays.topology().hash();
        List<MacWindow> matches = new ArrayList<>();
        for (MacWindow window : windows()) {
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

    private SemanticObservation observeWindow(MacWindow window, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (!optIns.valid()) {
            throw new ExecutorException(
                    ExecutorFailure.INVALID_REQUEST,
                    "PRAEFECTUS_AX_OPT_IN may name only AXEnhancedUserInterface and AXManualAccessibility");
        }
        DisplayTopology topology = displays.topology();
        AxElement application = ax.application(window.info().processId());
        List<String> applied = optIns.apply(ax, application);
        AxElement axWindow = window.axWindow(ax, application);
        SemanticObservation observation =
                observer.observe(window, axWindow, applied, topology, cancellation, deadlineAtMs);
        requireSameGeometry(topology.hash());
        processes.require(window.info().processId(), window.processGeneration());
        return observation;
    }

    /** The on-screen application windows with their owners' generations (exited owners are left out). */
    private List<MacWindow> windows() {
        List<MacWindow> windows = new ArrayList<>();
        for (WindowInfo info : MacWindow.applicationWindows(quartz.windows())) {
            try {
                windows.add(new MacWindow(info, processes.generation(info.processId())));
            } catch (ExecutorException exited) {
                // the owner exited while listed
            }
        }
        return windows;
    }

    private void requireSameGeometry(String geometry) throws ExecutorException {
        if (!displays.topology().hash().equals(geometry)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
    }

    private void requireAccessibility() throws ExecutorException {
        if (!ax.trusted()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility is not trusted for this process");
        }
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        CoordinateObservation observation = coordinates.observe();
        cancellation.checkBoundary(deadlineAtMs);
        return observation;
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        long now = clock.getAsLong();
        if (target instanceof TargetRef.Element element) {
            LiveElement live = resolver.resolve(element.target(), cancellation, deadlineAtMs);
            String fingerprint = live.facts().fingerprint();
            JsonValue.JsonObject.Builder state = JsonValue.JsonObject.builder()
                    .put("enabled", live.facts().enabled())
                    .put("focused", live.facts().focused());
            String value = ax.attribute(live.element(), "AXValue").text();
            if (value != null) {
                state.put("value_hash", Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
            }
            if (ax.attribute(live.element(), "AXSelectedTextRange") instanceof AxValue.Range range) {
                state.put(
                        "selected_range",
                        new JsonValue.JsonArray(List.of(
                                JsonValue.JsonNumber.of(range.location()), JsonValue.JsonNumber.of(range.length()))));
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
        DispatchException.requireUnpaced(action, "on macOS");
        if (action instanceof Action.Application
                || action instanceof Action.Window
                || action instanceof Action.Open
                || action instanceof Action.ClipboardWrite) {
            if (!settings.globalInputAllowed()) {
                throw globalInputRefused();
            }
            auxiliary.dispatch(action, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        if (action instanceof Action.Click
                || action instanceof Action.Move
                || action instanceof Action.Drag
                || action instanceof Action.Screenshot) {
            return coordinate(action, target, cancellation, deadlineAtMs);
        }
        if (!(target instanceof ResolvedTarget.Semantic semantic)) {
            // keyboard input and scroll without an element have no process to go to; even with the global
            // opt-in they are refused, because these actions are advertised per_process_event and a global
            // delivery would be reported as the stronger route
            if (!settings.globalInputAllowed()) {
                throw globalInputRefused();
            }
            throw DispatchException.unsupported("macOS delivers keyboard input and scroll only to a fenced element");
        }
        if (action instanceof Action.SetValue && !(verification instanceof VerificationPolicy.TargetValueHash)) {
            throw DispatchException.noEffect("set_value requires target_value_hash verification");
        }
        LiveElement live;
        try {
            live = resolver.resolve(semantic.target(), cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        if (action instanceof Action.Invoke) {
            actions.invoke(live, cancellation, deadlineAtMs);
        } else if (action instanceof Action.SetValue setValue) {
            actions.setValue(live, setValue.value(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.SelectText select) {
            actions.selectText(live, select.start(), select.length(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.PerformSecondaryAction secondary) {
            actions.secondary(live, secondary.name(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Scroll scroll) {
            if (actions.scrollsByPage(live, scroll.direction())) {
                actions.scrollByPage(live, scroll.direction(), scroll.amount(), cancellation, deadlineAtMs);
            } else {
                input.wheel(live, scroll.direction(), scroll.amount(), cancellation, deadlineAtMs);
            }
        } else if (action instanceof Action.TypeText type) {
            input.keyboard(live, QuartzKeyboard.PLAN.typing(type), type.delayMs(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Press press) {
            input.keyboard(live, QuartzKeyboard.PLAN.press(press), press.delayMs(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Hotkey hotkey) {
            input.keyboard(live, QuartzKeyboard.PLAN.hotkey(hotkey), null, cancellation, deadlineAtMs);
        } else if (action instanceof Action.Paste paste) {
            paste(live, paste, cancellation, deadlineAtMs);
        } else {
            throw DispatchException.unsupported("action is not supported on macOS");
        }
        return DispatchReceipt.of(BACKEND_NAME);
    }

    /** The text goes onto the pasteboard through {@code pbcopy}, then Command+V goes to the element's process. */
    private void paste(LiveElement live, Action.Paste paste, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        SemanticActions.requireActionable(live);
        if (!live.facts().focused()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.STALE_TARGET,
                    "the target does not hold its application's keyboard focus");
        }
        if (paste.text().getBytes(StandardCharsets.UTF_8).length > 64 * 1024) {
            throw DispatchException.noEffect("paste text exceeds 64 KiB");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        switch (utilities.run("pbcopy", List.of(), paste.text(), deadlineAtMs)) {
            case SUCCEEDED -> {}
            case NOT_STARTED -> throw DispatchException.unsupported("the pasteboard utility is unavailable");
            // the pasteboard may hold the text, but nothing reached the target yet
            case UNKNOWN -> throw DispatchException.noEffect("the pasteboard could not be written");
        }
        try {
            input.keyboard(live, QuartzKeyboard.pasteKeystroke(), null, cancellation, deadlineAtMs);
        } catch (DispatchException e) {
            if (e.effect() == EffectKnowledge.NO_EFFECT) {
                throw e;
            }
            throw DispatchException.ambiguous("paste interrupted after the pasteboard was written");
        }
    }

    private DispatchReceipt coordinate(
            Action action, ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof TargetRef.Coordinates point)) {
            throw DispatchException.unsupported(action.kind() + " needs a fenced coordinate target");
        }
        try {
            coordinates.check(point);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        if (action instanceof Action.Screenshot screenshot) {
            screenshot(screenshot, point, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        TargetRef.Coordinates to = null;
        if (action instanceof Action.Drag drag) {
            if (!(drag.to() instanceof TargetRef.Coordinates destination)) {
                throw DispatchException.noEffect("drag needs a fenced coordinate destination");
            }
            try {
                coordinates.check(destination);
            } catch (ExecutorException e) {
                throw DispatchException.beforeEffect(e);
            }
            to = destination;
        }
        input.pointer(action, point, to, cancellation, deadlineAtMs);
        return DispatchReceipt.of(BACKEND_NAME);
    }

    /** The display image written 0600 to the signed path, which must lie in the host's private directory. */
    private void screenshot(
            Action.Screenshot screenshot,
            TargetRef.Coordinates point,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        byte[] png;
        Path file;
        try {
            file = screenshot
                    .fileIn(PrivateState.directory(settings.screenshotDirectory()))
                    .orElseThrow(() -> new DispatchException(
                            EffectKnowledge.NO_EFFECT,
                            FailureCode.PERMISSION_DENIED,
                            "the screenshot path is outside the host's screenshot directory"));
            png = PngEncoder.encode(displays.capture(point));
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        } catch (IOException e) {
            throw DispatchException.unsupported("private screenshot directory is unavailable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            PrivateState.writeNew(file, png);
        } catch (FileAlreadyExistsException e) {
            throw DispatchException.noEffect("the screenshot file already exists");
        } catch (IOException e) {
            throw DispatchException.ambiguous("screenshot file may be incomplete");
        }
    }

    private static DispatchException globalInputRefused() {
        return new DispatchException(
                EffectKnowledge.NO_EFFECT,
                FailureCode.PERMISSION_DENIED,
                "input that cannot be delivered to a process requires PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
    }
}
