package org.praefectus.windows.executor;

import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ObservationStore;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;
import org.praefectus.nativecore.DisplayTopology;
import org.praefectus.nativecore.RecordedObservation;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * One window's bounded semantic tree from two cached control-view reads (each one cross-process call): the
 * first gives the elements in depth-first order, the second decides stability. {@code receives_events} is
 * always false: no hit test is made (one more call per element), so it is never claimed.
 */
final class UiaObserver {

    /** Most elements of one Windows observation. */
    static final int MAX_ELEMENTS = 2_048;
    /** Deepest level read below the window. */
    static final int MAX_DEPTH = 64;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final UiaApi uia;
    private final LongSupplier clock;
    private final ObservationStore<RecordedObservation<WindowsWindow, RuntimeIdPath>> store =
            new ObservationStore<>(64);
    private final AtomicLong generations = new AtomicLong();

    UiaObserver(UiaApi uia, LongSupplier clock) {
        this.uia = uia;
        this.clock = clock;
    }

    RecordedObservation<WindowsWindow, RuntimeIdPath> recorded(String observationId) {
        return store.get(observationId).orElse(null);
    }

    private record Visit(UiaNode node, String parentId, int depth) {}

    SemanticObservation observe(
            WindowsWindow window, DisplayTopology topology, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        UiaNode root = uia.tree(window.info().handle(), MAX_ELEMENTS + 1)
                .orElseThrow(() -> new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "window closed"));
        cancellation.checkBoundary(deadlineAtMs);
        Map<String, String> second = new HashMap<>();
        uia.tree(window.info().handle(), MAX_ELEMENTS + 1).ifPresent(again -> fingerprints(again, second, 0));
        cancellation.checkBoundary(deadlineAtMs);
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String observationId = HexFormat.of().formatHex(random);
        List<Visit> visits = new ArrayList<>();
        boolean truncated = false;
        Deque<Visit> pending = new ArrayDeque<>();
        pending.push(new Visit(root, null, 0));
        Map<String, Integer> runtimeIds = new HashMap<>();
        Map<String, Integer> fingerprints = new HashMap<>();
        List<String> ids = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (!pending.isEmpty()) {
            if (visits.size() >= MAX_ELEMENTS) {
                truncated = true;
                break;
            }
            Visit visit = pending.pop();
            String elementId = SemanticObservation.opaqueElementId(
                    observationId, "uia:" + visit.node().runtimeId());
            if (!seen.add(elementId)) {
                // a runtime id seen twice in one tree: the element is ambiguous and kept once
                continue;
            }
            visits.add(visit);
            ids.add(elementId);
            runtimeIds.merge(visit.node().runtimeId(), 1, Integer::sum);
            fingerprints.merge(NodeFacts.fingerprint(visit.node()), 1, Integer::sum);
            List<UiaNode> children = visit.node().children();
            if (!children.isEmpty() && visit.depth() >= MAX_DEPTH) {
                truncated = true;
                continue;
            }
            for (int i = children.size() - 1; i >= 0; i--) {
                pending.push(new Visit(children.get(i), elementId, visit.depth() + 1));
            }
        }
        List<SemanticElement> elements = new ArrayList<>();
        Map<String, RuntimeIdPath> recorded = new HashMap<>();
        for (int i = 0; i < visits.size(); i++) {
            UiaNode node = visits.get(i).node();
            String fingerprint = NodeFacts.fingerprint(node);
            boolean visible = node.bounds() != null && !node.offscreen() && topology.shows(node.bounds());
            Actionability actionability = new Actionability(
                    visible,
                    node.enabled(),
                    fingerprints.get(fingerprint) == 1,
                    fingerprint.equals(second.get(node.runtimeId())),
                    false,
                    node.invokable(),
                    node.valuePattern() && !node.valueReadOnly());
            elements.add(new SemanticElement(
                    SemanticObservation.tag(i),
                    ids.get(i),
                    visits.get(i).parentId(),
                    fingerprint,
                    ControlTypes.role(node.controlType()),
                    NodeFacts.name(node.name()),
                    node.bounds() != null && node.bounds().hasArea() ? node.bounds() : null,
                    actionability));
            recorded.put(ids.get(i), new RuntimeIdPath(node.runtimeId(), fingerprint));
        }
        long now = clock.getAsLong();
        SemanticObservation observation = new SemanticObservation(
                Protocol.PROTOCOL_VERSION,
                observationId,
                generations.incrementAndGet(),
                new SemanticProvenance(
                        SemanticBackend.ACCESSIBILITY,
                        WindowsExecutor.BACKEND_NAME,
                        window.info().processId(),
                        window.processGeneration(),
                        window.windowId(),
                        null,
                        topology.hash(),
                        List.of()),
                now,
                now + SemanticObservation.MAX_AGE_MS,
                truncated,
                elements);
        store.put(observationId, new RecordedObservation<>(observation, window, recorded));
        return observation;
    }

    /** Runtime id → fingerprint of a tree, with the same element bound as the observation. */
    static void fingerprints(UiaNode node, Map<String, String> into, int depth) {
        if (into.size() >= MAX_ELEMENTS || depth > MAX_DEPTH) {
            return;
        }
        into.putIfAbsent(node.runtimeId(), NodeFacts.fingerprint(node));
        for (UiaNode child : node.children()) {
            fingerprints(child, into, depth + 1);
        }
    }

    /** The unique node with a runtime id in a tree, {@code null} when absent; ambiguous when seen twice. */
    static UiaNode find(UiaNode node, String runtimeId, List<UiaNode> found) {
        if (node.runtimeId().equals(runtimeId)) {
            found.add(node);
        }
        for (UiaNode child : node.children()) {
            find(child, runtimeId, found);
        }
        return found.size() == 1 ? found.get(0) : null;
    }
}
