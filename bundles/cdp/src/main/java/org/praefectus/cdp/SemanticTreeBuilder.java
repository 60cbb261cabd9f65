package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * Builds the observation from the root frame's DOM snapshot alone: the document and every laid-out element to which
 * {@link DomSemantics} gives a role becomes one element, tagged {@code e1}, {@code e2}, … in document order, with its
 * nearest selected ancestor as parent (static text and generic containers are left out). Bounds are viewport-relative
 * CSS pixels. Observation-time actionability: visible (styles, box, not {@code aria-hidden}), enabled, unambiguous (no other
 * element with the same role, name and box), receives events (the snapshot's topmost box by paint order at the
 * centre, inside the viewport). Stability is never claimed here: it is proven live before every effect.
 */
final class SemanticTreeBuilder {

    /** The result: elements in tag order, the private nodes, and whether a bound stopped the walk. */
    record Result(List<SemanticElement> elements, Map<String, ObservedPage.ObservedNode> nodes, boolean truncated) {}

    /** Room left for the observation's own fields within {@link SemanticObservation#MAX_SNAPSHOT_BYTES}. */
    private static final int ENVELOPE_BYTES = 4 * 1024;

    private SemanticTreeBuilder() {}

    private record Candidate(String nodeKey, long backendNodeId, AxSemantics semantics, RootFrameLayout.Box box) {}

    static Result build(RootFrameLayout layout, Viewport viewport, String observationId, String documentId) {
        DomNodes dom = layout.dom();
        DomSemantics reading = new DomSemantics(layout);
        List<Candidate> candidates = new ArrayList<>();
        // the nearest selected ancestor of each node, in document order (a parent comes before its children)
        int[] selectedAncestor = new int[dom.size()];
        Map<Integer, String> nodeKeys = new HashMap<>();
        Map<String, String> parents = new HashMap<>();
        for (int node = 0; node < dom.size(); node++) {
            int parent = dom.parent(node);
            int above = parent < 0 ? -1 : nodeKeys.containsKey(parent) ? parent : selectedAncestor[parent];
            selectedAncestor[node] = above;
            // elements that are not laid out (display: none, closed details, …) are not in Chromium's tree either
            if (node != 0 && layout.boxAt(node) == null) {
                continue;
            }
            AxSemantics semantics = reading.of(node);
            if (semantics == null) {
                continue;
            }
            String id = Integer.toString(node);
            nodeKeys.put(node, id);
            if (above >= 0) {
                parents.put(id, nodeKeys.get(above));
            }
            long backendNodeId = dom.backendNodeId(node);
            candidates.add(new Candidate(id, backendNodeId, semantics, layout.box(backendNodeId)));
        }

        Map<String, Integer> sameLook = new HashMap<>();
        for (Candidate candidate : candidates) {
            sameLook.merge(look(candidate), 1, Integer::sum);
        }
        Map<String, String> opaque = new HashMap<>();
        for (Candidate candidate : candidates) {
            opaque.put(
                    candidate.nodeKey(),
                    SemanticObservation.opaqueElementId(observationId, Long.toString(candidate.backendNodeId())));
        }

        List<SemanticElement> elements = new ArrayList<>();
        Map<String, ObservedPage.ObservedNode> nodes = new LinkedHashMap<>();
        long bytes = ENVELOPE_BYTES;
        boolean truncated = false;
        for (Candidate candidate : candidates) {
            if (elements.size() == SemanticObservation.MAX_ELEMENTS) {
                truncated = true;
                break;
            }
            String parent = parents.get(candidate.nodeKey());
            Set<String> walked = new HashSet<>();
            while (parent != null && !opaque.containsKey(parent) && walked.add(parent)) {
                parent = parents.get(parent);
            }
            String parentId = parent == null ? null : opaque.get(parent);
            // an element whose parent was cut off by a bound would break the tree: stop at the first such one
            if (parentId != null && !nodes.containsKey(parentId)) {
                parentId = ancestorKept(parent, parents, opaque, nodes);
            }
            AxSemantics semantics = candidate.semantics();
            RootFrameLayout.Box box = candidate.box();
            String fingerprint =
                    Fingerprints.element(documentId, candidate.backendNodeId(), semantics.role(), semantics.name());
            boolean visible = !semantics.hidden() && box != null && box.visible();
            boolean unambiguous = sameLook.get(look(candidate)) == 1;
            boolean receives =
                    visible && viewport.containsCentre(box) && layout.topmostAtCentre(candidate.backendNodeId());
            Actionability actionability = new Actionability(
                    visible,
                    !semantics.disabled(),
                    unambiguous,
                    false,
                    receives,
                    semantics.invokable(),
                    semantics.editable() && !semantics.disabled());
            SemanticElement element = new SemanticElement(
                    SemanticObservation.tag(elements.size()),
                    opaque.get(candidate.nodeKey()),
                    parentId,
                    fingerprint,
                    semantics.role(),
                    semantics.name(),
                    viewport.rect(box),
                    actionability);
            bytes += estimatedBytes(element);
            if (bytes > SemanticObservation.MAX_SNAPSHOT_BYTES) {
                truncated = true;
                break;
            }
            elements.add(element);
            nodes.put(
                    element.elementId(),
                    new ObservedPage.ObservedNode(
                            candidate.backendNodeId(),
                            semantics,
                            box == null ? Double.NaN : box.x(),
                            box == null ? Double.NaN : box.y(),
                            box == null ? 0 : box.width(),
                            box == null ? 0 : box.height(),
                            unambiguous,
                            fingerprint));
        }
        return new Result(elements, nodes, truncated);
    }

    /**
     * An upper bound of the element's compact JSON size: four hashes, the tag, the bounds, the flags and the field
     * names take under 600 bytes; role and name count six bytes per UTF-16 unit (the longest escape).
     */
    private static long estimatedBytes(SemanticElement element) {
        return 600L
                + 6L
                        * (element.role().length()
                                + (element.name() == null ? 0 : element.name().length()));
    }

    private static String ancestorKept(
            String start,
            Map<String, String> parents,
            Map<String, String> opaque,
            Map<String, ObservedPage.ObservedNode> kept) {
        Set<String> walked = new HashSet<>();
        for (String current = start; current != null && walked.add(current); current = parents.get(current)) {
            String id = opaque.get(current);
            if (id != null && kept.containsKey(id)) {
                return id;
            }
        }
        return null;
    }

    /** Role, name and rounded box: two elements that look the same at the same place are ambiguous. */
    private static String look(Candidate candidate) {
        RootFrameLayout.Box box = candidate.box();
        String where = box == null
                ? "-"
                : Math.round(box.x()) + "," + Math.round(box.y()) + "," + Math.round(box.width()) + ","
                        + Math.round(box.height());
        return candidate.semantics().role() + "\u0000"
                + Objects.toString(candidate.semantics().name(), "") + "\u0000" + where;
    }

    /** The CSS visual viewport of the page: where the document is scrolled and how much of it shows. */
    record Viewport(double pageX, double pageY, double clientWidth, double clientHeight) {

        static Viewport of(JsonNode viewport) {
            double width = viewport.path("clientWidth").asDouble(0);
            double height = viewport.path("clientHeight").asDouble(0);
            if (!(width > 0 && height > 0)) {
                throw new IllegalArgumentException("no viewport");
            }
            return new Viewport(
                    viewport.path("pageX").asDouble(0), viewport.path("pageY").asDouble(0), width, height);
        }

        boolean containsCentre(RootFrameLayout.Box box) {
            double x = box.x() + box.width() / 2 - pageX;
            double y = box.y() + box.height() / 2 - pageY;
            return x >= 0 && y >= 0 && x < clientWidth && y < clientHeight;
        }

        /** The box relative to the viewport, rounded outward; {@code null} without area. */
        Rect rect(RootFrameLayout.Box box) {
            if (box == null || !box.hasArea()) {
                return null;
            }
            long left = (long) Math.floor(box.x() - pageX);
            long top = (long) Math.floor(box.y() - pageY);
            long right = (long) Math.ceil(box.x() + box.width() - pageX);
            long bottom = (long) Math.ceil(box.y() + box.height() - pageY);
            return right > left && bottom > top ? new Rect(left, top, right - left, bottom - top) : null;
        }
    }
}
