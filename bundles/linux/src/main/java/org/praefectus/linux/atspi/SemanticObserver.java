package org.praefectus.linux.atspi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ObservationStore;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolViolation;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.linux.proc.ProcessGeneration;

/**
 * Turns one accessible window into a bounded {@link SemanticObservation}: breadth-first over the cached
 * tree (at most {@value SemanticObservation#MAX_ELEMENTS} elements, depth {@value #MAX_DEPTH}), extents
 * and actions in one pipelined wave, and a second read of the application's cache to decide which
 * elements were stable. The backend side of every element is kept in the {@link ObservationStore}. A
 * surface observed before is observed over its application's own socket when it has one
 * ({@link AtspiBus#preferPeer}).
 */
public final class SemanticObserver {

    static final int MAX_DEPTH = 64;

    private final AtspiDesktop desktop;
    private final ObservationStore<StoredSnapshot> store;
    private final AtomicLong generations = new AtomicLong();
    private final SurfacePlans plans = new SurfacePlans();

    public SemanticObserver(AtspiDesktop desktop, ObservationStore<StoredSnapshot> store) {
        this.desktop = desktop;
        this.store = store;
    }

    /**
     * Observes one window.
     *
     * @param listed              the surface, from a listing made just before (which reads no rows or cells)
     * @param displayGeometryHash the display topology the observation is bound to
     * @throws ExecutorException stale when the window or its process changed while observed
     */
    public SemanticObservation observe(
            SurfaceWindow listed, String displayGeometryHash, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        // a listing reads no rows or cells: an observation is what needs them
        ApplicationTree tree = desktop.withManagedDescendants(listed.application(), cancellation, deadlineAtMs);
        SurfaceWindow window = listed.in(tree);
        Traversal traversal = breadthFirst(tree, window.node());
        // the second read of the tree travels in the same wave as the extents and actions
        PendingDetails pending = desktop.requestDetails(traversal.nodes(), true);
        AtspiDesktop.PendingTree second = desktop.request(tree.busName());
        Map<AtspiObject, NodeDetails> details = pending.collect(traversal.nodes(), cancellation, deadlineAtMs)
                .orElseThrow(() -> new IllegalStateException("details were requested for these nodes"));
        return build(window, traversal, details, second, displayGeometryHash, cancellation, deadlineAtMs);
    }

    /**
     * Observes a surface this observer has observed before, in one wave to its own application: the tree,
     * the details the last observation needed, and the tree again, which the application answers in that
     * order. When the window's shape changed, the details it now needs and a third read of the tree follow.
     *
     * @return empty when the surface is unknown here, or no longer the same window: the caller lists the
     *         desktop instead
     */
    public Optional<SemanticObservation> observeKnown(
            SurfaceRef surface, String displayGeometryHash, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        Optional<SurfacePlans.Plan> plan = plans.get(surface.id());
        if (plan.isEmpty()) {
            return Optional.empty();
        }
        AtspiObject windowObject = plan.get().window();
        // a window observed again and again: its application is worth a connection of its own, made in the
        // background and used from the first wave after it is made
        // not awaited: this wave keeps to the route it has, a connection made meanwhile serves the next ones
        var unused = desktop.bus().preferPeer(windowObject.busName(), plan.get().processId());
        AtspiDesktop.PendingTree first = desktop.request(windowObject.busName());
        PendingDetails predicted = desktop.requestDetails(plan.get().nodes(), true);
        AtspiDesktop.PendingTree second = desktop.request(windowObject.busName());
        Optional<ApplicationTree> tree = first.collectWithManagedDescendants(cancellation, deadlineAtMs);
        AccessibleNode windowNode =
                tree.map(live -> live.nodes().get(windowObject)).orElse(null);
        if (windowNode == null
                || !windowNode.state().visible()
                || !tree.get().topLevels().contains(windowNode)) {
            plans.remove(surface.id());
            return Optional.empty();
        }
        Traversal traversal = breadthFirst(tree.get(), windowNode);
        Optional<Map<AtspiObject, NodeDetails>> details =
                predicted.collect(traversal.nodes(), cancellation, deadlineAtMs);
        if (details.isEmpty()) {
            PendingDetails needed = desktop.requestDetails(traversal.nodes(), true);
            second = desktop.request(windowObject.busName());
            details = needed.collect(traversal.nodes(), cancellation, deadlineAtMs);
        }
        Map<AtspiObject, NodeDetails> read =
                details.orElseThrow(() -> new IllegalStateException("details were requested for these nodes"));
        SurfaceWindow window = SurfaceWindow.of(
                tree.get(),
                windowNode,
                desktop.roleName(windowNode.roleCode()),
                read.get(windowObject).bounds());
        if (!window.descriptor(displayGeometryHash).surface().equals(surface)) {
            plans.remove(surface.id());
            return Optional.empty();
        }
        return Optional.of(build(window, traversal, read, second, displayGeometryHash, cancellation, deadlineAtMs));
    }

    /** The observation from a traversal, its details and the tree read after them (stability). */
    private SemanticObservation build(
            SurfaceWindow window,
            Traversal traversal,
            Map<AtspiObject, NodeDetails> details,
            AtspiDesktop.PendingTree second,
            String displayGeometryHash,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        ApplicationTree tree = window.application();
        ApplicationTree again = second.collectWithManagedDescendants(cancellation, deadlineAtMs)
                .orElseThrow(() -> stale("target process changed"));
        if (again.processId() != tree.processId()
                || !again.processGeneration().equals(tree.processGeneration())
                || !window.node().equals(again.nodes().get(window.node().object()))) {
            throw stale("target window changed");
        }

        long generation = generations.incrementAndGet();
        long observedAtMs = System.currentTimeMillis();
        String observationId = observationId(window, generation, observedAtMs, displayGeometryHash);
        List<SemanticElement> elements = new ArrayList<>();
        Map<String, StoredSnapshot.StoredTarget> targets = new HashMap<>();
        Map<AtspiObject, String> elementIds = new HashMap<>();
        for (AccessibleNode node : traversal.nodes()) {
            NodeDetails nodeDetails = details.get(node.object());
            String elementId = SemanticObservation.opaqueElementId(
                    observationId, node.object().id());
            elementIds.put(node.object(), elementId);
            String roleName = desktop.roleName(node.roleCode());
            boolean stable = node.equals(again.nodes().get(node.object()));
            int invoke = nodeDetails.invokeAction(node).orElse(-1);
            Actionability actionability = new Actionability(
                    node.state().visible(), node.state().enabled(), true, stable, false, invoke >= 0, node.settable());
            AtspiObject parent = traversal.parents().get(node.object());
            elements.add(new SemanticElement(
                    SemanticObservation.tag(elements.size()),
                    elementId,
                    parent == null ? null : elementIds.get(parent),
                    Identities.elementFingerprint(node, roleName, nodeDetails),
                    BoundedText.of(roleName, 128),
                    BoundedText.of(node.name(), 1_024),
                    nodeDetails.bounds(),
                    actionability));
            targets.put(elementId, new StoredSnapshot.StoredTarget(node.object(), invoke));
        }
        SemanticProvenance provenance = new SemanticProvenance(
                SemanticBackend.ACCESSIBILITY,
                Identities.BACKEND,
                tree.processId(),
                tree.processGeneration(),
                window.windowId(),
                null,
                displayGeometryHash,
                List.of());
        SemanticObservation observation =
                bounded(observationId, generation, provenance, observedAtMs, traversal.truncated(), elements);
        store.put(observation.observationId(), new StoredSnapshot(observation, targets, window));
        plans.put(
                window.descriptor(displayGeometryHash).surface().id(),
                new SurfacePlans.Plan(window.node().object(), tree.processId(), traversal.nodes()));
        return observation;
    }

    /** The objects of one window in breadth-first order, each one's parent, and whether a bound cut it short. */
    private record Traversal(List<AccessibleNode> nodes, Map<AtspiObject, AtspiObject> parents, boolean truncated) {}

    private static Traversal breadthFirst(ApplicationTree tree, AccessibleNode window) {
        List<AccessibleNode> nodes = new ArrayList<>();
        Map<AtspiObject, AtspiObject> parents = new HashMap<>();
        boolean truncated = breadthFirst(tree, window, nodes, parents);
        return new Traversal(nodes, parents, truncated);
    }

    /** Breadth-first from the window; returns whether a bound cut the traversal short. */
    private static boolean breadthFirst(
            ApplicationTree tree,
            AccessibleNode window,
            List<AccessibleNode> nodes,
            Map<AtspiObject, AtspiObject> parents) {
        Deque<AccessibleNode> queue = new ArrayDeque<>();
        Map<AtspiObject, Integer> depths = new HashMap<>();
        queue.add(window);
        depths.put(window.object(), 0);
        boolean truncated = false;
        while (!queue.isEmpty()) {
            AccessibleNode node = queue.poll();
            if (nodes.size() == SemanticObservation.MAX_ELEMENTS) {
                return true;
            }
            nodes.add(node);
            int depth = depths.get(node.object());
            for (AtspiObject child : tree.childrenOf(node.object())) {
                AccessibleNode childNode = tree.nodes().get(child);
                if (childNode == null || depths.containsKey(child)) {
                    continue;
                }
                if (depth == MAX_DEPTH) {
                    truncated = true;
                    continue;
                }
                depths.put(child, depth + 1);
                parents.put(child, node.object());
                queue.add(childNode);
            }
        }
        return truncated;
    }

    /** The observation, with trailing elements dropped (and {@code truncated} set) if it exceeds 2 MiB. */
    private static SemanticObservation bounded(
            String observationId,
            long generation,
            SemanticProvenance provenance,
            long observedAtMs,
            boolean truncated,
            List<SemanticElement> elements) {
        List<SemanticElement> kept = elements;
        boolean cut = truncated;
        while (true) {
            try {
                return new SemanticObservation(
                        Protocol.PROTOCOL_VERSION,
                        observationId,
                        generation,
                        provenance,
                        observedAtMs,
                        observedAtMs + SemanticObservation.MAX_AGE_MS,
                        cut,
                        kept);
            } catch (ProtocolViolation tooLarge) {
                if (kept.size() <= 1) {
                    throw tooLarge;
                }
                // breadth-first order keeps every parent before its children, so a prefix is a valid tree
                kept = kept.subList(0, kept.size() / 2);
                cut = true;
            }
        }
    }

    private static String observationId(
            SurfaceWindow window, long generation, long observedAtMs, String displayGeometryHash) {
        long observer = ProcessHandle.current().pid();
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(Identities.BACKEND),
                JsonValue.JsonNumber.of(generation),
                JsonValue.JsonNumber.of(observedAtMs),
                JsonValue.JsonNumber.of(observer),
                new JsonValue.JsonString(ProcessGeneration.ofThisProcess().orElse("unknown")),
                JsonValue.JsonNumber.of(window.application().processId()),
                new JsonValue.JsonString(window.application().processGeneration()),
                new JsonValue.JsonString(window.node().object().id()),
                new JsonValue.JsonString(window.fingerprintHash()),
                new JsonValue.JsonString(displayGeometryHash))));
    }

    static ExecutorException stale(String message) {
        return new ExecutorException(ExecutorFailure.STALE_TARGET, message);
    }
}
