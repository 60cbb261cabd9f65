package org.praefectus.workflow.graph;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphInvalidation;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphSnapshot;

/**
 * What an event invalidates, by PeekabooX's rules: the nodes it names (a bare id tried as a window or an element as
 * the event's kind suggests) with everything a named window contains; without a target, every window for a focus
 * event and every node otherwise.
 */
final class Invalidations {

    private Invalidations() {}

    static GraphInvalidation of(GraphSnapshot latest, DesktopEvent event) {
        return new GraphInvalidation(
                event,
                latest == null ? null : latest.id(),
                latest == null ? List.of() : affected(latest, event),
                event.source() + ":" + event.kind(),
                true);
    }

    /** Whether {@code latest} holds a node the event names (an AT-SPI change of something never ingested does not). */
    static boolean touches(GraphSnapshot latest, DesktopEvent event) {
        return latest != null
                && event.targetId() != null
                && !named(latest, event).isEmpty();
    }

    private static List<String> affected(GraphSnapshot snapshot, DesktopEvent event) {
        if (event.targetId() != null) {
            Set<String> affected = named(snapshot, event);
            for (String id : List.copyOf(affected)) {
                affected.addAll(GraphQueries.containedBy(snapshot, id));
            }
            List<String> ordered = new ArrayList<>();
            for (GraphNode node : snapshot.nodes()) {
                if (affected.contains(node.id())) {
                    ordered.add(node.id());
                }
            }
            return ordered;
        }
        boolean focus = event.kind().toLowerCase(Locale.ROOT).contains("focus");
        return snapshot.nodes().stream()
                .filter(node -> !focus || node.kind().equals(SnapshotBuilder.WINDOW))
                .map(GraphNode::id)
                .toList();
    }

    private static Set<String> named(GraphSnapshot snapshot, DesktopEvent event) {
        Set<String> candidates = new LinkedHashSet<>();
        String target = event.targetId();
        if (target.startsWith("window:") || target.startsWith("element:") || target.startsWith("snapshot:")) {
            candidates.add(target);
        } else {
            String kind = event.kind().toLowerCase(Locale.ROOT);
            candidates.add(target);
            if (kind.contains("window") || kind.contains("focus")) {
                candidates.add(SnapshotBuilder.windowNodeId(target));
            }
            if (kind.contains("element") || kind.contains("accessibility") || kind.contains("object")) {
                candidates.add(SnapshotBuilder.elementNodeId(target));
            }
            if (candidates.size() == 1) {
                candidates.add(SnapshotBuilder.windowNodeId(target));
                candidates.add(SnapshotBuilder.elementNodeId(target));
            }
        }
        Set<String> present = new LinkedHashSet<>();
        for (GraphNode node : snapshot.nodes()) {
            if (candidates.contains(node.id())) {
                present.add(node.id());
            }
        }
        for (GraphEdge edge : snapshot.edges()) {
            if (candidates.contains(edge.source()) && !edge.kind().equals("contains")) {
                present.add(edge.source());
            }
        }
        return present;
    }
}
