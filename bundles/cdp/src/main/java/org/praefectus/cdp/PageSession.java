package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    private final CdpConfig config;
    private final DevToolsChannel channel;
    private final AtomicLong generation = new AtomicLong();
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
     */
    record LiveNode(String objectId, AxSemantics semantics) {}

    PageSession(CdpConfig config, DevToolsChannel channel) {
        this.config = config;
        this.channel = channel;
    }

    CdpConfig config() {
        return config;
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

    /** Whether the configured process, with its generation, and only it, listens on the endpoint. */
    static boolean endpointOwned(CdpConfig config) {
        return processMatches(config)
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
        CompletableFuture<JsonNode> isolated = null;
        if (current == null || !current.documentId().equals(document.documentId())) {
            isolated = send(
                    "Page.createIsolatedWorld",
                    channel.params()
                            .put("frameId", document.frameId())
                            .put("worldName", WORLD_NAME)
                            .put("grantUniversalAccess", false));
        }
        CompletableFuture<JsonNode> metrics = send("Page.getLayoutMetrics", null);
        ObjectNode snapshotParams = channel.params()
                .put("includeDOMRects", false)
                .put("includePaintOrder", true)
                .put("includeBlendedBackgroundColors", false)
                .put("includeTextColorOpacities", false);
        ArrayNode styles = snapshotParams.putArray("computedStyles");
        RootFrameLayout.STYLES.forEach(styles::add);
        CompletableFuture<JsonNode> snapshot = send("DOMSnapshot.captureSnapshot", snapshotParams);
        CompletableFuture<JsonNode> finalTree = send("Page.getFrameTree", null);

        if (isolated != null) {
            long contextId =
                    await(isolated, deadlineAtMs).path("executionContextId").asLong(0);
            if (contextId <= 0) {
                throw unavailable();
            }
            current = new World(document.documentId(), contextId);
            world = current;
        }
        JsonNode viewportJson = viewport(await(metrics, deadlineAtMs));

        JsonNode snapshotJson = await(snapshot, deadlineAtMs);

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
                    RootFrameLayout.parse(snapshotJson, document.frameId()),
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
     * isolated world, the display geometry and the accessibility fingerprint (one accessibility node only).
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
        CompletableFuture<JsonNode> partial = send(
                "Accessibility.getPartialAXTree",
                channel.params().put("backendNodeId", node.backendNodeId()).put("fetchRelatives", false));
        Document document = document(frameTree, deadlineAtMs);
        if (!document.documentId().equals(page.documentId())) {
            drain(resolved, metrics, partial);
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
            drain(metrics, partial);
            throw stale("browser target changed");
        }
        if (objectId.isEmpty()) {
            drain(metrics, partial);
            throw stale("browser target changed");
        }
        String geometry = Fingerprints.viewport(viewport(await(metrics, deadlineAtMs)));
        JsonNode matching = null;
        int count = 0;
        JsonNode ax;
        try {
            ax = DevToolsChannel.await(partial, deadlineAtMs);
        } catch (ChannelException gone) {
            throw stale("browser target changed");
        }
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
        return new LiveNode(objectId, semantics);
    }

    /**
     * Calls one fixed function on a node and returns its value.
     *
     * @throws ChannelException when the call failed or threw
     */
    JsonNode call(String objectId, String function, boolean awaitPromise, long deadlineAtMs, Object... arguments)
            throws ChannelException {
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
        JsonNode response = channel.command("Runtime.callFunctionOn", params, deadlineAtMs);
        JsonNode value = response.path("result").path("value");
        if (response.has("exceptionDetails") || !value.isObject()) {
            throw new ChannelException(true, "page function failed");
        }
        return value;
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
