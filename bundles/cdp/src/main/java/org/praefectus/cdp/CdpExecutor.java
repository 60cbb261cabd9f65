package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * The {@link Executor} for one Chromium page over the DevTools Protocol, as a host configured it in a
 * {@link CdpConfig}. It observes the page's root frame ({@link #observeSemantic}) and dispatches three fenced
 * semantic actions, each revalidating the exact DOM node, document, display geometry, accessibility fingerprint and
 * Playwright-style actionability immediately before its one effect:
 * <ul>
 * <li>{@code invoke}: the element's own HTML activation, once; never pointer input, never advertised as click;</li>
 * <li>{@code scroll}: amount 1 with {@code VerificationPolicy.None} only; one offset update on the resolved node,
 * successful only when that node reaches the intended offset (no wheel, no ancestor, no fallback);</li>
 * <li>{@code set_value}: with {@code target_value_hash} verification, checked on the same node afterwards.</li>
 * </ul>
 * Background use needs a {@code host_isolated} configuration: the actions are advertised
 * {@link BackgroundSupport#HOST_ISOLATED_ONLY} since a browser page has no foreground or cursor sentinel.
 * Thread-safe. Close it to close the WebSocket.
 */
public final class CdpExecutor implements Executor, AutoCloseable {

    /** The backend name in receipts and provenance. */
    public static final String BACKEND = Fingerprints.BACKEND_NAME;
    /** Largest value {@code set_value} accepts, in UTF-8 bytes. */
    static final int MAX_VALUE_BYTES = 64 * 1024;
    /** One scroll step in CSS pixels, as the reference. */
    static final int SCROLL_STEP = 100;

    private final PageSession session;
    private volatile ObservedPage latest;

    /** The executor's own resolved target: which element of which observation. */
    private record NodeHandle(String observationId, String elementId) {}

    private CdpExecutor(PageSession session) {
        this.session = session;
    }

    /**
     * Verifies that the configured browser process (and only it) listens on the endpoint, finds the target on
     * {@code /json/list}, and opens its WebSocket.
     *
     * @throws CdpConfigException when the process, the endpoint's owner or the target does not match
     */
    public static CdpExecutor connect(CdpConfig config) throws CdpConfigException {
        if (!PageSession.endpointOwned(config)) {
            throw new CdpConfigException("the browser process does not own the endpoint");
        }
        DevToolsChannel channel;
        try {
            channel = DevToolsChannel.open(DevToolsChannel.newMapper(), config.port(), config.targetId());
        } catch (ChannelException e) {
            throw new CdpConfigException(e.getMessage());
        }
        PageSession session = new PageSession(config, channel);
        if (!session.endpointOwned()) {
            session.close();
            throw new CdpConfigException("the browser process does not own the endpoint");
        }
        return new CdpExecutor(session);
    }

    /** The latest observation with its private nodes, or {@code null}. */
    ObservedPage latest() {
        return latest;
    }

    /** The configuration this executor was connected with. */
    public CdpConfig config() {
        return session.config();
    }

    @Override
    public SessionIsolation sessionIsolation() {
        return session.config().sessionIsolation();
    }

    /**
     * The three semantic actions while the channel is open, the process owns the endpoint and a current observation
     * exists; none otherwise. Platform {@code browser}, permissions {@code cdp}, {@code coordinates} (false),
     * {@code root_frame_only} (true), {@code screenshots} (false).
     */
    @Override
    public Capabilities capabilities() {
        boolean backend = session.channelOpen() && session.endpointOwned();
        ObservedPage page = latest;
        boolean current = page != null && isCurrent(page.observation());
        boolean available = backend && current;
        List<ActionCapability> actions = available
                ? List.of(
                        new ActionCapability(
                                "invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY),
                        new ActionCapability(
                                "scroll", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY),
                        new ActionCapability(
                                "set_value", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY))
                : List.of();
        return Capabilities.of(
                "browser",
                BACKEND,
                sessionIsolation(),
                actions,
                Map.of("cdp", available, "coordinates", false, "root_frame_only", true, "screenshots", false),
                available ? page.observation().provenance().displayGeometryHash() : "0".repeat(64));
    }

    private static boolean isCurrent(SemanticObservation observation) {
        try {
            observation.validate(System.currentTimeMillis());
            return true;
        } catch (ProtocolException stale) {
            return false;
        }
    }

    /** One bounded observation of the page's root frame; it becomes the one targets resolve against. */
    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        ObservedPage page = session.observe(cancellation, deadlineAtMs);
        latest = page;
        return page.observation();
    }

    /**
     * One observation as {@link #observeSemantic} makes it, with each element's state and the compact outline a model
     * reads; it becomes the one targets resolve against.
     */
    public PageObservation observePage(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        ObservedPage page = session.observe(cancellation, deadlineAtMs);
        latest = page;
        return new PageObservation(page);
    }

    @Override
    public Observation observe(TargetRef target) throws ExecutorException {
        return observe(target, new CancellationToken(), Long.MAX_VALUE);
    }

    /**
     * The live state of a fenced target after revalidating it: {@code connected}, {@code visible}, {@code enabled},
     * {@code receives}, {@code editable}, {@code active} and, unless the field is protected, {@code value_hash},
     * {@code value_length}, {@code value_too_large}.
     */
    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        SemanticTargetRef ref = elementTarget(target);
        ObservedPage page = latest;
        ObservedPage.ObservedNode node = stored(page, ref);
        PageSession.LiveNode live = session.revalidate(page, node, deadlineAtMs);
        String valueSet = session.valueSet(page.documentId(), node.backendNodeId());
        JsonNode probe;
        try {
            probe = session.call(
                    live.objectId(),
                    PageFunctions.STATE,
                    false,
                    deadlineAtMs,
                    !node.semantics().protectedValue(),
                    valueSet != null);
        } catch (ChannelException e) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
        }
        if (!probe.path("connected").asBoolean(false)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
        }
        cancellation.checkBoundary(deadlineAtMs);
        if (node.fileInput()) {
            probe = withFileNames(probe, live, deadlineAtMs);
        }
        // a password field's hash is shown only when it is the one this executor set (the request carried it)
        boolean secretOther = probe.path("secretField").asBoolean(false)
                && !probe.path("valueHash").asText("").equals(valueSet);
        JsonValue.JsonObject state =
                state(probe, live.states(), node.semantics().protectedValue() || secretOther);
        String observationHash =
                Sha256.hex(CanonicalJson.compact(new JsonValue.JsonArray(List.of(ProtocolJson.encode(ref), state))));
        return new Observation(
                new Evidence(
                        observationHash,
                        node.fingerprintHash(),
                        page.observation().provenance().displayGeometryHash(),
                        System.currentTimeMillis()),
                state);
    }

    /** A file input's value, for its verification: the names of the files it holds, one per line. */
    private JsonNode withFileNames(JsonNode probe, PageSession.LiveNode live, long deadlineAtMs)
            throws ExecutorException {
        String names;
        try {
            names = session.call(live.objectId(), PageFunctions.FILE_NAMES, false, deadlineAtMs)
                    .path("files")
                    .asText(null);
        } catch (ChannelException e) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
        }
        if (names == null) {
            return probe;
        }
        byte[] bytes = names.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return ((com.fasterxml.jackson.databind.node.ObjectNode) probe.deepCopy())
                .put("valueHash", Sha256.hex(bytes))
                .put("valueLength", bytes.length)
                .put("valueTooLarge", false);
    }

    /**
     * The probe's state with keys sorted, as the reference's JSON map; values of protected fields left out. The
     * accessibility states {@code checked}, {@code pressed}, {@code selected} and {@code expanded} are added when the
     * element has them, so a {@code target_state} verification can prove what an invoke changed.
     */
    private static JsonValue.JsonObject state(JsonNode probe, ElementState states, boolean protectedValue) {
        Map<String, JsonValue> sorted = new TreeMap<>();
        if (states.checked() != null) {
            sorted.put("checked", new JsonValue.JsonString(states.checked()));
        }
        if (states.pressed() != null) {
            sorted.put("pressed", new JsonValue.JsonString(states.pressed()));
        }
        if (states.selected() != null) {
            sorted.put("selected", JsonValue.JsonBoolean.of(states.selected()));
        }
        if (states.expanded() != null) {
            sorted.put("expanded", JsonValue.JsonBoolean.of(states.expanded()));
        }
        for (String flag : List.of("connected", "visible", "enabled", "receives", "editable", "active")) {
            sorted.put(flag, JsonValue.JsonBoolean.of(probe.path(flag).asBoolean(false)));
        }
        if (!protectedValue && probe.has("valueLength")) {
            sorted.put(
                    "value_hash",
                    probe.path("valueHash").isTextual()
                            ? new JsonValue.JsonString(probe.path("valueHash").asText())
                            : JsonValue.NULL);
            sorted.put(
                    "value_length",
                    JsonValue.JsonNumber.of(probe.path("valueLength").asLong()));
            sorted.put(
                    "value_too_large",
                    JsonValue.JsonBoolean.of(probe.path("valueTooLarge").asBoolean(false)));
        }
        return new JsonValue.JsonObject(sorted);
    }

    @Override
    public ResolvedTarget resolve(TargetRef target) throws ExecutorException {
        return resolve(target, new CancellationToken(), Long.MAX_VALUE);
    }

    /**
     * Resolves an element target of the latest observation after checking it against the live page (process,
     * document, DOM node, geometry, fingerprint).
     */
    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        SemanticTargetRef ref = elementTarget(target);
        ObservedPage page = latest;
        ObservedPage.ObservedNode node = stored(page, ref);
        session.revalidate(page, node, deadlineAtMs);
        cancellation.checkBoundary(deadlineAtMs);
        return new ResolvedTarget.Native(new NodeHandle(ref.observationId(), ref.elementId()));
    }

    private static SemanticTargetRef elementTarget(TargetRef target) throws ExecutorException {
        if (!(target instanceof TargetRef.Element element)) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "browser semantic target required");
        }
        return element.target();
    }

    private static ObservedPage.ObservedNode stored(ObservedPage page, SemanticTargetRef ref) throws ExecutorException {
        if (page == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "browser target was not found");
        }
        try {
            page.observation().resolve(ref, System.currentTimeMillis());
        } catch (ProtocolException e) {
            throw switch (e.code()) {
                case TARGET_NOT_FOUND ->
                    new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "browser target was not found");
                case STALE_OBSERVATION ->
                    new ExecutorException(ExecutorFailure.STALE_TARGET, "browser observation expired");
                default -> new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
            };
        }
        ObservedPage.ObservedNode node = page.nodes().get(ref.elementId());
        if (node == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "browser target was not found");
        }
        return node;
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
        if (action instanceof Action.Scroll scroll
                && (scroll.amount() != 1 || !(verification instanceof VerificationPolicy.None))) {
            throw DispatchException.unsupported("browser scroll needs amount 1 without verification");
        }
        if (!(action instanceof Action.Invoke
                || action instanceof Action.Scroll
                || action instanceof Action.SetValue)) {
            throw DispatchException.unsupported("browser action is unsupported");
        }
        if (!(target instanceof ResolvedTarget.Native nativeTarget)
                || !(nativeTarget.handle() instanceof NodeHandle handle)) {
            throw DispatchException.noEffect("browser semantic target required");
        }
        ObservedPage page = latest;
        ObservedPage.ObservedNode node =
                page == null || !page.observation().observationId().equals(handle.observationId())
                        ? null
                        : page.nodes().get(handle.elementId());
        if (node == null) {
            throw EffectSteps.stale("browser target changed");
        }
        if (!isCurrent(page.observation())) {
            throw EffectSteps.stale("browser observation expired");
        }
        EffectSteps steps = new EffectSteps(session, page, node, cancellation, deadlineAtMs);
        if (action instanceof Action.Invoke) {
            steps.invoke();
        } else if (action instanceof Action.SetValue setValue) {
            steps.setValue(setValue.value(), verification);
        } else {
            steps.scroll(((Action.Scroll) action).direction());
        }
        return DispatchReceipt.of(BACKEND);
    }

    @Override
    public void close() {
        session.close();
    }
}
