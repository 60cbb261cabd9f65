package org.praefectus.cdp;

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
 * with each observed frame's DOM snapshot (boxes, styles, paint order; {@link FrameLayout}). Every reported
 * accessibility node that is laid out becomes one element, tagged {@code e1}, {@code e2}, … in document order (a
 * same-origin child frame's elements right after its {@code <iframe>}, as its children), with its nearest reported
 * ancestor as parent. Bounds are viewport-relative CSS pixels.
 * Observation-time actionability: visible (styles, box), enabled, unambiguous (no other element with the same role,
 * name and box), receives events (the snapshot's topmost box by paint order at the centre of the part its ancestors'
 * clipping leaves visible, inside the viewport and its frame's part of it, and for a child frame its {@code <iframe>}
 * topmost in the parent at that point). Stability is never claimed here: it is proven live before every
 * effect.
 *
 * <p>When the protocol's bounds (elements, bytes) cannot hold everything, the elements are split into parts:
 * interactive elements fill the first part first, then headings, landmarks and dialogs, then the rest, each in document order, a
 * new part beginning whenever a bound is reached. Every part holds the root document too and is marked truncated; one
 * part is observed at a time, and together the parts hold every element.
 */
final class SemanticTreeBuilder {

    /**
     * The result: elements in tag order, the private nodes, whether a bound left something out, and how many parts
     * the page's elements take (1 when one observation holds them all).
     */
    record Result(
            List<SemanticElement> elements,
            Map<String, ObservedPage.ObservedNode> nodes,
            boolean truncated,
            int parts) {}

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

    private record Candidate(
            AxTree.Entry entry, int placed, ObservedFrame frame, int node, FrameLayout.Box box, int priority) {}

    /** An accessibility entry in the page's order: its frame, and the index of its nearest reported ancestor. */
    private record Placed(AxTree.Entry entry, ObservedFrame frame, int parent) {}

    static Result build(List<ObservedFrame> frames, String observationId, int part) {
        List<Placed> placed = new ArrayList<>();
        place(frames, frames.get(0), -1, placed);
        // candidate index per entry; -1 when the entry is not part of its frame's laid-out document
        int[] candidateOf = new int[placed.size()];
        List<Candidate> candidates = new ArrayList<>();
        boolean truncated = false;
        for (ObservedFrame frame : frames) {
            truncated |= frame.tree().truncated();
        }
        for (int i = 0; i < placed.size(); i++) {
            AxTree.Entry entry = placed.get(i).entry();
            ObservedFrame frame = placed.get(i).frame();
            int node = frame.layout().nodeIndex(entry.backendNodeId());
            candidateOf[i] = -1;
            // a document itself has no box; everything else that is not laid out is not shown; text its element's
            // name already says is shown only when hidden from the eye (that part of the name is then marked)
            if (node < 0
                    || (node != 0 && frame.layout().boxAt(node) == null)
                    || (entry.repeated() && !frame.layout().concealed(node))) {
                continue;
            }
            candidateOf[i] = candidates.size();
            candidates.add(new Candidate(
                    entry, i, frame, node, frame.layout().boxAt(node), priority(entry.semantics(), node, frame)));
        }

        // the parts: filled in the order of priority (each in document order) until a bound is reached, then the
        // next part begins; the root document is in every part, so each part is a whole tree of its own
        int root = -1;
        for (int c = 0; c < candidates.size() && root < 0; c++) {
            if (candidates.get(c).node() == 0 && candidates.get(c).frame().parent() < 0) {
                root = c;
            }
        }
        long rootBytes =
                root < 0 ? 0 : estimatedBytes(candidates.get(root).entry().semantics());
        int[] partOf = new int[candidates.size()];
        int parts = 1;
        long bytes = ENVELOPE_BYTES + rootBytes;
        int count = root < 0 ? 0 : 1;
        for (int priority = 0; priority <= 2; priority++) {
            for (int c = 0; c < candidates.size(); c++) {
                Candidate candidate = candidates.get(c);
                if (candidate.priority() != priority || c == root) {
                    continue;
                }
                long size = estimatedBytes(candidate.entry().semantics());
                if (count == SemanticObservation.MAX_ELEMENTS
                        || bytes + size > SemanticObservation.MAX_SNAPSHOT_BYTES) {
                    parts++;
                    bytes = ENVELOPE_BYTES + rootBytes;
                    count = root < 0 ? 0 : 1;
                }
                partOf[c] = parts - 1;
                bytes += size;
                count++;
            }
        }
        truncated |= parts > 1;
        boolean[] kept = new boolean[candidates.size()];
        count = 0;
        for (int c = 0; c < candidates.size(); c++) {
            kept[c] = c == root || (partOf[c] == part && part < parts);
            count += kept[c] ? 1 : 0;
        }

        Map<String, Integer> sameLook = new HashMap<>();
        Map<String, Integer> sameName = new HashMap<>();
        for (int c = 0; c < candidates.size(); c++) {
            if (kept[c]) {
                sameLook.merge(look(candidates.get(c)), 1, Integer::sum);
                sameName.merge(named(candidates.get(c).entry().semantics()), 1, Integer::sum);
            }
        }
        TableRows rows = TableRows.of(
                placed.stream().map(Placed::entry).toList(),
                placed.stream().mapToInt(Placed::parent).toArray());
        List<SemanticElement> elements = new ArrayList<>(count);
        Map<String, ObservedPage.ObservedNode> nodes = new LinkedHashMap<>();
        String[] opaqueOf = new String[candidates.size()];
        for (int c = 0; c < candidates.size(); c++) {
            if (!kept[c]) {
                continue;
            }
            Candidate candidate = candidates.get(c);
            AxTree.Entry entry = candidate.entry();
            ObservedFrame frame = candidate.frame();
            FrameLayout layout = frame.layout();
            AxSemantics semantics = entry.semantics();
            String opaque = SemanticObservation.opaqueElementId(observationId, Long.toString(entry.backendNodeId()));
            opaqueOf[c] = opaque;
            String parentId = null;
            for (int up = placed.get(candidate.placed()).parent();
                    up >= 0;
                    up = placed.get(up).parent()) {
                int parentCandidate = candidateOf[up];
                if (parentCandidate >= 0 && kept[parentCandidate]) {
                    parentId = opaqueOf[parentCandidate];
                    break;
                }
            }
            FrameLayout.Box box = candidate.box();
            String fingerprint = Fingerprints.element(
                    frame.ref().documentId(), entry.backendNodeId(), semantics.role(), semantics.name());
            boolean visible =
                    !semantics.hidden() && box != null && box.visible() && !layout.concealed(candidate.node());
            double[] shown = visible ? layout.visibleRect(candidate.node()) : null;
            boolean unambiguous = sameLook.get(look(candidate)) == 1;
            // outside the viewport (or scrolled out of an ancestor's view): an effect brings it into view first
            boolean offscreen = visible && (shown == null || !frame.view().containsCentre(shown));
            boolean receives = !offscreen
                    && shown != null
                    && layout.topmostAtCentre(candidate.node())
                    && ownersReceive(frames, frame, shown);
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
                    frame.view().rect(box),
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
                            FieldValue.of(layout.dom(), candidate.node(), entry, semantics),
                            layout.dom().name(candidate.node()).equals("INPUT")
                                    && "file".equalsIgnoreCase(layout.dom().attribute(candidate.node(), "type")),
                            offscreen,
                            frame.ref(),
                            (semantics.invokable() || semantics.editable()) && sameName.get(named(semantics)) > 1
                                    ? rows.label(candidate.placed(), semantics.name())
                                    : null));
        }
        return new Result(elements, nodes, truncated, parts);
    }

    /**
     * The frame's entries in document order, each child frame's right after the element that shows it (its
     * {@code <iframe>}, whose accessibility node has no children of its own in the parent's tree). Recursion is
     * bounded by the number of frames observed.
     */
    private static void place(List<ObservedFrame> frames, ObservedFrame frame, int parent, List<Placed> out) {
        List<AxTree.Entry> entries = frame.tree().entries();
        int[] placedOf = new int[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            AxTree.Entry entry = entries.get(i);
            placedOf[i] = out.size();
            out.add(new Placed(entry, frame, entry.parent() >= 0 ? placedOf[entry.parent()] : parent));
            for (ObservedFrame child : frames) {
                if (child.parent() == frame.ref().index() && child.owner() == entry.backendNodeId()) {
                    place(frames, child, placedOf[i], out);
                }
            }
        }
    }

    /**
     * Whether each element showing the frame (its {@code <iframe>}, that one's own frame's, up to the root) is the
     * topmost box at the centre of the shown rectangle: a frame covered in its parent gets no events there.
     */
    private static boolean ownersReceive(List<ObservedFrame> frames, ObservedFrame frame, double[] shown) {
        double x = (shown[0] + shown[2]) / 2 + frame.view().originX();
        double y = (shown[1] + shown[3]) / 2 + frame.view().originY();
        for (ObservedFrame current = frame; current.parent() >= 0; ) {
            ObservedFrame parent = frames.get(current.parent());
            FrameLayout layout = parent.layout();
            if (!layout.topmostAt(
                    layout.nodeIndex(current.owner()),
                    x - parent.view().originX(),
                    y - parent.view().originY())) {
                return false;
            }
            current = parent;
        }
        return true;
    }

    /** 0: the document and what can be acted on; 1: headings, landmarks, dialogs, containers; 2: the rest. */
    private static int priority(AxSemantics semantics, int node, ObservedFrame frame) {
        if ((node == 0 && frame.parent() < 0)
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

    /** Role and name: controls that read the same (a table's "Edit" buttons) are told apart by their row. */
    private static String named(AxSemantics semantics) {
        return semantics.role() + "\u0000" + Objects.toString(semantics.name(), "");
    }

    /** Role, name and rounded box: two elements that look the same at the same place are ambiguous. */
    private static String look(Candidate candidate) {
        Rect box = candidate.frame().view().rect(candidate.box());
        String where = box == null ? "-" : box.x() + "," + box.y() + "," + box.width() + "," + box.height();
        AxSemantics semantics = candidate.entry().semantics();
        return semantics.role() + "\u0000" + Objects.toString(semantics.name(), "") + "\u0000" + where;
    }
}
