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
 * The read side of one configured page: process and endpoint checks, semantic observation of the root frame and its
 * same-origin frames, live revalidation of one observed node, and calls of the fixed {@link PageFunctions} in the
 * isolated world of the node's frame. Every failure is an {@link ExecutorException} with a fixed message.
 */
final class PageSession implements AutoCloseable {

    private static final String WORLD_NAME = "praefectus";
    /** A text node longer than this makes the page's accessibility tree too slow to read whole. */
    static final int MAX_TEXT_CHARS = 1024 * 1024;

    private final CdpConfig config;
    /** The document's shape, and the names pass when names are computed in the page, in one evaluation. */
    private final String shapeAndNames;

    private final DevToolsChannel channel;
    private final AtomicLong generation = new AtomicLong();
    /**
     * The hash of the value this executor last set and verified on a node, by document and node: a password field's
     * value hash is reported only when it is still that one (which the signed request already carried).
     */
    private final java.util.Map<String, String> valuesSet = new java.util.concurrent.ConcurrentHashMap<>();
    /** The isolated world of the root frame's current document: recreated whenever the document changes. */
    private volatile World world;
    /** The isolated worlds of the observed child frames' documents, by frame ID. */
    private final java.util.Map<String, World> worlds = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * An isolated world made for one document; {@code documentNode}, once an observation has seen it, the document's
     * own backend node, whose accessibility node the next observation of the same document asks for in its first batch.
     */
    private record World(String documentId, long executionContextId, long documentNode) {
        World withDocumentNode(long node) {
            return new World(documentId, executionContextId, node);
        }
    }

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

    /** The page's JavaScript dialogs, followed from the page's events. */
    private final PageDialogs dialogs = new PageDialogs();

    private final java.util.concurrent.atomic.AtomicInteger inPageFallbacks =
            new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger inPageUncertain =
            new java.util.concurrent.atomic.AtomicInteger();

    /**
     * The viewport this executor's own reveal left for an observation: its fences still hold there (the observed
     * boxes are in document coordinates and every effect hit-tests live), so acting on that observation after a
     * reveal does not need another observation. Anything else that moved the viewport is still a change.
     *
     * @param observationId the observation whose element was revealed
     * @param geometryHash  the viewport's hash right after the reveal
     */
    private record Revealed(String observationId, String geometryHash) {}

    private volatile Revealed revealed;

    PageSession(CdpConfig config, DevToolsChannel channel) {
        this.config = config;
        this.channel = channel;
        this.shapeAndNames = PageFunctions.shapeAndNames(AxTree.MAX_DEPTH, MAX_TEXT_CHARS, config.inPageNames());
        channel.onEvent(dialogs::accept);
    }

    /** Starts following the page's dialogs ({@code Page.enable}: the browser then reports each one). */
    void followDialogs(long deadlineAtMs) throws ExecutorException {
        await(send("Page.enable", null), deadlineAtMs);
    }

    PageDialogs dialogs() {
        return dialogs;
    }

    /** Refuses while a dialog is open: the page answers nothing else then. */
    private void noDialog() throws ExecutorException {
        if (dialogs.open() != null) {
            throw stale("browser page has an open dialog");
        }
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

    /** One observation (of {@code part} of the elements) of the root frame and its same-origin child frames. */
    ObservedPage observe(CancellationToken cancellation, long deadlineAtMs, int part) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        verifyProcess();
        PageDialogs.Dialog dialog = dialogs.open();
        if (dialog != null) {
            return dialogObservation(dialog, deadlineAtMs);
        }
        ObjectNode target = channel.params().put("targetId", config.targetId());
        // one batch for the common case (the document of the last observation): its shape is asked in the world
        // already made for it, and the layout is on its way meanwhile; a new document costs one more round trip
        World current = world;
        CompletableFuture<JsonNode> info = send("Target.getTargetInfo", target);
        CompletableFuture<JsonNode> frameTree = send("Page.getFrameTree", null);
        CompletableFuture<JsonNode> early = current == null ? null : shape(current);
        // the document's own accessibility node, which a reading of names computed in the page always takes from the
        // tree: asked now when this document was seen before, one round trip after the pass otherwise
        AskedNode documentNode = current != null && current.documentNode() > 0 && config.inPageNames()
                ? new AskedNode(current.documentNode(), ownNode(current.documentNode()))
                : AskedNode.NONE;
        CompletableFuture<JsonNode> metrics = send("Page.getLayoutMetrics", null);
        ObjectNode snapshotParams = channel.params()
                .put("includeDOMRects", false)
                .put("includePaintOrder", true)
                .put("includeBlendedBackgroundColors", false)
                .put("includeTextColorOpacities", false);
        ArrayNode styles = snapshotParams.putArray("computedStyles");
        FrameLayout.STYLES.forEach(styles::add);
        CompletableFuture<JsonNode> snapshot = send("DOMSnapshot.captureSnapshot", snapshotParams);
        List<FrameDocument> frames = frames(await(frameTree, deadlineAtMs));
        Document document = frames.get(0).document();
        JsonNode targetInfo = await(info, deadlineAtMs).path("targetInfo");
        String type = targetInfo.path("type").asText("");
        if (!config.targetId().equals(targetInfo.path("targetId").asText(null))
                || (!type.equals("page") && !type.equals("webview"))) {
            drain(early, metrics, snapshot, documentNode.reply());
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser target changed");
        }
        cancellation.checkBoundary(deadlineAtMs);

        // each child frame's element in its parent, and a world for its document (kept while the document is)
        int count = frames.size();
        List<CompletableFuture<JsonNode>> owners = new java.util.ArrayList<>(count);
        List<CompletableFuture<JsonNode>> made = new java.util.ArrayList<>(count);
        owners.add(null);
        made.add(null);
        for (FrameDocument child : frames.subList(1, count)) {
            owners.add(send(
                    "DOM.getFrameOwner",
                    channel.params().put("frameId", child.document().frameId())));
            World known = worlds.get(child.document().frameId());
            made.add(
                    known != null && known.documentId().equals(child.document().documentId())
                            ? null
                            : createWorld(child.document()));
        }
        if (current == null || !current.documentId().equals(document.documentId())) {
            drain(early, documentNode.reply());
            early = null;
            documentNode = AskedNode.NONE;
            current = world(document, createWorld(document), deadlineAtMs);
            world = current;
        }
        World[] frameWorlds = new World[count];
        frameWorlds[0] = current;
        for (int i = 1; i < count; i++) {
            Document child = frames.get(i).document();
            frameWorlds[i] =
                    made.get(i) == null ? worlds.get(child.frameId()) : world(child, made.get(i), deadlineAtMs);
            worlds.put(child.frameId(), frameWorlds[i]);
        }
        java.util.Set<String> frameIds = new java.util.HashSet<>();
        frames.forEach(frame -> frameIds.add(frame.document().frameId()));
        worlds.keySet().retainAll(frameIds);
        List<CompletableFuture<JsonNode>> shapes = new java.util.ArrayList<>(count);
        shapes.add(early != null ? early : shape(current));
        for (int i = 1; i < count; i++) {
            shapes.add(shape(frameWorlds[i]));
        }
        // each document's shape decides how its accessibility tree is read: whole, or for its elements one by one
        // when it is too deep or holds a text too large for Chromium to serialise in time
        boolean[] bounded = new boolean[count];
        boolean[] inPage = new boolean[count];
        JsonNode[] passes = new JsonNode[count];
        List<CompletableFuture<JsonNode>> accessibility = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            JsonNode value = await(shapes.get(i), deadlineAtMs).path("result").path("value");
            JsonNode shape = value.path("shape");
            bounded[i] = shape.path("deepest").asLong(Long.MAX_VALUE) > AxTree.MAX_DEPTH
                    || shape.path("longest").asLong(Long.MAX_VALUE) > MAX_TEXT_CHARS;
            inPage[i] = !bounded[i] && config.inPageNames();
            passes[i] = inPage[i] ? value.path("names") : null;
            accessibility.add(
                    bounded[i] || inPage[i]
                            ? null
                            : send(
                                    "Accessibility.getFullAXTree",
                                    channel.params()
                                            .put(
                                                    "frameId",
                                                    frames.get(i).document().frameId())));
        }
        long[] ownerNodes = new long[count];
        List<CompletableFuture<JsonNode>> ownerBoxes = new java.util.ArrayList<>(count);
        ownerNodes[0] = -1;
        ownerBoxes.add(null);
        for (int i = 1; i < count; i++) {
            ownerNodes[i] =
                    await(owners.get(i), deadlineAtMs).path("backendNodeId").asLong(0);
            ownerBoxes.add(send("DOM.getBoxModel", channel.params().put("backendNodeId", ownerNodes[i])));
        }
        CompletableFuture<JsonNode> finalTree = send("Page.getFrameTree", null);

        JsonNode viewportJson = viewport(await(metrics, deadlineAtMs));
        List<ObservedFrame> observed = new java.util.ArrayList<>(count);
        boolean leftOut = false;
        try {
            JsonNode snapshotJson = awaitLarge(snapshot, deadlineAtMs);
            for (int i = 0; i < count; i++) {
                FrameDocument frame = frames.get(i);
                int parent = -1;
                double[] content = null;
                if (i > 0) {
                    for (ObservedFrame candidate : observed) {
                        if (candidate.ref().frameId().equals(frame.parentFrameId())) {
                            parent = candidate.ref().index();
                        }
                    }
                    content = contentBox(await(ownerBoxes.get(i), deadlineAtMs));
                    if (parent < 0
                            || content == null
                            || !hasDocument(snapshotJson, frame.document().frameId())) {
                        // a frame not laid out (hidden, still loading) or below one left out: not observed
                        leftOut = true;
                        continue;
                    }
                }
                FrameLayout layout =
                        FrameLayout.parse(snapshotJson, frame.document().frameId());
                FrameView view = i == 0
                        ? FrameView.root(viewportJson)
                        : observed.get(parent).view().child(content, layout.scrollX(), layout.scrollY());
                AxTree axTree = bounded[i]
                        ? elementByElement(layout, deadlineAtMs)
                        : inPage[i]
                                ? inPage(
                                        layout,
                                        frame.document().frameId(),
                                        passes[i],
                                        i == 0 ? documentNode : AskedNode.NONE,
                                        deadlineAtMs)
                                : AxTree.parse(awaitLarge(accessibility.get(i), deadlineAtMs));
                observed.add(new ObservedFrame(
                        new ObservedPage.FrameRef(
                                observed.size(),
                                frame.document().frameId(),
                                frame.document().documentId(),
                                frameWorlds[i].executionContextId()),
                        parent,
                        ownerNodes[i],
                        layout,
                        axTree,
                        view));
            }
        } catch (IllegalArgumentException malformed) {
            throw unavailable();
        }
        if (current.documentNode() == 0 && !observed.isEmpty()) {
            long node = observed.get(0).layout().backendNodeId(0);
            if (node > 0 && current.equals(world)) {
                world = current.withDocumentNode(node);
            }
        }

        if (!frames(await(finalTree, deadlineAtMs)).equals(frames)) {
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
            tree = SemanticTreeBuilder.build(observed, observationId, part);
        } catch (IllegalArgumentException malformed) {
            throw unavailable();
        }
        if (part >= tree.parts()) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "browser observation has no such part");
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
                tree.truncated() || leftOut,
                tree.elements());
        return new ObservedPage(
                observation,
                current.executionContextId(),
                document.documentId(),
                tree.nodes(),
                null,
                part,
                tree.parts(),
                fileNames(tree.nodes(), deadlineAtMs));
    }

    /**
     * The names of the files each observed file input holds, read in its frame's isolated world (the names only, as
     * the page itself shows them; never a path or content): an upload's result is seen in the next observation.
     */
    private java.util.Map<String, List<String>> fileNames(
            java.util.Map<String, ObservedPage.ObservedNode> nodes, long deadlineAtMs) throws ExecutorException {
        java.util.Map<String, CompletableFuture<JsonNode>> resolved = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<String, ObservedPage.ObservedNode> node : nodes.entrySet()) {
            if (node.getValue().fileInput()) {
                resolved.put(
                        node.getKey(),
                        send(
                                "DOM.resolveNode",
                                channel.params()
                                        .put("backendNodeId", node.getValue().backendNodeId())
                                        .put(
                                                "executionContextId",
                                                node.getValue().frame().executionContextId())));
            }
        }
        java.util.Map<String, List<String>> files = new java.util.HashMap<>();
        for (java.util.Map.Entry<String, CompletableFuture<JsonNode>> input : resolved.entrySet()) {
            try {
                String objectId = DevToolsChannel.await(input.getValue(), deadlineAtMs)
                        .path("object")
                        .path("objectId")
                        .asText("");
                String names = objectId.isEmpty()
                        ? null
                        : call(objectId, PageFunctions.FILE_NAMES, false, deadlineAtMs)
                                .path("files")
                                .asText(null);
                if (names != null) {
                    files.put(input.getKey(), names.isEmpty() ? List.of() : List.of(names.split("\n", -1)));
                }
            } catch (ChannelException unreadable) {
                // the input went away meanwhile: its files are not reported, the next observation says what is there
            }
        }
        return files;
    }

    /** A frame observed: its document, and the frame whose element shows it ({@code null} for the root frame). */
    record FrameDocument(Document document, String parentFrameId) {}

    /** The URL of a frame whose document is its {@code <iframe>}'s {@code srcdoc} attribute. */
    static final String SRCDOC = "about:srcdoc";

    /** The most child frames one observation reads (each costs a world, a snapshot document and a tree). */
    static final int MAX_FRAMES = 16;

    /**
     * The root frame and its descendants of the same origin or written by their parent ({@code srcdoc}): the ones in
     * the page's own process, whose documents the snapshot holds, breadth first, at most {@link #MAX_FRAMES} besides
     * the root. A frame of another origin is not observed, nor anything below it.
     */
    private List<FrameDocument> frames(JsonNode tree) throws ExecutorException {
        JsonNode root = tree.path("frameTree");
        String origin = root.path("frame").path("securityOrigin").asText("");
        List<FrameDocument> frames = new java.util.ArrayList<>();
        frames.add(new FrameDocument(document(root.path("frame")), null));
        java.util.ArrayDeque<JsonNode> pending = new java.util.ArrayDeque<>();
        pending.add(root);
        while (!pending.isEmpty() && frames.size() <= MAX_FRAMES) {
            JsonNode parent = pending.poll();
            for (JsonNode child : parent.path("childFrames")) {
                JsonNode frame = child.path("frame");
                // a srcdoc frame's document is its parent's own text (the attribute), in the parent's process, whatever
                // origin Chromium reports for it ("://")
                boolean srcdoc = SRCDOC.equals(frame.path("url").asText(""));
                if (frames.size() > MAX_FRAMES
                        || origin.isEmpty()
                        || !(srcdoc
                                || origin.equals(frame.path("securityOrigin").asText("")))
                        || frame.path("loaderId").asText("").isEmpty()) {
                    continue;
                }
                frames.add(new FrameDocument(
                        document(frame), parent.path("frame").path("id").asText("")));
                pending.add(child);
            }
        }
        return frames;
    }

    private CompletableFuture<JsonNode> createWorld(Document document) throws ExecutorException {
        return send(
                "Page.createIsolatedWorld",
                channel.params()
                        .put("frameId", document.frameId())
                        .put("worldName", WORLD_NAME)
                        .put("grantUniversalAccess", false));
    }

    private World world(Document document, CompletableFuture<JsonNode> created, long deadlineAtMs)
            throws ExecutorException {
        long contextId = await(created, deadlineAtMs).path("executionContextId").asLong(0);
        if (contextId <= 0) {
            throw unavailable();
        }
        return new World(document.documentId(), contextId, 0);
    }

    /** The content box of {@code DOM.getBoxModel}'s reply (viewport coordinates), or {@code null} without area. */
    private static double[] contentBox(JsonNode reply) {
        JsonNode quad = reply.path("model").path("content");
        if (quad.size() != 8) {
            return null;
        }
        double[] box = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < 8; i += 2) {
            box[0] = Math.min(box[0], quad.get(i).asDouble());
            box[1] = Math.min(box[1], quad.get(i + 1).asDouble());
            box[2] = Math.max(box[2], quad.get(i).asDouble());
            box[3] = Math.max(box[3], quad.get(i + 1).asDouble());
        }
        return box[2] > box[0] && box[3] > box[1] ? box : null;
    }

    private static boolean hasDocument(JsonNode snapshot, String frameId) {
        JsonNode strings = snapshot.path("strings");
        for (JsonNode candidate : snapshot.path("documents")) {
            JsonNode frame = candidate.path("frameId");
            if (frameId.equals(frame.isInt() ? strings.path(frame.asInt()).asText(null) : frame.asText(null))) {
                return true;
            }
        }
        return false;
    }

    /** The document identity of the frame with this ID in a frame tree now, or "" when it is not there. */
    private String frameDocument(JsonNode tree, String frameId) {
        java.util.ArrayDeque<JsonNode> pending = new java.util.ArrayDeque<>();
        pending.add(tree.path("frameTree"));
        while (!pending.isEmpty()) {
            JsonNode current = pending.poll();
            JsonNode frame = current.path("frame");
            if (frameId.equals(frame.path("id").asText(""))) {
                return Fingerprints.documentId(
                        config.targetId(), frameId, frame.path("loaderId").asText(""));
            }
            current.path("childFrames").forEach(pending::add);
        }
        return "";
    }

    /**
     * The document's shape (deepest nesting, longest text) and, when names are computed in the page, the names pass,
     * asked in the isolated world in one evaluation ({@link PageFunctions#shapeAndNames}).
     */
    private CompletableFuture<JsonNode> shape(World current) throws ExecutorException {
        return send(
                "Runtime.evaluate",
                channel.params()
                        .put("expression", shapeAndNames)
                        .put("contextId", current.executionContextId())
                        .put("returnByValue", true)
                        .put("silent", true));
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
        noDialog();
        CompletableFuture<JsonNode> frameTree = send("Page.getFrameTree", null);
        CompletableFuture<JsonNode> resolved = send(
                "DOM.resolveNode",
                channel.params()
                        .put("backendNodeId", node.backendNodeId())
                        .put("executionContextId", node.frame().executionContextId()));
        CompletableFuture<JsonNode> metrics = send("Page.getLayoutMetrics", null);
        JsonNode tree = await(frameTree, deadlineAtMs);
        if (!document(tree.path("frameTree").path("frame")).documentId().equals(page.documentId())
                || !frameDocument(tree, node.frame().frameId())
                        .equals(node.frame().documentId())) {
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
        Revealed own = revealed;
        boolean sameViewport = geometry.equals(page.observation().provenance().displayGeometryHash())
                || (own != null
                        && own.observationId().equals(page.observation().observationId())
                        && own.geometryHash().equals(geometry));
        if (semantics == null
                || !sameViewport
                || !Fingerprints.element(
                                node.frame().documentId(), node.backendNodeId(), semantics.role(), semantics.name())
                        .equals(node.fingerprintHash())) {
            throw stale("browser target changed");
        }
        verifyProcess();
        return new LiveNode(objectId, semantics, ElementState.of(matching));
    }

    /**
     * Scrolls the exact observed node into view ({@code DOM.scrollIntoViewIfNeeded}: its scrolling ancestors and the
     * page, as little as needed) and remembers the viewport that left for its observation (see {@link Revealed}).
     * The caller revalidates the node afterwards, as before any effect.
     *
     * @throws ChannelException when the browser did not do it
     */
    void reveal(ObservedPage page, ObservedPage.ObservedNode node, long deadlineAtMs)
            throws ChannelException, ExecutorException {
        channel.command(
                "DOM.scrollIntoViewIfNeeded",
                channel.params().put("backendNodeId", node.backendNodeId()),
                deadlineAtMs);
        String geometry = Fingerprints.viewport(
                viewport(channel.command("Page.getLayoutMetrics", channel.params(), deadlineAtMs)));
        revealed = new Revealed(page.observation().observationId(), geometry);
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

    /**
     * {@link #call} for an effect, which may make the page open a dialog: the page then answers only once the dialog
     * closes, so a dialog opening while the call is pending ends the wait.
     *
     * @throws ChannelException when the call failed or threw
     * @throws DialogOpened     when a dialog opened before the page answered
     */
    JsonNode effectCall(String objectId, String function, long deadlineAtMs, Object... arguments)
            throws ChannelException, DialogOpened {
        long seen = dialogs.opened();
        // the effect is a person's activation: with a user gesture, so a link or button that opens a tab
        // (window.open, target=_blank) does so as it would for that person instead of being blocked as a popup
        CompletableFuture<JsonNode> reply = channel.send(
                "Runtime.callFunctionOn",
                callParams(objectId, function, false, arguments).put("userGesture", true));
        while (!reply.isDone()) {
            try {
                if (dialogs.awaitOpened(seen, 20)) {
                    throw new DialogOpened();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ChannelException(true, "interrupted");
            }
            if (System.currentTimeMillis() >= deadlineAtMs) {
                break;
            }
        }
        return value(DevToolsChannel.await(reply, deadlineAtMs));
    }

    /** A dialog opened while an effect call was pending: the effect ran at least in part. */
    static final class DialogOpened extends Exception {
        private static final long serialVersionUID = 1L;

        DialogOpened() {
            super("browser page opened a dialog", null, false, false);
        }
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

    /**
     * Waits until the root document changes (a DOM mutation seen in the isolated world of its last observation), a
     * new document replaces it, a dialog opens, or {@code quietMs} pass without any of these: what a wait reads the
     * page again on. Nothing of the page leaves it but whether it changed.
     *
     * @return whether something changed ({@code false}: quiet for {@code quietMs}, or the deadline came first)
     */
    boolean awaitChange(long quietMs, long deadlineAtMs) throws ExecutorException {
        verifyProcess();
        World current = world;
        if (current == null || dialogs.open() != null) {
            // never observed, or the page shows a dialog: there is something new to read now
            return true;
        }
        ObjectNode params = channel.params()
                .put("executionContextId", current.executionContextId())
                .put("functionDeclaration", PageFunctions.AWAIT_CHANGE)
                .put("returnByValue", true)
                .put("awaitPromise", true)
                .put("silent", true);
        params.putArray("arguments").addObject().put("value", quietMs);
        JsonNode reply;
        try {
            reply = DevToolsChannel.await(unlessDialog(send("Runtime.callFunctionOn", params)), deadlineAtMs);
        } catch (ChannelException e) {
            // past the deadline nothing is known to have changed; before it, the world went with its document
            return System.currentTimeMillis() < deadlineAtMs;
        }
        return reply == null
                || reply.path("result").path("value").path("changed").asBoolean(true);
    }

    /**
     * Whether the page's document has loaded, as the page says in its own world: {@code document.readyState} is
     * {@code complete} and, unless {@code blank} is the document awaited, the browser's first {@code about:blank} has
     * been replaced (a page started on a URL commits its document a moment after its target appears). A page showing a
     * JavaScript dialog counts as loaded: it answers nothing until the dialog is handled.
     */
    boolean loaded(boolean blank, long deadlineAtMs) throws ExecutorException {
        verifyProcess();
        if (dialogs.open() != null) {
            return true; // the page waits for the dialog, and the dialog is what there is to read
        }
        JsonNode reply = await(
                unlessDialog(send(
                        "Runtime.evaluate",
                        channel.params()
                                .put("expression", "[document.readyState,location.href]")
                                .put("returnByValue", true)
                                .put("silent", true))),
                deadlineAtMs);
        if (reply == null) {
            return true; // a dialog opened while the page was asked
        }
        JsonNode value = reply.path("result").path("value");
        return value.path(0).asText("").equals("complete")
                && (blank || !value.path(1).asText("").equals("about:blank"));
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

    /**
     * The observation of a page whose dialog is open: the dialog alone (role {@code alertdialog}, its message as the
     * name), read from the browser's event without asking the blocked page anything. Its document is the one the
     * dialog belongs to, as last observed.
     */
    private ObservedPage dialogObservation(PageDialogs.Dialog dialog, long deadlineAtMs) throws ExecutorException {
        World current = world;
        String documentId = current == null ? Fingerprints.documentId(config.targetId(), "", "") : current.documentId();
        long observedAtMs = System.currentTimeMillis();
        long observationGeneration = generation.incrementAndGet();
        String observationId =
                Fingerprints.observationId(config.targetId(), documentId, observationGeneration, observedAtMs);
        String elementId = SemanticObservation.opaqueElementId(observationId, "dialog-" + dialog.sequence());
        org.praefectus.api.protocol.SemanticElement element = new org.praefectus.api.protocol.SemanticElement(
                SemanticObservation.tag(0),
                elementId,
                null,
                Fingerprints.dialog(documentId, dialog.sequence(), dialog.type(), dialog.message()),
                "alertdialog",
                dialog.message(),
                null,
                new org.praefectus.api.protocol.Actionability(true, true, true, false, true, false, false));
        long expiresAtMs = Math.min(deadlineAtMs, observedAtMs + SemanticObservation.MAX_AGE_MS);
        if (expiresAtMs <= observedAtMs) {
            throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
        }
        SemanticObservation observation = new SemanticObservation(
                Protocol.PROTOCOL_VERSION,
                observationId,
                observationGeneration,
                new SemanticProvenance(
                        SemanticBackend.DOM,
                        Fingerprints.BACKEND_NAME,
                        config.browserProcessId(),
                        config.processGeneration(),
                        config.targetId(),
                        documentId,
                        Fingerprints.dialogGeometry(dialog.sequence()),
                        java.util.List.of()),
                observedAtMs,
                expiresAtMs,
                false,
                java.util.List.of(element));
        return new ObservedPage(observation, 0, documentId, java.util.Map.of(), dialog, 0, 1, java.util.Map.of());
    }

    /**
     * The page's pixels now, for a coordinate observation or a screenshot.
     *
     * @param documentId   the root frame's document
     * @param geometryHash the visual viewport's hash, as semantic observations carry it
     * @param width        the viewport's width in CSS pixels
     * @param height       its height
     * @param png          the viewport as a PNG
     */
    record Frame(String documentId, String geometryHash, long width, long height, byte[] png) {}

    Frame frame(long deadlineAtMs) throws ExecutorException {
        verifyProcess();
        noDialog();
        CompletableFuture<JsonNode> metrics = send("Page.getLayoutMetrics", null);
        CompletableFuture<JsonNode> shot = send(
                "Page.captureScreenshot", channel.params().put("format", "png").put("captureBeyondViewport", false));
        Document document = document(deadlineAtMs);
        JsonNode viewport = viewport(await(metrics, deadlineAtMs));
        byte[] png;
        try {
            png = java.util.Base64.getDecoder()
                    .decode(awaitLarge(shot, deadlineAtMs).path("data").asText(""));
        } catch (IllegalArgumentException malformed) {
            throw unavailable();
        }
        if (png.length == 0 || !document(deadlineAtMs).equals(document)) {
            throw stale("browser document changed");
        }
        verifyProcess();
        return new Frame(
                document.documentId(),
                Fingerprints.viewport(viewport),
                (long) Math.floor(viewport.path("clientWidth").asDouble(0)),
                (long) Math.floor(viewport.path("clientHeight").asDouble(0)),
                png);
    }

    /** The root frame's current document with its URL (which never leaves the executor but as a hash). */
    record Location(Document document, String url) {}

    Location location(long deadlineAtMs) throws ExecutorException {
        JsonNode tree = await(send("Page.getFrameTree", null), deadlineAtMs);
        JsonNode frame = tree.path("frameTree").path("frame");
        String url = frame.path("url").asText("") + frame.path("urlFragment").asText("");
        return new Location(document(CompletableFuture.completedFuture(tree), deadlineAtMs), url);
    }

    private Document document(CompletableFuture<JsonNode> frameTree, long deadlineAtMs) throws ExecutorException {
        return document(await(frameTree, deadlineAtMs).path("frameTree").path("frame"));
    }

    /** The document of one frame of a frame tree. */
    private Document document(JsonNode frame) throws ExecutorException {
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

    /** The reply, or a refusal as soon as a dialog opens (the blocked page would answer only once it closed). */
    private CompletableFuture<JsonNode> unlessDialog(CompletableFuture<JsonNode> reply) {
        return reply.isDone()
                ? reply
                : reply.applyToEither(dialogs.opening().thenApply(opened -> (JsonNode) null), r -> r);
    }

    private JsonNode await(CompletableFuture<JsonNode> reply, long deadlineAtMs) throws ExecutorException {
        return await(reply, deadlineAtMs, "browser backend operation failed");
    }

    /**
     * The accessibility tree read element by element ({@code Accessibility.getPartialAXTree} of each candidate the
     * snapshot names, pipelined), for a page whose whole tree is too large or deep to read: always truncated.
     */
    private AxTree elementByElement(FrameLayout layout, long deadlineAtMs) throws ExecutorException {
        List<Integer> candidates = AxTree.candidates(layout);
        return AxTree.ofElements(layout, candidates, ownNodes(layout, candidates, AskedNode.NONE, deadlineAtMs));
    }

    /** Each node's own {@code Accessibility.getPartialAXTree} reply, in order, the requests pipelined. */
    private List<JsonNode> ownNodes(FrameLayout layout, List<Integer> nodes, AskedNode asked, long deadlineAtMs)
            throws ExecutorException {
        List<CompletableFuture<JsonNode>> replies = new java.util.ArrayList<>(nodes.size());
        for (int node : nodes) {
            long backendNodeId = layout.backendNodeId(node);
            // the document's node asked in the first batch holds only if it is this snapshot's document node
            CompletableFuture<JsonNode> early = node == 0 ? asked.replyFor(backendNodeId) : null;
            replies.add(early != null ? early : ownNode(backendNodeId));
        }
        List<JsonNode> own = new java.util.ArrayList<>(nodes.size());
        for (CompletableFuture<JsonNode> reply : replies) {
            own.add(await(reply, deadlineAtMs));
        }
        return own;
    }

    /**
     * The frame's tree from the page's own roles and names ({@link InPageNames}), its uncertain nodes read one by one
     * (pipelined); the whole accessibility tree instead when the pass and the snapshot disagree or too many nodes are
     * uncertain.
     */
    private AxTree inPage(FrameLayout layout, String frameId, JsonNode pass, AskedNode documentNode, long deadlineAtMs)
            throws ExecutorException {
        InPageNames names = InPageNames.join(layout, pass); // null also when the pass threw in the page
        List<Integer> uncertain = names == null ? List.of() : names.uncertain();
        if (names == null || uncertain.size() > InPageNames.MAX_UNCERTAIN) {
            inPageFallbacks.incrementAndGet();
            return AxTree.parse(awaitLarge(
                    send("Accessibility.getFullAXTree", channel.params().put("frameId", frameId)), deadlineAtMs));
        }
        inPageUncertain.addAndGet(uncertain.size());
        return names.tree(ownNodes(layout, uncertain, documentNode, deadlineAtMs));
    }

    /** Frames whose in-page reading fell back to the whole accessibility tree, since this session began. */
    int inPageFallbacks() {
        return inPageFallbacks.get();
    }

    /** Nodes the in-page reading left to their own accessibility node, since this session began. */
    int inPageUncertain() {
        return inPageUncertain.get();
    }

    /** A large reply (a snapshot, a whole accessibility tree, a screenshot): its failure says the page is too large. */
    private JsonNode awaitLarge(CompletableFuture<JsonNode> reply, long deadlineAtMs) throws ExecutorException {
        return await(reply, deadlineAtMs, "browser page is too large to observe");
    }

    /**
     * The reply, waited for until the caller's deadline (however long one reply takes within it), or {@code failure}
     * ({@code unavailable}) when the browser failed it; a refusal as soon as a dialog opens.
     */
    private JsonNode await(CompletableFuture<JsonNode> reply, long deadlineAtMs, String failure)
            throws ExecutorException {
        if (System.currentTimeMillis() >= deadlineAtMs) {
            throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
        }
        JsonNode result;
        try {
            result = DevToolsChannel.await(unlessDialog(reply), deadlineAtMs);
        } catch (ChannelException e) {
            if (System.currentTimeMillis() >= deadlineAtMs) {
                throw new ExecutorException(ExecutorFailure.EXPIRED, "observation expired");
            }
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, failure);
        }
        if (result == null) {
            throw stale("browser page has an open dialog");
        }
        return result;
    }

    /** One node's own accessibility node, without its relatives. */
    private CompletableFuture<JsonNode> ownNode(long backendNodeId) throws ExecutorException {
        return send(
                "Accessibility.getPartialAXTree",
                channel.params().put("backendNodeId", backendNodeId).put("fetchRelatives", false));
    }

    /** An accessibility node asked for before the snapshot said which node it is; used only if it is that one. */
    private record AskedNode(long backendNodeId, CompletableFuture<JsonNode> reply) {
        /** Nothing asked in advance. */
        static final AskedNode NONE = new AskedNode(0, null);

        /** The reply asked in advance when it is that node's, otherwise {@code null}. */
        CompletableFuture<JsonNode> replyFor(long node) {
            return node == backendNodeId ? reply : null;
        }
    }

    @SafeVarargs
    private static void drain(CompletableFuture<JsonNode>... replies) {
        // replies still in flight are simply dropped; the channel matches by ID and ignores them
        for (CompletableFuture<JsonNode> reply : replies) {
            if (reply != null) {
                reply.cancel(false);
            }
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
