package org.praefectus.windows.executor;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import javax.imageio.ImageIO;
import org.praefectus.api.canonical.CanonicalJson;
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
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.windows.acl.AclApi;
import org.praefectus.windows.acl.WindowsPrivateState;
import org.praefectus.windows.uia.ScreenImage;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;
import org.praefectus.windows.uia.WinInput;

/**
 * The Windows {@link Executor}: UI Automation for observation (cache requests over the control view) and
 * pattern actions (Invoke, Value, Scroll), {@code SendInput} for input only with the global-input opt-in,
 * GDI for coordinate fences and screenshots, owner-only ACLs for private state. A plain object over the
 * {@link UiaApi} and {@link AclApi} boundaries.
 */
public final class WindowsExecutor implements Executor {

    /** The backend service property value. */
    public static final String BACKEND = "windows-uia";
    /** The provenance and receipt backend name. */
    public static final String BACKEND_NAME = "praefectus-windows-uia";

    /** {@code ScrollAmount_NoAmount}, {@code ScrollAmount_SmallDecrement}, {@code ScrollAmount_SmallIncrement}. */
    static final int NO_AMOUNT = 2;

    static final int SMALL_DECREMENT = 1;
    static final int SMALL_INCREMENT = 4;

    private final UiaApi uia;
    private final WindowsSettings settings;
    private final LongSupplier clock;
    private final UiaObserver observer;
    private final UiaResolver resolver;
    private final CoordinateFence coordinates;
    private final ContextSentinel sentinel;
    private final AuxiliaryActions auxiliary;
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
        this.resolver = new UiaResolver(uia, observer, clock);
        this.coordinates = new CoordinateFence(uia, clock);
        this.sentinel = new ContextSentinel(uia);
        this.auxiliary = new AuxiliaryActions(uia, programs);
        this.privateState = new WindowsPrivateState(acl);
    }

    @Override
    public Capabilities capabilities() throws ExecutorException {
        boolean automation = uia.available();
        String geometry = "";
        boolean displayGeometry = false;
        try {
            geometry = DisplayTopology.of(uia.monitors()).hash();
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
                ActionCatalog.capabilities(automation && displayGeometry, capture && privateStateAvailable),
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
    public String sharedDesktopContextHash() throws ExecutorException {
        return sharedDesktopContextHash(new CancellationToken(), System.currentTimeMillis() + 2_000);
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
            if (info.bounds() == null || !info.bounds().hasArea()) {
                continue;
            }
            try {
                windows.add(new WindowsWindow(info, ProcessIdentity.generation(uia, info.processId())));
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
        String geometry = DisplayTopology.of(uia.monitors()).hash();
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
        String geometry = DisplayTopology.of(uia.monitors()).hash();
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
        DisplayTopology topology = DisplayTopology.of(uia.monitors());
        SemanticObservation observation = observer.observe(window, topology, cancellation, deadlineAtMs);
        if (!DisplayTopology.of(uia.monitors()).hash().equals(topology.hash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "display geometry changed");
        }
        ProcessIdentity.require(uia, window.info().processId(), window.processGeneration());
        return observation;
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return coordinates.observe();
    }

    @Override
    public Observation observe(TargetRef target) throws ExecutorException {
        return observe(target, new CancellationToken(), System.currentTimeMillis() + 30_000);
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
            String hash = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                    new JsonValue.JsonString(element.target().observationId()),
                    JsonValue.JsonNumber.of(element.target().generation()),
                    new JsonValue.JsonString(fingerprint),
                    JsonValue.JsonNumber.of(now))));
            return new Observation(
                    new Evidence(
                            hash,
                            fingerprint,
                            live.record().observation().provenance().displayGeometryHash(),
                            now),
                    state.build());
        }
        if (target instanceof TargetRef.Coordinates point) {
            CoordinateObservation observation = coordinates.check(point);
            String hash = CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                    new JsonValue.JsonString(observation.snapshotId()),
                    new JsonValue.JsonString(observation.snapshotContentHash()),
                    JsonValue.JsonNumber.of(now))));
            return new Observation(
                    new Evidence(hash, null, observation.displayGeometryHash(), now),
                    JsonValue.JsonObject.builder()
                            .put("snapshot_content_hash", observation.snapshotContentHash())
                            .build());
        }
        String geometry;
        try {
            geometry = DisplayTopology.of(uia.monitors()).hash();
        } catch (ExecutorException noMonitor) {
            geometry = "";
        }
        return new Observation(
                new Evidence(CanonicalJson.hash(JsonValue.JsonNumber.of(now)), null, geometry, now),
                JsonValue.JsonObject.builder().build());
    }

    // ---- resolution and dispatch ----

    @Override
    public ResolvedTarget resolve(TargetRef target) throws ExecutorException {
        return resolve(target, new CancellationToken(), System.currentTimeMillis() + 30_000);
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (target instanceof TargetRef.Element element) {
            resolver.resolve(element.target(), cancellation, deadlineAtMs);
            return new ResolvedTarget.Semantic(element.target());
        }
        if (target instanceof TargetRef.Coordinates point) {
            coordinates.check(point);
            return new ResolvedTarget.Native(point);
        }
        return new ResolvedTarget.None();
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
        if (action instanceof Action.Invoke || action instanceof Action.SetValue || action instanceof Action.Scroll) {
            pattern(action, target, verification, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND_NAME);
        }
        if (action instanceof Action.Screenshot) {
            screenshot(target, cancellation, deadlineAtMs);
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
        List<List<WinInput>> chunks;
        if (action instanceof Action.TypeText type) {
            chunks = InputPlan.typing(type);
        } else if (action instanceof Action.Press press) {
            chunks = InputPlan.press(press);
        } else if (action instanceof Action.Hotkey hotkey) {
            chunks = InputPlan.hotkey(hotkey);
        } else if (action instanceof Action.Click || action instanceof Action.Move || action instanceof Action.Drag) {
            chunks = pointer(action, target);
        } else {
            throw DispatchException.unsupported("action is not supported on Windows");
        }
        boolean started = false;
        for (List<WinInput> chunk : chunks) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, started);
            int sent = uia.sendInput(chunk);
            if (sent != chunk.size()) {
                if (!started && sent == 0) {
                    // SendInput inserted nothing (blocked by UIPI or a secure desktop)
                    throw DispatchException.unsupported("input was blocked");
                }
                throw DispatchException.ambiguous("input interrupted after dispatch began");
            }
            started = true;
        }
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
            return InputPlan.pointer(action, point.x(), point.y(), toX, toY);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
    }

    private void pattern(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Semantic semantic)) {
            throw DispatchException.unsupported("pattern actions need an element target");
        }
        if (action instanceof Action.SetValue && !(verification instanceof VerificationPolicy.TargetValueHash)) {
            throw DispatchException.noEffect("set_value requires target_value_hash verification");
        }
        LiveNode live;
        try {
            live = resolver.resolve(semantic.target(), cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        UiaNode node = live.node();
        if (node.offscreen() || node.bounds() == null) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is hidden");
        }
        if (!node.enabled()) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "target is disabled");
        }
        int result;
        if (action instanceof Action.Invoke) {
            if (!node.invokable()) {
                throw DispatchException.unsupported("target has no invoke pattern");
            }
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            result = uia.invoke(node.element());
        } else if (action instanceof Action.SetValue setValue) {
            if (!node.valuePattern() || node.valueReadOnly()) {
                throw DispatchException.unsupported("target has no writable value pattern");
            }
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            result = uia.setValue(node.element(), setValue.value());
        } else {
            Action.Scroll scroll = (Action.Scroll) action;
            boolean vertical = scroll.direction() == Direction.UP || scroll.direction() == Direction.DOWN;
            if (!node.scrollPattern() || !(vertical ? node.scrollVertical() : node.scrollHorizontal())) {
                throw DispatchException.unsupported("target has no scroll pattern in that direction");
            }
            if (scroll.amount() != 1) {
                throw DispatchException.noEffect("semantic scrolling moves exactly one step");
            }
            int step = scroll.direction() == Direction.DOWN || scroll.direction() == Direction.RIGHT
                    ? SMALL_INCREMENT
                    : SMALL_DECREMENT;
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            result = vertical
                    ? uia.scroll(node.element(), NO_AMOUNT, step)
                    : uia.scroll(node.element(), step, NO_AMOUNT);
        }
        if (result != UiaApi.S_OK) {
            throw DispatchException.ambiguous("UI Automation pattern call failed after dispatch began");
        }
    }

    private void screenshot(ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof TargetRef.Coordinates point)) {
            throw DispatchException.unsupported("screenshot needs a fenced coordinate target");
        }
        byte[] png;
        Path directory;
        try {
            coordinates.check(point);
            png = png(coordinates.capture());
            directory = privateState.directory(settings.screenshotDirectory());
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        } catch (IOException e) {
            throw DispatchException.unsupported("private screenshot directory is unavailable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            privateState.writeNew(
                    directory.resolve(
                            "screenshot-" + clock.getAsLong() + "-" + Long.toHexString(System.nanoTime()) + ".png"),
                    png);
        } catch (IOException e) {
            throw DispatchException.ambiguous("screenshot file may be incomplete");
        }
    }

    /** GDI's BGRX rows as an RGB PNG. */
    static byte[] png(ScreenImage image) throws IOException {
        BufferedImage rgb = new BufferedImage(image.width(), image.height(), BufferedImage.TYPE_INT_RGB);
        byte[] pixels = image.pixels();
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                int at = 4 * (y * image.width() + x);
                rgb.setRGB(x, y, (pixels[at + 2] & 0xff) << 16 | (pixels[at + 1] & 0xff) << 8 | (pixels[at] & 0xff));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(rgb, "png", out)) {
            throw new IOException("no PNG writer");
        }
        return out.toByteArray();
    }
}
