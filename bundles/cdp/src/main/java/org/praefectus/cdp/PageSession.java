package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;

/**
 * The read side of one configured page: process and endpoint checks, semantic observation of the root frame, live
 * revalidation of one observed node, and calls of the fixed {@link PageFunctions} in the isolated world. Every
 * failure is an {@link ExecutorException} with a fixed message.
 */
final class PageSession implements AutoCloseable {

    private static final String WORLD_NAME = "praefectus";
    /** A text node longer than this makes the page's accessibility tree too slow to read whole. */
    static final int MAX_TEXT_CHARS = 1024 * 1024;
    /** Longest wait for one large observation reply (a snapshot, a whole accessibility tree), within the deadline. */
    private static final java.time.Duration MAX_OBSERVATION_IO = java.time.Duration.ofSeconds(20);

    private final CdpConfig config;
    private final DevToolsChannel channel;
    private final AtomicLong generation = new AtomicLong();
    /**
     * The hash of the value this executor last set and verified on a node, by document and node: a password field's
     * value hash is reported only when it is still that one (which the signed request already carried).
     */
    private final java.util.Map<String, String> valuesSet = new java.util.concurrent.ConcurrentHashMap<>();
    /** The isolated world of the current document: recreated whenever the document changes. */
    private volatile World world;

    private record World(String documentId, long executionContextId) {}

    /** The root frame now. */
    record Document(String frameId, String loaderId, String documentId) {}

    /**
     * A node that passed live revalidation.
     *
     * @param objectId  the node in the isolated world
     * @param semantics what accessibility says now
     * @param states    the node's state as accessibility says it now
     */
    record LiveNode(String objectId, AxSemantics semantics, ElementState states) {}

    PageSession(CdpConfig config, DevToolsChannel channel) {
        this.config = config;
        this.channel = channel;
    }

    CdpConfig config() {
        return config;
    }

    void rememberValueSet(String documentId, long backendNodeId, String valueHash) {
        valuesSet.put(documentId + "/" + backendNodeId, valueHash);
    }

    /** The hash of the value this executor last set on the node, or {@code null}. */
    String valueSet(String documentId, long backendNodeId) {
        return valuesSet.get(documentId + "/" + backendNodeId);
    }

    /** Whether the configured process still has its generation. */
    boolean processMatches() {
        return processMatches(config);
    }

    private static boolean processMatches(CdpConfig config) {
        Optional<String> live = LinuxProcesses.generation(config.browserProcessId());
        return live.isPresent() && live.get().equals(config.processGeneration());
    }

    /** Whether the configured process, and only it, listens on the endpoint. */
    boolean endpointOwned() {
        return endpointOwned(config);
    }

    /**
     * Whether the configured process, with its generation, and only it, listens on the endpoint, in this process's
     * own network namespace: the socket table read is the browser's, the connection is made from here, so the two
     * must be the same namespace (otherwise a relay on this side's loopback could stand in for the browser).
     */
    static boolean endpointOwned(CdpConfig config) {
        return processMatches(config)
                && LinuxProcesses.sharesNetworkNamespace(config.browserProcessId())
                && LinuxProcesses.loopbackListenerOwners(config.port(), config.browserProcessId())
                        .equals(Set.of(config.browserProcessId()))
                && processMatches(config);
    }

    boolean channelOpen() {
        return channel.isOpen();
    }

    void verifyProcess() throws ExecutorException {
        if (!processMatches()) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser process changed");
        }
    }

    /** One observation of the root frame. */
    ObservedPage observe(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        verifyProcess();
        ObjectNode target = channel.params().put("targetId", config.targetId());
        CompletableFuture<JsonNode> info = send("Target.getTargetInfo", target);
        Document document = document(send("Page.getFrameTree", null), deadlineAtMs);
        JsonNode targetInfo = await(info, deadlineAtMs).path("targetInfo");
        String type = targetInfo.path("type").asText("");
        if (!config.targetId().equals(targetInfo.path("targetId").asText(null))
                || !type.equals("page") && !type.equals("webview")) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
        }
        cancellation.checkBoundary(deadlineAtMs);

        World current = world;
        if (current == null || !current.documentId().equals(document.documentId())) {
            long contextId = await(
                            send(
                                    "Page.createIsolatedWorld",
                                    channel.params()
                                            .put("frameId", document.frameId())
                                            .put("worldName", WORLD_NAME)
                                            .put("grantUniversalAccess", false)),
                            deadlineAtMs)
                    .path("executionContextId")
                    .asLong(0);
            if (contextId <= 0) {
                throw unavailable();
            }
            current = new World(document.documentId(), contextId);
            world = current;
        }
        // the page's shape decides how its accessibility tree is read: whole, or for its elements one by one when
        // it is too deep or holds a text too large for Chromium to serialise in time
        JsonNode shape = await(
                        send(
                                "Runtime.evaluate",
                                channel.params()
                                        .put("expression", PageFunctions.PAGE_SHAPE)
                                        .put("contextId", current.executionContextId())
                                        .put("returnByValue", true)
                                        .put("silent", true)),
                        deadlineAtMs)
                .path("result")
                .path("value");
        boolean bounded = shape.path("deepest").asLong(Long.MAX_VALUE) > AxTree.MAX_DEPTH
                || shape.path("longest").asLong(Long.MAX_VALUE) > MAX_TEXT_CHARS;
        CompletableFuture<JsonNode> metrics = send("Page.getLayoutMetrics", null);
        ObjectNode snapshotParams = channel.params()
                .put("includeDOMRects", false)
                .put("includePaintOrder", true)
                .put("includeBlendedBackgroundColors", false)
                .put("includeTextColorOpacities", false);
        ArrayNode styles = snapshotParams.putArray("computedStyles");
        RootFrameLayout.STYLES.forEach(styles::add);
        CompletableFuture<JsonNode> snapshot = send("DOMSnapshot.captureSnapshot", snapshotParams);
        CompletableFuture<JsonNode> accessibility = bounded
                ? null
                : send("Accessibility.getFullAXTree", channel.params().put("frameId", document.frameId()));
        CompletableFuture<JsonNode> finalTree = send("Page.getFrameTree", null);

        JsonNode viewportJson = viewport(await(metrics, deadlineAtMs));
        RootFrameLayout layout;
        AxTree axTree;
        try {
            layout = RootFrameLayout.parse(awaitLarge(snapshot, deadlineAtMs), document.frameId());
            axTree = bounded
                    ? elementByElement(layout, deadlineAtMs)
                    : AxTree.parse(awaitLarge(accessibility, deadlineAtMs));
        } catch (IllegalArgumentException malformed) {
            throw unavailable();
        }

        if (!document(finalTree, deadlineAtMs).equals(document)) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser document changed");
        }
        cancellation.checkBoundary(deadlineAtMs);
        verifyProcess();

        long observedAtMs = System.currentTimeMillis();
        long observationGeneration = generation.incrementAndGet();
        String observationId = Fingerprints.observationId(
                config.targetId(), document.documentId(), observationGeneration, observedAtMs);
        SemanticTreeBuilder.Result tree;
        try {
            tree = SemanticTreeBuilder.build(
                    layout,
                    axTree,
                    SemanticTreeBuilder.Viewport.of(viewportJson),
                    observationId,
                    document.documentId());
        } catch (IllegalArgumentException malformed) {
            throw unavailable();
        }
        SemanticProvenance provenance = new SemanticProvenance(
                SemanticBackend.DOM,
                Fingerprints.BACKEND_NAME,
                config.browserProcessId(),
                config.processGeneration(),
                config.targetId(),
                document.documentId(),
                Fingerprints.viewport(viewportJson),
                java.util.List.of());
        long expiresAtMs = Math.min(deadlineAtMs, observedAtMs + SemanticObservation.MAX_AGE_MS);
        if (expiresAtMs <= observedAtMs) {
            throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
        }
        SemanticObservation observation = new SemanticObservation(
                Protocol.PROTOCOL_VERSION,
                observationId,
                observationGeneration,
                provenance,
                observedAtMs,
                expiresAtMs,
                tree.truncated(),
                tree.elements());
        return new ObservedPage(observation, current.executionContextId(), document.documentId(), tree.nodes());
    }

    /**
     * Revalidates one observed node against the live page: the process, the document, the exact DOM node in the
     * isolated world, the display geometry and the accessibility fingerprint (one accessibility node only). Before the
     * accessibility node is read, a watch starts in the isolated world ({@link PageFunctions#WATCH}): the effect that
     * follows checks it in the same call that acts, so the fingerprint read here still holds when the effect runs.
     *
     * @throws ExecutorException {@code stale_target} when anything changed
     */
    LiveNode revalidate(ObservedPage page, ObservedPage.ObservedNode node, long deadlineAtMs) throws ExecutorException {
        verifyProcess();
        CompletableFuture<JsonNode> frameTree = send("Page.getFrameTree", null);
        CompletableFuture<JsonNode> resolved = send(
                "DOM.resolveNode",
                channel.params()
                        .put("backendNodeId", node.backendNodeId())
                        .put("executionContextId", page.executionContextId()));
        CompletableFuture<JsonNode> metrics = send("Page.getLayoutMetrics", null);
        Document document = document(frameTree, deadlineAtMs);
        if (!document.documentId().equals(page.documentId())) {
            drain(resolved, metrics);
            throw stale("browser document changed");
        }
        String objectId;
        try {
            objectId = DevToolsChannel.await(resolved, deadlineAtMs)
                    .path("object")
                    .path("objectId")
                    .asText("");
        } catch (ChannelException gone) {
            // the node is gone, or its isolated world with its document
            drain(metrics);
            throw stale("browser target changed");
        }
        if (objectId.isEmpty()) {
            drain(metrics);
            throw stale("browser target changed");
        }
        // the watch's reply comes two frames after it began (an awaited promise: the browser answers other commands
        // meanwhile), so the accessibility node is read only once it has been sent: after the watch began and after
        // Chromium's tree caught up with the DOM
        CompletableFuture<JsonNode> watch =
                send("Runtime.callFunctionOn", callParams(objectId, PageFunctions.WATCH, true));
        String geometry = Fingerprints.viewport(viewport(await(metrics, deadlineAtMs)));
        JsonNode ax;
        try {
            if (!value(DevToolsChannel.await(watch, deadlineAtMs))
                    .path("watching")
                    .asBoolean(false)) {
                throw stale("browser target changed");
            }
            ax = channel.command(
                    "Accessibility.getPartialAXTree",
                    channel.params().put("backendNodeId", node.backendNodeId()).put("fetchRelatives", false),
                    deadlineAtMs);
        } catch (ChannelException gone) {
            throw stale("browser target changed");
        }
        JsonNode matching = null;
        int count = 0;
        for (JsonNode candidate : ax.path("nodes")) {
            if (candidate.path("backendDOMNodeId").asLong(0) == node.backendNodeId()
                    && !candidate.path("ignored").asBoolean(false)) {
                matching = candidate;
                count++;
            }
        }
        if (count != 1) {
            throw stale(count == 0 ? "browser target changed" : "browser target is ambiguous");
        }
        AxSemantics semantics = AxSemantics.of(matching);
        if (semantics == null
                || !geometry.equals(page.observation().provenance().displayGeometryHash())
                || !Fingerprints.element(page.documentId(), node.backendNodeId(), semantics.role(), semantics.name())
                        .equals(node.fingerprintHash())) {
            throw stale("browser target changed");
        }
        verifyProcess();
        return new LiveNode(objectId, semantics, ElementState.of(matching));
    }

    /**
     * Calls one fixed function on a node and returns its value.
     *
     * @throws ChannelException when the call failed or threw
     */
    JsonNode call(String objectId, String function, boolean awaitPromise, long deadlineAtMs, Object... arguments)
            throws ChannelException {
        JsonNode response = channel.command(
                "Runtime.callFunctionOn", callParams(objectId, function, awaitPromise, arguments), deadlineAtMs);
        return value(response);
    }

    private ObjectNode callParams(String objectId, String function, boolean awaitPromise, Object... arguments) {
        ObjectNode params = channel.params()
                .put("objectId", objectId)
                .put("functionDeclaration", function)
                .put("returnByValue", true)
                .put("awaitPromise", awaitPromise)
                .put("silent", true);
        ArrayNode args = params.putArray("arguments");
        for (Object argument : arguments) {
            args.addObject().set("value", channel.mapper().valueToTree(argument));
        }
        return params;
    }

    private static JsonNode value(JsonNode response) throws ChannelException {
        JsonNode value = response.path("result").path("value");
        if (response.has("exceptionDetails") || !value.isObject()) {
            throw new ChannelException(true, "page function failed");
        }
        return value;
    }

    /** Sends one command and waits for its result (for the few effects that are browser commands, not page calls). */
    JsonNode command(String method, ObjectNode params, long deadlineAtMs) throws ChannelException {
        return channel.command(method, params, deadlineAtMs);
    }

    ObjectNode params() {
        return channel.params();
    }

    /** The root frame's current document. */
    Document document(long deadlineAtMs) throws ExecutorException {
        return document(send("Page.getFrameTree", null), deadlineAtMs);
    }

    private Document document(CompletableFuture<JsonNode> frameTree, long deadlineAtMs) throws ExecutorException {
        JsonNode frame = await(frameTree, deadlineAtMs).path("frameTree").path("frame");
        String frameId = frame.path("id").asText("");
        String loaderId = frame.path("loaderId").asText("");
        if (frameId.isEmpty() || loaderId.isEmpty()) {
            throw unavailable();
        }
        return new Document(frameId, loaderId, Fingerprints.documentId(config.targetId(), frameId, loaderId));
    }

    private static JsonNode viewport(JsonNode metrics) throws ExecutorException {
        JsonNode viewport =
                metrics.has("cssVisualViewport") ? metrics.get("cssVisualViewport") : metrics.path("visualViewport");
        if (!viewport.isObject()) {
            throw unavailable();
        }
        return viewport;
    }

    private CompletableFuture<JsonNode> send(String method, JsonNode params) throws ExecutorException {
        try {
            return channel.send(method, params);
        } catch (ChannelException e) {
            throw unavailable();
        }
    }

    private static JsonNode await(CompletableFuture<JsonNode> reply, long deadlineAtMs) throws ExecutorException {
        if (System.currentTimeMillis() >= deadlineAtMs) {
            throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
        }
        try {
            return DevToolsChannel.await(reply, deadlineAtMs);
        } catch (ChannelException e) {
            if (System.currentTimeMillis() >= deadlineAtMs) {
                throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
            }
            throw unavailable();
        }
    }

    /**
     * The accessibility tree read element by element ({@code Accessibility.getPartialAXTree} of each candidate the
     * snapshot names, pipelined), for a page whose whole tree is too large or deep to read: always truncated.
     */
    private AxTree elementByElement(RootFrameLayout layout, long deadlineAtMs) throws ExecutorException {
        List<Integer> candidates = AxTree.candidates(layout);
        List<CompletableFuture<JsonNode>> replies = new java.util.ArrayList<>(candidates.size());
        for (int node : candidates) {
            replies.add(send(
                    "Accessibility.getPartialAXTree",
                    channel.params()
                            .put("backendNodeId", layout.backendNodeId(node))
                            .put("fetchRelatives", false)));
        }
        List<JsonNode> nodes = new java.util.ArrayList<>(candidates.size());
        for (CompletableFuture<JsonNode> reply : replies) {
            nodes.add(await(reply, deadlineAtMs));
        }
        return AxTree.ofElements(layout, candidates, nodes);
    }

    private static JsonNode awaitLarge(CompletableFuture<JsonNode> reply, long deadlineAtMs) throws ExecutorException {
        if (System.currentTimeMillis() >= deadlineAtMs) {
            throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
        }
        try {
            return DevToolsChannel.await(reply, deadlineAtMs, MAX_OBSERVATION_IO);
        } catch (ChannelException e) {
            if (System.currentTimeMillis() >= deadlineAtMs) {
                throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
            }
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "browser page is too large to observe");
        }
    }

    @SafeVarargs
    private static void drain(CompletableFuture<JsonNode>... replies) {
        // replies still in flight are simply dropped; the channel matches by ID and ignores them
        for (CompletableFuture<JsonNode> reply : replies) {
            reply.cancel(false);
        }
    }

    private static ExecutorException stale(String message) {
        return new ExecutorException(ExecutorFailure.STALE_TARGET, message);
    }

    private static ExecutorException unavailable() {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "browser backend operation failed");
    }

    @Override
    public void close() {
        channel.close();
    }
}
