package org.praefectus.macos.executor;

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
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;
import org.praefectus.macos.ax.AxApi;
import org.praefectus.macos.ax.AxElement;
import org.praefectus.nativecore.DisplayTopology;
import org.praefectus.nativecore.RecordedObservation;

/**
 * Reads one window's bounded semantic tree: depth-first in {@link AxTraversal} order, at most
 * {@link #MAX_ELEMENTS} elements and {@link #MAX_DEPTH} levels, then every element's facts a second time to
 * decide stability. The observation is remembered so its targets can be fenced.
 */
final class MacObserver {

    /** Most elements of one macOS observation (the reference's bound). */
    static final int MAX_ELEMENTS = 512;
    /** Deepest level read below the window. */
    static final int MAX_DEPTH = 64;
    /** How long an observation lives. */
    static final long LIFETIME_MS = SemanticObservation.MAX_AGE_MS;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final AxApi ax;
    private final AxTraversal traversal;
    private final LongSupplier clock;
    private final ObservationStore<RecordedObservation<MacWindow, ElementPath>> store = new ObservationStore<>(64);
    private final AtomicLong generations = new AtomicLong();

    MacObserver(AxApi ax, LongSupplier clock) {
        this.ax = ax;
        this.traversal = new AxTraversal(ax);
        this.clock = clock;
    }

    AxTraversal traversal() {
        return traversal;
    }

    RecordedObservation<MacWindow, ElementPath> recorded(String observationId) {
        return store.get(observationId).orElse(null);
    }

    private record Node(AxElement element, List<Integer> path, String parentId, int depth) {}

    private record Read(AxElement element, ElementFacts facts, List<Integer> path, String elementId, String parentId) {}

    SemanticObservation observe(
            MacWindow window,
            AxElement axWindow,
            List<String> optIns,
            DisplayTopology topology,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String observationId = HexFormat.of().formatHex(random);
        List<Read> reads = new ArrayList<>();
        boolean truncated = false;
        Deque<Node> pending = new ArrayDeque<>();
        pending.push(new Node(axWindow, List.of(), null, 0));
        while (!pending.isEmpty()) {
            cancellation.checkBoundary(deadlineAtMs);
            if (reads.size() >= MAX_ELEMENTS) {
                truncated = true;
                break;
            }
            Node node = pending.pop();
            String elementId = SemanticObservation.opaqueElementId(
                    observationId, "window:" + window.info().number() + "/" + pathText(node.path()));
            reads.add(new Read(
                    node.element(), ElementFacts.read(ax, node.element()), node.path(), elementId, node.parentId()));
            AxTraversal.Children children = traversal.children(node.element());
            truncated |= children.overBound();
            if (children.elements().isEmpty()) {
                continue;
            }
            if (node.depth() >= MAX_DEPTH) {
                truncated = true;
                continue;
            }
            // pushed in reverse so the first child is read next: the tags follow reading order
            for (int i = children.elements().size() - 1; i >= 0; i--) {
                List<Integer> path = new ArrayList<>(node.path());
                path.add(i);
                pending.push(new Node(children.elements().get(i), path, elementId, node.depth() + 1));
            }
        }
        Map<String, Integer> fingerprintCounts = new HashMap<>();
        for (Read read : reads) {
            fingerprintCounts.merge(read.facts().fingerprint(), 1, Integer::sum);
        }
        List<SemanticElement> elements = new ArrayList<>();
        Map<String, ElementPath> recorded = new HashMap<>();
        for (int i = 0; i < reads.size(); i++) {
            cancellation.checkBoundary(deadlineAtMs);
            Read read = reads.get(i);
            ElementFacts facts = read.facts();
            String fingerprint = facts.fingerprint();
            boolean stable = ElementFacts.read(ax, read.element()).fingerprint().equals(fingerprint);
            boolean visible = facts.bounds() != null && !facts.hidden() && topology.shows(facts.bounds());
            Actionability actionability = new Actionability(
                    visible,
                    facts.enabled(),
                    fingerprintCounts.get(fingerprint) == 1,
                    stable,
                    visible && receivesEvents(read.element(), facts.bounds()),
                    facts.invokable(),
                    facts.valueSettable());
            elements.add(new SemanticElement(
                    SemanticObservation.tag(i),
                    read.elementId(),
                    read.parentId(),
                    fingerprint,
                    facts.role(),
                    facts.name(),
                    facts.bounds(),
                    actionability));
            recorded.put(read.elementId(), new ElementPath(read.path(), fingerprint));
        }
        // a permission withdrawn mid-walk makes every later read fail as if absent: a partial tree is no observation
        if (!ax.trusted()) {
            throw new ExecutorException(
                    ExecutorFailure.UNAVAILABLE, "accessibility was withdrawn while the window was read");
        }
        long now = clock.getAsLong();
        SemanticProvenance provenance = new SemanticProvenance(
                SemanticBackend.ACCESSIBILITY,
                MacExecutor.BACKEND_NAME,
                window.info().processId(),
                window.processGeneration(),
                window.windowId(),
                null,
                topology.hash(),
                optIns);
        SemanticObservation observation = new SemanticObservation(
                Protocol.PROTOCOL_VERSION,
                observationId,
                generations.incrementAndGet(),
                provenance,
                now,
                now + LIFETIME_MS,
                truncated,
                elements);
        store.put(observationId, new RecordedObservation<>(observation, window, recorded));
        return observation;
    }

    /** Whether a system-wide hit test at the centre reaches this very element (across applications). */
    private boolean receivesEvents(AxElement element, Rect bounds) {
        AxElement hit = ax.elementAt(bounds.x() + bounds.width() / 2.0, bounds.y() + bounds.height() / 2.0);
        return hit != null && ax.same(hit, element);
    }

    static String pathText(List<Integer> path) {
        StringBuilder text = new StringBuilder();
        for (int index : path) {
            if (text.length() > 0) {
                text.append('.');
            }
            text.append(index);
        }
        return text.toString();
    }
}
