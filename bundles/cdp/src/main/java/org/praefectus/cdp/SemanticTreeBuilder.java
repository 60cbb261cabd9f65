package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
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
 * Builds the observation from what Chromium's accessibility tree says (roles, names, states; {@link AxTree}) joined
 * with the root frame's DOM snapshot (boxes, styles, paint order; {@link RootFrameLayout}). Every reported
 * accessibility node of the root frame that is laid out becomes one element, tagged {@code e1}, {@code e2}, … in
 * document order, with its nearest reported ancestor as parent. Bounds are viewport-relative CSS pixels.
 * Observation-time actionability: visible (styles, box), enabled, unambiguous (no other element with the same role,
 * name and box), receives events (the snapshot's topmost box by paint order at the centre of the part its ancestors'
 * clipping leaves visible, inside the viewport). Stability is never claimed here: it is proven live before every
 * effect.
 *
 * <p>When the protocol's bounds (elements, bytes) cannot hold everything, interactive elements are kept first, then
 * headings, landmarks and dialogs, then the rest, each in document order; the observation is marked truncated.
 */
final class SemanticTreeBuilder {

    /** The result: elements in tag order, the private nodes, and whether a bound stopped the walk. */
    record Result(List<SemanticElement> elements, Map<String, ObservedPage.ObservedNode> nodes, boolean truncated) {}

    /** Room left for the observation's own fields within {@link SemanticObservation#MAX_SNAPSHOT_BYTES}. */
    private static final int ENVELOPE_BYTES = 4 * 1024;

    private static final Set<String> STRUCTURE = Set.of(
            "heading",
            "banner",
            "complementary",
            "contentinfo",
            "form",
            "main",
            "navigation",
            "region",
            "search",
            "dialog",
            "alertdialog",
            "alert",
            "status",
            "table",
            "list",
            "listbox",
            "menu",
            "menubar",
            "tablist",
            "tree",
            "grid",
            "radiogroup",
            "toolbar");

    private SemanticTreeBuilder() {}

    private record Candidate(AxTree.Entry entry, int node, RootFrameLayout.Box box, int priority) {}

    static Result build(
            RootFrameLayout layout, AxTree tree, Viewport viewport, String observationId, String documentId) {
        DomNodes dom = layout.dom();
        List<AxTree.Entry> entries = tree.entries();
        // candidate index per entry; -1 when the entry is not part of the root frame's laid-out document
        int[] candidateOf = new int[entries.size()];
        List<Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            AxTree.Entry entry = entries.get(i);
            int node = layout.nodeIndex(entry.backendNodeId());
            candidateOf[i] = -1;
            // the document itself has no box; everything else that is not laid out is not shown
            if (node < 0 || node != 0 && layout.boxAt(node) == null) {
                continue;
            }
            candidateOf[i] = candidates.size();
            candidates.add(new Candidate(entry, node, layout.boxAt(node), priority(entry.semantics(), node)));
        }

        boolean truncated = tree.truncated();
        boolean[] kept = new boolean[candidates.size()];
        long bytes = ENVELOPE_BYTES;
        int count = 0;
        for (int priority = 0; priority <= 2; priority++) {
            for (int c = 0; c < candidates.size(); c++) {
                Candidate candidate = candidates.get(c);
                if (candidate.priority() != priority) {
                    continue;
                }
                long size = estimatedBytes(candidate.entry().semantics());
                if (count == SemanticObservation.MAX_ELEMENTS
                        || bytes + size > SemanticObservation.MAX_SNAPSHOT_BYTES) {
                    truncated = true;
                    continue;
                }
                kept[c] = true;
                bytes += size;
                count++;
            }
        }

        Map<String, Integer> sameLook = new HashMap<>();
        for (int c = 0; c < candidates.size(); c++) {
            if (kept[c]) {
                sameLook.merge(look(candidates.get(c)), 1, Integer::sum);
            }
        }
        List<SemanticElement> elements = new ArrayList<>(count);
        Map<String, ObservedPage.ObservedNode> nodes = new LinkedHashMap<>();
        String[] opaqueOf = new String[candidates.size()];
        for (int c = 0; c < candidates.size(); c++) {
            if (!kept[c]) {
                continue;
            }
            Candidate candidate = candidates.get(c);
            AxTree.Entry entry = candidate.entry();
            AxSemantics semantics = entry.semantics();
            String opaque = SemanticObservation.opaqueElementId(observationId, Long.toString(entry.backendNodeId()));
            opaqueOf[c] = opaque;
            String parentId = null;
            for (int up = entry.parent(); up >= 0; up = entries.get(up).parent()) {
                int parentCandidate = candidateOf[up];
                if (parentCandidate >= 0 && kept[parentCandidate]) {
                    parentId = opaqueOf[parentCandidate];
                    break;
                }
            }
            RootFrameLayout.Box box = candidate.box();
            String fingerprint =
                    Fingerprints.element(documentId, entry.backendNodeId(), semantics.role(), semantics.name());
            boolean visible = !semantics.hidden() && box != null && box.visible();
            double[] shown = visible ? layout.visibleRect(candidate.node()) : null;
            boolean unambiguous = sameLook.get(look(candidate)) == 1;
            boolean receives =
                    shown != null && viewport.containsCentre(shown) && layout.topmostAtCentre(candidate.node());
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
                    opaque,
                    parentId,
                    fingerprint,
                    semantics.role(),
                    semantics.name(),
                    viewport.rect(box),
                    actionability);
            elements.add(element);
            nodes.put(
                    opaque,
                    new ObservedPage.ObservedNode(
                            entry.backendNodeId(),
                            semantics,
                            box == null ? Double.NaN : box.x(),
                            box == null ? Double.NaN : box.y(),
                            box == null ? 0 : box.width(),
                            box == null ? 0 : box.height(),
                            unambiguous,
                            fingerprint,
                            entry.states(),
                            FieldValue.of(dom, candidate.node(), entry, semantics),
                            dom.name(candidate.node()).equals("INPUT")
                                    && "file".equalsIgnoreCase(dom.attribute(candidate.node(), "type"))));
        }
        return new Result(elements, nodes, truncated);
    }

    /** 0: the document and what can be acted on; 1: headings, landmarks, dialogs, containers; 2: the rest. */
    private static int priority(AxSemantics semantics, int node) {
        if (node == 0
                || semantics.invokable()
                || semantics.editable()
                || semantics.role().equals("combobox")) {
            return 0;
        }
        return STRUCTURE.contains(semantics.role()) ? 1 : 2;
    }

    /**
     * An upper bound of the element's compact JSON size: four hashes, the tag, the bounds, the flags and the field
     * names take under 600 bytes; role and name count six bytes per UTF-16 unit (the longest escape).
     */
    private static long estimatedBytes(AxSemantics semantics) {
        return 600L
                + 6L
                        * (semantics.role().length()
                                + (semantics.name() == null
                                        ? 0
                                        : semantics.name().length()));
    }

    /** Role, name and rounded box: two elements that look the same at the same place are ambiguous. */
    private static String look(Candidate candidate) {
        RootFrameLayout.Box box = candidate.box();
        String where = box == null
                ? "-"
                : Math.round(box.x()) + "," + Math.round(box.y()) + "," + Math.round(box.width()) + ","
                        + Math.round(box.height());
        AxSemantics semantics = candidate.entry().semantics();
        return semantics.role() + "\u0000" + Objects.toString(semantics.name(), "") + "\u0000" + where;
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

        /** Whether the centre of a document rectangle (left, top, right, bottom) lies inside the viewport. */
        boolean containsCentre(double[] rect) {
            double x = (rect[0] + rect[2]) / 2 - pageX;
            double y = (rect[1] + rect[3]) / 2 - pageY;
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
