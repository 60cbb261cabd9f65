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
import org.praefectus.api.executor.Settle;
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
 * {@link CdpConfig}. It observes the page's root frame and same-origin iframes ({@link #observeSemantic}) and
 * dispatches three fenced semantic actions, each revalidating the exact DOM node, document, display geometry,
 * accessibility fingerprint and Playwright-style actionability immediately before its one effect:
 * <ul>
 * <li>{@code invoke}: the element's own HTML activation, once; never pointer input, never advertised as click;</li>
 * <li>{@code scroll}: {@code amount} steps of 100 px in one update (an element outside the view is brought into
 * view instead), unverified or, on an element, with {@code target_state} verification (the verification
 * observation carries the node's {@code scroll_left} / {@code scroll_top}); one offset update on the resolved node, successful
 * only when that node reaches the intended offset (no wheel, no ancestor, no fallback);</li>
 * <li>{@code set_value}: with {@code target_value_hash} verification, checked on the same node afterwards.</li>
 * </ul>
 * and the page actions, each fenced and proven by the page: {@code type_text} / {@code press} through this page's own
 * input ({@link EffectSteps}), {@code open} as navigation, reload or back by its URL ({@link PageNavigation}), dialog answers
 * ({@code perform_secondary_action}, {@link PageDialogs}), {@code screenshot} and {@code move} on pixel-fenced
 * coordinate targets ({@link PageScreenshots}). The bundle README lists how each maps onto the protocol.
 * Background use needs a {@code host_isolated} configuration: the actions are advertised
 * {@link BackgroundSupport#HOST_ISOLATED_ONLY} since a browser page has no foreground or cursor sentinel.
 * Thread-safe. Close it to close the WebSocket.
 */
public final class CdpExecutor implements Executor, AutoCloseable {

    /** The application a browser tab's {@code window} action names (its title: {@link BrowserPage#label()}). */
    public static final String TAB_APPLICATION = PageWindow.APPLICATION;
    /** The backend name in receipts and provenance. */
    public static final String BACKEND = Fingerprints.BACKEND_NAME;
    /** Largest value {@code set_value} accepts, in UTF-8 bytes. */
    static final int MAX_VALUE_BYTES = 64 * 1024;
    /** One scroll step in CSS pixels, as the reference. */
    static final int SCROLL_STEP = 100;

    private final PageSession session;
    private final PageScreenshots screenshots;
    private final PageWindow window;
    private volatile ObservedPage latest;

    /** The executor's own resolved target: which element of which observation. */
    private record NodeHandle(String observationId, String elementId) {}

    /** A resolved JavaScript dialog: the one an observation showed. */
    private record DialogHandle(String observationId, PageDialogs.Dialog dialog) {}

    /** The resolved page for the actions that name no element: the document navigation must start from. */
    private record DocumentHandle(String documentId) {}

    private CdpExecutor(PageSession session) {
        this.session = session;
        this.screenshots = new PageScreenshots(session);
        this.window = new PageWindow(session);
    }

    /**
     * Verifies that the configured browser process (and only it) listens on the endpoint, finds the target on
     * {@code /json/list}, and opens its WebSocket.
     *
     * @throws CdpConfigException when the process, the endpoint's owner or the target does not match
     */
    public static CdpExecutor connect(CdpConfig config) throws CdpConfigException {
        return connect(config, DevToolsChannel.Client.create());
    }

    /** As {@link #connect(CdpConfig)}, through {@code client}, which the executor owns (and closes) from now on. */
    static CdpExecutor connect(CdpConfig config, DevToolsChannel.Client client) throws CdpConfigException {
        if (!PageSession.endpointOwned(config)) {
            client.close();
            throw new CdpConfigException("the browser process does not own the endpoint");
        }
        DevToolsChannel channel;
        try {
            channel = DevToolsChannel.open(DevToolsChannel.newMapper(), client, config.port(), config.targetId());
        } catch (ChannelException e) {
            throw new CdpConfigException(e.getMessage());
        }
        PageSession session = new PageSession(config, channel);
        if (!session.endpointOwned()) {
            session.close();
            throw new CdpConfigException("the browser process does not own the endpoint");
        }
        try {
            session.followDialogs(System.currentTimeMillis() + DevToolsChannel.MAX_IO.toMillis());
        } catch (ExecutorException e) {
            session.close();
            throw new CdpConfigException("the page does not report its dialogs");
        }
        return new CdpExecutor(session);
    }

    /** The latest observation with its private nodes, or {@code null}. */
    ObservedPage latest() {
        return latest;
    }

    /** The page session, for tests of this package (the in-page reading's fallbacks). */
    PageSession session() {
        return session;
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
     * The element actions while the channel is open, the process owns the endpoint and a current observation exists;
     * {@code move} / {@code screenshot} with a current coordinate observation (screenshot only with a host folder);
     * {@code open} whenever the page is reachable. Platform {@code browser}, permissions
     * {@code cdp}, {@code coordinates}, {@code root_frame_only} (true), {@code screenshots} (a host folder exists),
     * {@code uploads} (a host upload folder exists).
     */
    @Override
    public Capabilities capabilities() {
        boolean backend = session.channelOpen() && session.endpointOwned();
        ObservedPage page = latest;
        boolean current = page != null && isCurrent(page.observation());
        boolean available = backend && current;
        List<ActionCapability> actions = new java.util.ArrayList<>();
        if (available) {
            // perform_secondary_action: AXConfirm / AXCancel accept or dismiss the page's open dialog
            for (String element : List.of("invoke", "scroll", "set_value", "perform_secondary_action")) {
                actions.add(new ActionCapability(
                        element, DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY));
            }
            // key input goes to this page's own session, not to the desktop: the per-process route, not pointer
            // so do a double or right click's mouse events (a single left click is invoke)
            for (String keys : List.of("type_text", "press", "click")) {
                actions.add(new ActionCapability(
                        keys, DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.HOST_ISOLATED_ONLY));
            }
        }
        boolean screenshots = session.config().screenshotDirectory().isPresent();
        if (backend && (available || this.screenshots.current())) {
            // hover (move on an element, or on a point of the coordinate observation): this page's own mouse input,
            // no desktop pointer moves; the route rules accept per_process_event for move as for keys (as the
            // reference does), so it needs no global-input permission
            actions.add(new ActionCapability(
                    "move", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.HOST_ISOLATED_ONLY));
        }
        if (backend && this.screenshots.current()) {
            if (screenshots) {
                actions.add(new ActionCapability(
                        "screenshot", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY));
            }
        }
        if (backend) {
            // window selects (focus) or closes this page's own tab, named by its label: no other target, no minimize
            actions.add(new ActionCapability(
                    "window", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY));
            // open navigates, reloads or goes back in this page's own session (by its URL; no window operation)
            actions.add(
                    new ActionCapability("open", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.HOST_ISOLATED_ONLY));
        }
        return Capabilities.of(
                "browser",
                BACKEND,
                sessionIsolation(),
                actions,
                Map.of(
                        "cdp",
                        backend,
                        "coordinates",
                        backend,
                        "root_frame_only",
                        true,
                        "screenshots",
                        screenshots,
                        // a file input takes files only from a host folder: without one, an upload is refused
                        "uploads",
                        session.config().uploadDirectory().isPresent()),
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

    /**
     * The page's viewport as one display ({@code page-<target ID>}), fenced by the hash of its pixels: the coordinate
     * target of a {@code screenshot}. It becomes the one coordinate targets resolve against.
     */
    @Override
    public org.praefectus.api.protocol.CoordinateObservation observeCoordinates(
            CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return screenshots.observe(cancellation, deadlineAtMs);
    }

    /**
     * One bounded observation of the page's root frame and its same-origin child frames (the first part, when the page
     * needs more than one: see {@link #observePage(CancellationToken, long, int)}); it becomes the one targets resolve
     * against.
     */
    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        ObservedPage page = session.observe(cancellation, deadlineAtMs, 0);
        latest = page;
        return page.observation();
    }

    /**
     * One observation as {@link #observeSemantic} makes it, with each element's state and the compact outline a model
     * reads; it becomes the one targets resolve against. It is the page's first part: {@link PageObservation#parts()}
     * says whether the page needs more than one.
     */
    public PageObservation observePage(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return observePage(cancellation, deadlineAtMs, 0);
    }

    /**
     * One part of the page's elements, for a page whose elements the protocol's bounds (4,096 elements, 2 MiB) cannot
     * hold in one observation: part 0 is what {@link #observeSemantic} returns (interactive elements first), the next
     * parts hold the rest; each part is a whole observation with the root document (marked truncated), fenced like
     * any other, and becomes the one targets resolve against. The page is read anew for each part, so parts of a page
     * that changed in between may overlap or miss elements; {@link PageObservation#parts()} is that reading's count.
     *
     * @throws ExecutorException {@code invalid_request} for a part the page does not have (without effect)
     */
    public PageObservation observePage(CancellationToken cancellation, long deadlineAtMs, int part)
            throws ExecutorException {
        if (part < 0 || part >= SemanticObservation.MAX_ELEMENTS) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "browser observation has no such part");
        }
        ObservedPage page = session.observe(cancellation, deadlineAtMs, part);
        latest = page;
        return new PageObservation(page);
    }

    /**
     * Waits until the page changes after its last observation: a mutation of its document, a new document, a dialog
     * opening, or at most {@code quietMs} (a change that mutates nothing, such as a style sheet's animation, is then
     * read anyway). Read-only: nothing runs in the page but a mutation observer in the executor's isolated world. A
     * host that waits for something to appear observes again after each return (see the MCP browser mode's
     * {@code wait_for}).
     *
     * @param quietMs at most this long without a change (1 to 60,000 ms)
     * @return whether the page changed ({@code false}: quiet for {@code quietMs}, or the deadline came first)
     * @throws ExecutorException {@code invalid_request} for a quiet bound outside 1–60,000 ms; {@code cancelled} or
     *     {@code expired} at the boundary; {@code stale_target} when the browser process changed
     */
    public boolean awaitChange(long quietMs, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        if (quietMs < 1 || quietMs > 60_000) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "browser wait bound out of range");
        }
        cancellation.checkBoundary(deadlineAtMs);
        return session.awaitChange(quietMs, deadlineAtMs);
    }

    /**
     * Waits until the page's document has loaded ({@code document.readyState} {@code complete}; a page started on a URL
     * first shows the browser's own {@code about:blank}, which does not count unless {@code blank}).
     *
     * @return whether it loaded before the deadline
     * @throws ExecutorException {@code stale_target} when the browser process changed; {@code cancelled} at the
     *     boundary
     */
    public boolean awaitLoaded(boolean blank, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return Settle.until(() -> session.loaded(blank, deadlineAtMs), 20, deadlineAtMs, cancellation);
    }

    /**
     * Whether the page shows a JavaScript dialog now, as the browser's dialog events last said: no call to the page, so
     * a host can ask after every action and observe only when one is open (the page then answers nothing else).
     */
    public boolean dialogOpen() {
        return session.dialogs().open() != null;
    }

    /**
     * The page's viewport as PNG ({@code Page.captureScreenshot} of this page only, refused when a dialog is open or
     * the document changed while it was taken). Read-only: nothing is written; unlike the fenced {@code screenshot}
     * action, the host keeps the image (or not) itself.
     *
     * @throws ExecutorException {@code stale_target} when the browser process or the document changed,
     *     {@code unavailable} when the browser did not answer
     */
    public PageImage screenshot(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        PageSession.Frame frame = session.frame(deadlineAtMs);
        return new PageImage(frame.png(), frame.width(), frame.height());
    }

    /**
     * The browser's page targets (its tabs, this executor's own among them) as DevTools lists them on the endpoint,
     * most recently opened first, once the configured process is verified to own that endpoint. Read-only. An
     * executor acts on its own page only: {@link CdpConfig#forPage} binds another executor to another of them.
     *
     * @throws ExecutorException {@code stale_target} when the browser process no longer owns the endpoint,
     *     {@code unavailable} when the browser did not answer
     */
    public List<BrowserPage> pages() throws ExecutorException {
        if (!session.endpointOwned()) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser process changed");
        }
        try {
            return List.copyOf(DevToolsChannel.pages(
                    DevToolsChannel.newMapper(), session.config().port()));
        } catch (ChannelException e) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "browser backend operation failed");
        }
    }

    /**
     * The URL of the page's history entry before the current one ({@code Page.getNavigationHistory}), which an
     * {@code open} of it goes back to (see the README's page actions), or empty when there is none. Read-only.
     *
     * @throws ExecutorException {@code stale_target} when the browser process changed, {@code unavailable} when the
     *     browser did not answer
     */
    public java.util.Optional<String> previousUrl(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        session.verifyProcess();
        JsonNode history;
        try {
            history = session.command("Page.getNavigationHistory", session.params(), deadlineAtMs);
        } catch (ChannelException e) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "browser backend operation failed");
        }
        int current = history.path("currentIndex").asInt(-1);
        JsonNode entries = history.path("entries");
        return current >= 1 && current < entries.size()
                ? java.util.Optional.ofNullable(
                        entries.get(current - 1).path("url").asText(null))
                : java.util.Optional.empty();
    }

    /**
     * The live state of a fenced target after revalidating it: {@code connected}, {@code visible}, {@code enabled},
     * {@code receives}, {@code editable}, {@code active}, a scroll container's {@code scroll_left} and
     * {@code scroll_top} and, unless the field is protected, {@code value_hash}, {@code value_length},
     * {@code value_too_large}. The document ({@code e1}) has {@code connected}, {@code document}, {@code visible} and
     * its scroll offsets.
     */
    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (target instanceof TargetRef.None) {
            return observeDocument(cancellation, deadlineAtMs);
        }
        if (target instanceof TargetRef.Coordinates point) {
            Observation observation = screenshots.observeTarget(point, deadlineAtMs);
            cancellation.checkBoundary(deadlineAtMs);
            return observation;
        }
        SemanticTargetRef ref = elementTarget(target);
        ObservedPage page = latest;
        if (page != null && page.dialog() != null) {
            return observeDialog(page, ref);
        }
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

    /**
     * The dialog of an observation that showed one: whether it is still {@code open}, its {@code type} and, once
     * closed, whether it was {@code accepted} (so a {@code target_state} verification proves the answer).
     */
    private Observation observeDialog(ObservedPage page, SemanticTargetRef ref) throws ExecutorException {
        PageDialogs.Dialog dialog = dialogOf(page, ref);
        PageDialogs.Dialog open = session.dialogs().open();
        Boolean accepted = session.dialogs().closed(dialog.sequence());
        Map<String, JsonValue> members = new TreeMap<>();
        members.put("open", JsonValue.JsonBoolean.of(open != null && open.sequence() == dialog.sequence()));
        members.put("type", new JsonValue.JsonString(dialog.type()));
        members.put("accepted", accepted == null ? JsonValue.NULL : JsonValue.JsonBoolean.of(accepted));
        String input = session.dialogs().closedInputHash(dialog.sequence());
        if (input != null) {
            // a prompt answered with text: the browser's own report of that text proves a set_value
            members.put("value_hash", new JsonValue.JsonString(input));
        }
        JsonValue.JsonObject state = new JsonValue.JsonObject(members);
        return new Observation(
                new Evidence(
                        Sha256.hex(CanonicalJson.compact(
                                new JsonValue.JsonArray(List.of(ProtocolJson.encode(ref), state)))),
                        ref.fingerprintHash(),
                        page.observation().provenance().displayGeometryHash(),
                        System.currentTimeMillis()),
                state);
    }

    /** The dialog an element target of a dialog observation names. */
    private static PageDialogs.Dialog dialogOf(ObservedPage page, SemanticTargetRef ref) throws ExecutorException {
        try {
            page.observation().resolve(ref, System.currentTimeMillis());
        } catch (ProtocolException e) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
        }
        return page.dialog();
    }

    /**
     * The page as a whole, for the actions that name no element (navigation, history): its document and the hash of
     * its URL (a URL can carry a token, so it never leaves as text).
     */
    private Observation observeDocument(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        session.verifyProcess();
        PageSession.Location location = session.location(deadlineAtMs);
        cancellation.checkBoundary(deadlineAtMs);
        JsonValue.JsonObject state = new JsonValue.JsonObject(new TreeMap<>(Map.of(
                "document",
                new JsonValue.JsonString(location.document().documentId()),
                "url_hash",
                new JsonValue.JsonString(
                        Sha256.hex(location.url().getBytes(java.nio.charset.StandardCharsets.UTF_8))))));
        ObservedPage page = latest;
        return new Observation(
                new Evidence(
                        Sha256.hex(CanonicalJson.compact(state)),
                        null,
                        page == null
                                ? "0".repeat(64)
                                : page.observation().provenance().displayGeometryHash(),
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
     * element has them, so a {@code target_state} verification can prove what an invoke changed, and a scroll
     * container's offsets, so it can prove a scroll.
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
        List<String> flags = probe.path("document").asBoolean(false)
                ? List.of("connected", "document", "visible")
                : List.of("connected", "visible", "enabled", "receives", "editable", "active");
        for (String flag : flags) {
            sorted.put(flag, JsonValue.JsonBoolean.of(probe.path(flag).asBoolean(false)));
        }
        // whole CSS pixels only, as a scroll step moves them; a fractional offset (a zoomed page) is left out, so
        // no expected state can match it
        for (String offset : List.of("scrollLeft", "scrollTop")) {
            JsonNode value = probe.path(offset);
            if (value.isNumber() && value.asDouble() == Math.rint(value.asDouble())) {
                sorted.put(
                        offset.equals("scrollLeft") ? "scroll_left" : "scroll_top",
                        JsonValue.JsonNumber.of(value.asLong()));
            }
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

    /**
     * Resolves an element target of the latest observation after checking it against the live page (process,
     * document, DOM node, geometry, fingerprint).
     */
    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        if (target instanceof TargetRef.None) {
            session.verifyProcess();
            String documentId = session.location(deadlineAtMs).document().documentId();
            cancellation.checkBoundary(deadlineAtMs);
            return new ResolvedTarget.Native(new DocumentHandle(documentId));
        }
        if (target instanceof TargetRef.Coordinates point) {
            ResolvedTarget resolved = screenshots.resolve(point, deadlineAtMs);
            cancellation.checkBoundary(deadlineAtMs);
            return resolved;
        }
        SemanticTargetRef ref = elementTarget(target);
        ObservedPage page = latest;
        if (page != null && page.dialog() != null) {
            PageDialogs.Dialog dialog = dialogOf(page, ref);
            PageDialogs.Dialog open = session.dialogs().open();
            if (open == null || open.sequence() != dialog.sequence()) {
                throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser dialog changed");
            }
            return new ResolvedTarget.Native(new DialogHandle(page.observation().observationId(), dialog));
        }
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
        DispatchException.requireUnpaced(action, "in the browser");
        if (action instanceof Action.Open open) {
            if (!(target instanceof ResolvedTarget.Native nativeTarget)
                    || !(nativeTarget.handle() instanceof DocumentHandle document)) {
                throw DispatchException.noEffect("browser page target required");
            }
            navigate(open, new PageNavigation(session, document.documentId(), cancellation, deadlineAtMs));
            return DispatchReceipt.of(BACKEND);
        }
        if (action instanceof Action.Window tab) {
            if (!(target instanceof ResolvedTarget.Native nativeTarget)
                    || !(nativeTarget.handle() instanceof DocumentHandle document)) {
                throw DispatchException.noEffect("browser page target required");
            }
            window.dispatch(tab, document.documentId(), cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND);
        }
        if (action instanceof Action.Screenshot screenshot) {
            if (!(target instanceof ResolvedTarget.Point)) {
                throw DispatchException.noEffect("browser screenshot needs a coordinate target");
            }
            screenshots.capture(screenshot, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND);
        }
        if (action instanceof Action.Move && target instanceof ResolvedTarget.Point point) {
            screenshots.move(point, cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND);
        }
        if (target instanceof ResolvedTarget.Native nativeDialog
                && nativeDialog.handle() instanceof DialogHandle dialog) {
            answer(action, dialog.dialog(), cancellation, deadlineAtMs);
            return DispatchReceipt.of(BACKEND);
        }
        if (!(action instanceof Action.Invoke
                || action instanceof Action.Scroll
                || action instanceof Action.SetValue
                || action instanceof Action.TypeText
                || action instanceof Action.Press
                || action instanceof Action.Click
                || action instanceof Action.Move)) {
            // perform_secondary_action is advertised for dialogs only
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
        } else if (action instanceof Action.TypeText type) {
            steps.typeText(type);
        } else if (action instanceof Action.Press press) {
            steps.press(press);
        } else if (action instanceof Action.Click click) {
            steps.click(click);
        } else if (action instanceof Action.Move) {
            steps.hover();
        } else {
            steps.scroll((Action.Scroll) action, verification);
        }
        return DispatchReceipt.of(BACKEND);
    }

    /**
     * Accepts ({@code AXConfirm}) or dismisses ({@code AXCancel}) the dialog the observation showed, or accepts a
     * {@code prompt} with the text of a {@code set_value}, if it is still the open one, through
     * {@code Page.handleJavaScriptDialog}; proven by the browser reporting it closed with that answer (and, for a
     * prompt's text, with that text).
     */
    private void answer(Action action, PageDialogs.Dialog dialog, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        String promptText = null;
        if (action instanceof Action.SetValue text) {
            if (!dialog.type().equals("prompt")) {
                throw DispatchException.unsupported("only a browser prompt takes text");
            }
            promptText = text.value();
        } else if (!(action instanceof Action.PerformSecondaryAction secondary)
                || !(secondary.name().equals("AXConfirm") || secondary.name().equals("AXCancel"))) {
            throw DispatchException.unsupported("a browser dialog can only be accepted, dismissed or given text");
        }
        boolean accept = promptText != null
                || ((Action.PerformSecondaryAction) action).name().equals("AXConfirm");
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        PageDialogs.Dialog open = session.dialogs().open();
        if (open == null || open.sequence() != dialog.sequence() || !session.processMatches()) {
            throw EffectSteps.stale("browser dialog changed");
        }
        com.fasterxml.jackson.databind.node.ObjectNode params = session.params().put("accept", accept);
        if (promptText != null) {
            params.put("promptText", promptText);
        }
        try {
            session.command("Page.handleJavaScriptDialog", params, deadlineAtMs);
        } catch (ChannelException e) {
            if (e.sent()) {
                throw DispatchException.ambiguous("browser dialog outcome is unknown");
            }
            throw EffectSteps.stale("browser dialog answer was not dispatched");
        }
        Boolean result;
        try {
            result = session.dialogs().awaitClosed(dialog.sequence(), deadlineAtMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DispatchException.ambiguous("browser dialog outcome is unknown");
        }
        // an alert closes "accepted" whatever the answer: only a confirm, prompt or beforeunload proves a dismissal
        if (result == null || (result != accept && !dialog.type().equals("alert"))) {
            throw DispatchException.ambiguous("browser dialog did not close with that answer");
        }
        if (promptText != null
                && !Sha256.hex(promptText.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                        .equals(session.dialogs().closedInputHash(dialog.sequence()))) {
            throw DispatchException.ambiguous("browser prompt did not close with that text");
        }
    }

    /**
     * {@code open} of a URL in this page (navigate, reload or back, by the URL: see {@link PageNavigation#open}). It
     * names no application, the page is the handler; {@code no_focus} changes nothing, as no navigation of this page
     * raises or focuses the browser.
     */
    private static void navigate(Action.Open open, PageNavigation navigation) throws DispatchException {
        if (open.app() != null) {
            throw DispatchException.unsupported("browser open names no application: the page is the handler");
        }
        navigation.open(open.target());
    }

    @Override
    public void close() {
        session.close();
    }
}
