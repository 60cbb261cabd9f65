package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One frame's document out of {@code DOMSnapshot.captureSnapshot}: for each backend node its parent, its first layout
 * box (coordinates of that frame's document, CSS pixels), the computed {@code display}, {@code visibility},
 * {@code opacity} and {@code pointer-events}, and its paint order, and the document's own scroll offset. The snapshot
 * holds every document of the page's process (the root frame's and its same-origin frames'); one is parsed at a time.
 */
final class FrameLayout {

    /** The computed styles requested, in this order. */
    static final List<String> STYLES = List.of(
            "display",
            "visibility",
            "opacity",
            "pointer-events",
            "overflow-x",
            "overflow-y",
            "clip",
            "clip-path",
            "color",
            "background-color",
            "text-transform",
            "white-space");

    /** One laid-out node. */
    record Box(
            int nodeIndex,
            double x,
            double y,
            double width,
            double height,
            String display,
            String visibility,
            double opacity,
            String pointerEvents,
            long paintOrder,
            boolean clipsX,
            boolean clipsY,
            boolean collapses,
            long colour,
            long background,
            String textTransform,
            String whiteSpace) {

        boolean hasArea() {
            return width > 0 && height > 0;
        }

        boolean visible() {
            return hasArea() && !"none".equals(display) && "visible".equals(visibility) && opacity > 0;
        }

        boolean hitTestable() {
            return hasArea()
                    && !"none".equals(display)
                    && "visible".equals(visibility)
                    && !"none".equals(pointerEvents);
        }

        boolean contains(double px, double py) {
            return px >= x && py >= y && px < x + width && py < y + height;
        }
    }

    private final Map<Long, Integer> nodeByBackendId;
    private final int[] parents;
    private final Box[] boxByNode;
    private final DomNodes dom;
    /** The hit-testable boxes, topmost first. */
    private final Box[] hitOrder;
    /** Per node, the rectangle its ancestors' overflow clipping leaves visible: left, top, right, bottom. */
    private final double[][] clips;
    /** Per node, whether it is hidden from the eye though laid out ({@link #concealed}). */
    private final boolean[] concealed;

    private final double scrollX;
    private final double scrollY;

    private FrameLayout(
            Map<Long, Integer> nodeByBackendId,
            int[] parents,
            Box[] boxByNode,
            Box[] boxes,
            DomNodes dom,
            double scrollX,
            double scrollY) {
        this.scrollX = scrollX;
        this.scrollY = scrollY;
        this.nodeByBackendId = nodeByBackendId;
        this.parents = parents;
        this.boxByNode = boxByNode;
        this.dom = dom;
        this.clips = clips(parents, boxByNode);
        this.concealed = concealed(parents, boxByNode, clips, dom);
        // paint orders are per paint layer, shared by every box in it; within a layer a later box paints over an
        // earlier one: walk the boxes backwards and sort stably by paint order, highest first
        java.util.List<Box> later = new java.util.ArrayList<>();
        for (int i = boxes.length - 1; i >= 0; i--) {
            if (boxes[i].hitTestable()) {
                later.add(boxes[i]);
            }
        }
        later.sort(java.util.Comparator.comparingLong(Box::paintOrder).reversed());
        this.hitOrder = later.toArray(Box[]::new);
    }

    /** Document order puts every parent before its children, so one pass finds every node's clip. */
    private static double[][] clips(int[] parents, Box[] boxByNode) {
        double[] none = {
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY
        };
        double[][] clips = new double[parents.length][];
        for (int node = 0; node < parents.length; node++) {
            int parent = parents[node];
            if (parent < 0 || parent >= node) {
                clips[node] = none;
                continue;
            }
            double[] clip = clips[parent];
            Box box = boxByNode[parent];
            if (box != null && (box.clipsX() || box.clipsY())) {
                clip = clip.clone();
                if (box.clipsX()) {
                    clip[0] = Math.max(clip[0], box.x());
                    clip[2] = Math.min(clip[2], box.x() + box.width());
                }
                if (box.clipsY()) {
                    clip[1] = Math.max(clip[1], box.y());
                    clip[3] = Math.min(clip[3], box.y() + box.height());
                }
            }
            clips[node] = clip;
        }
        return clips;
    }

    /**
     * One pass in document order: a node is concealed when it or an ancestor is transparent or clipped to nothing
     * ({@code opacity: 0}, a CSS clip or clip-path) or clips its overflow to a box of at most one pixel (the sr-only
     * pattern), when its box lies wholly at negative document coordinates where no ancestor clips (positioned
     * off-screen, where no scrolling reaches), or, for text, when its colour is its background's.
     */
    private static boolean[] concealed(int[] parents, Box[] boxByNode, double[][] clips, DomNodes dom) {
        boolean[] subtree = new boolean[parents.length];
        long[] background = new long[parents.length];
        boolean[] concealed = new boolean[parents.length];
        for (int node = 0; node < parents.length; node++) {
            int parent = parents[node];
            boolean inherited = parent >= 0 && parent < node;
            Box box = boxByNode[node];
            Box parentBox = inherited ? boxByNode[parent] : null;
            // the sr-only pattern: an ancestor whose overflow clipping box is itself at most one pixel wide or high (a
            // scroll container's content scrolled out of view is clipped by a box of real size, and revealable)
            boolean tinyClip = parentBox != null
                    && ((parentBox.clipsX() && parentBox.width() <= 1)
                            || (parentBox.clipsY() && parentBox.height() <= 1));
            subtree[node] = (inherited && subtree[parent])
                    || tinyClip
                    || (box != null && dom.type(node) == DomNodes.ELEMENT && (box.opacity() <= 0 || box.collapses()));
            background[node] = box != null && VisualHiding.alpha(box.background()) > 0
                    ? box.background()
                    : inherited ? background[parent] : VisualHiding.WHITE;
            double[] clip = clips[node];
            // wholly left of or above the document where no ancestor clips: positioned off-screen (content scrolled
            // out of a container lies there too, but inside that container's clip, and is revealed by scrolling)
            concealed[node] = subtree[node]
                    || (box != null
                            && box.hasArea()
                            && ((box.x() + box.width() <= 0 && clip[0] == Double.NEGATIVE_INFINITY)
                                    || (box.y() + box.height() <= 0 && clip[1] == Double.NEGATIVE_INFINITY)))
                    || (box != null
                            && dom.type(node) == DomNodes.TEXT
                            && VisualHiding.sameColour(
                                    box.colour(), inherited ? background[parent] : VisualHiding.NO_COLOUR));
        }
        return concealed;
    }

    /**
     * Whether the node is laid out but hidden from the eye (see {@link #concealed(int[], Box[], double[][], DomNodes)}):
     * what it says reaches the accessibility tree, never a person.
     */
    boolean concealed(int node) {
        return node >= 0 && node < concealed.length && concealed[node];
    }

    /**
     * The part of the node's box its ancestors' overflow clipping leaves visible (document coordinates: left, top,
     * right, bottom), or {@code null} when nothing of it is visible or it has no box.
     */
    double[] visibleRect(int node) {
        Box box = boxByNode[node];
        if (box == null) {
            return null;
        }
        double[] clip = clips[node];
        double left = Math.max(box.x(), clip[0]);
        double top = Math.max(box.y(), clip[1]);
        double right = Math.min(box.x() + box.width(), clip[2]);
        double bottom = Math.min(box.y() + box.height(), clip[3]);
        return right > left && bottom > top ? new double[] {left, top, right, bottom} : null;
    }

    /**
     * Parses a snapshot for the document of {@code frameId}.
     *
     * @throws IllegalArgumentException when the snapshot has no single such document or is malformed
     */
    static FrameLayout parse(JsonNode snapshot, String frameId) {
        JsonNode strings = snapshot.path("strings");
        JsonNode document = null;
        for (JsonNode candidate : snapshot.path("documents")) {
            JsonNode frame = candidate.path("frameId");
            String id = frame.isInt() ? strings.path(frame.asInt()).asText(null) : frame.asText(null);
            if (frameId.equals(id)) {
                if (document != null) {
                    throw new IllegalArgumentException("two documents for one frame");
                }
                document = candidate;
            }
        }
        if (document == null) {
            throw new IllegalArgumentException("no document for the frame");
        }
        JsonNode backendIds = document.path("nodes").path("backendNodeId");
        JsonNode parentIndex = document.path("nodes").path("parentIndex");
        if (!backendIds.isArray() || !parentIndex.isArray() || backendIds.size() != parentIndex.size()) {
            throw new IllegalArgumentException("malformed nodes");
        }
        int count = backendIds.size();
        Map<Long, Integer> nodeByBackendId = new HashMap<>(count * 2);
        int[] parents = new int[count];
        for (int i = 0; i < count; i++) {
            long backendId = backendIds.get(i).asLong();
            if (backendId <= 0 || nodeByBackendId.put(backendId, i) != null) {
                throw new IllegalArgumentException("malformed backend node id");
            }
            parents[i] = parentIndex.get(i).asInt(-1);
        }
        JsonNode layout = document.path("layout");
        JsonNode nodeIndex = layout.path("nodeIndex");
        JsonNode bounds = layout.path("bounds");
        JsonNode styles = layout.path("styles");
        JsonNode paintOrders = layout.path("paintOrders");
        if (!nodeIndex.isArray() || bounds.size() != nodeIndex.size() || styles.size() != nodeIndex.size()) {
            throw new IllegalArgumentException("malformed layout");
        }
        Box[] boxByNode = new Box[count];
        Box[] boxes = new Box[nodeIndex.size()];
        for (int i = 0; i < nodeIndex.size(); i++) {
            int node = nodeIndex.get(i).asInt(-1);
            JsonNode rect = bounds.get(i);
            JsonNode style = styles.get(i);
            if (node < 0 || node >= count || rect.size() != 4) {
                throw new IllegalArgumentException("malformed layout box");
            }
            String opacity = style(strings, style, 2);
            double width = rect.get(2).asDouble();
            double height = rect.get(3).asDouble();
            Box box = new Box(
                    node,
                    rect.get(0).asDouble(),
                    rect.get(1).asDouble(),
                    rect.get(2).asDouble(),
                    rect.get(3).asDouble(),
                    style(strings, style, 0),
                    style(strings, style, 1),
                    opacity == null ? 1 : parseOpacity(opacity),
                    style(strings, style, 3),
                    paintOrders.path(i).asLong(0),
                    clips(style(strings, style, 4)),
                    clips(style(strings, style, 5)),
                    VisualHiding.clipCollapses(style(strings, style, 6))
                            || VisualHiding.clipPathCollapses(style(strings, style, 7), width, height),
                    VisualHiding.colour(style(strings, style, 8)),
                    VisualHiding.colour(style(strings, style, 9)),
                    style(strings, style, 10),
                    style(strings, style, 11));
            boxes[i] = box;
            if (boxByNode[node] == null) {
                boxByNode[node] = box;
            }
        }
        return new FrameLayout(
                nodeByBackendId,
                parents,
                boxByNode,
                boxes,
                DomNodes.parse(document.path("nodes"), strings, parents),
                document.path("scrollOffsetX").asDouble(0),
                document.path("scrollOffsetY").asDouble(0));
    }

    /** How far the document is scrolled horizontally (CSS pixels). */
    double scrollX() {
        return scrollX;
    }

    /** How far the document is scrolled vertically. */
    double scrollY() {
        return scrollY;
    }

    private static boolean clips(String overflow) {
        return overflow != null && !overflow.equals("visible");
    }

    private static String style(JsonNode strings, JsonNode style, int index) {
        JsonNode value = style.path(index);
        return value.isInt() && value.asInt() >= 0 ? strings.path(value.asInt()).asText(null) : null;
    }

    private static double parseOpacity(String opacity) {
        try {
            return Double.parseDouble(opacity);
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The root document's nodes in document order: names, attributes, text, tree. */
    DomNodes dom() {
        return dom;
    }

    /** The node's backend ID. */
    long backendNodeId(int node) {
        return dom.backendNodeId(node);
    }

    /** The node's first layout box by index, or {@code null} when it is not laid out. */
    Box boxAt(int node) {
        return boxByNode[node];
    }

    /** Whether the backend node belongs to this frame's document. */
    boolean contains(long backendNodeId) {
        return nodeByBackendId.containsKey(backendNodeId);
    }

    /** The node's first layout box, or {@code null} when it is not laid out. */
    Box box(long backendNodeId) {
        Integer node = nodeByBackendId.get(backendNodeId);
        return node == null ? null : boxByNode[node];
    }

    /** The node index of a backend node in this document, or -1. */
    int nodeIndex(long backendNodeId) {
        Integer node = nodeByBackendId.get(backendNodeId);
        return node == null ? -1 : node;
    }

    /**
     * Whether the topmost hit-testable box (by paint order) at the centre of the node's visible rectangle belongs to
     * the node or a descendant: the snapshot's answer to "another element intercepts the hit point". Boxes count only
     * where their ancestors' clipping leaves them visible.
     */
    boolean topmostAtCentre(int node) {
        Box own = node < 0 ? null : boxByNode[node];
        double[] visible = own == null || !own.hitTestable() ? null : visibleRect(node);
        return visible != null && topmostAt(node, (visible[0] + visible[2]) / 2, (visible[1] + visible[3]) / 2);
    }

    /**
     * Whether the topmost hit-testable box at a point of this document (where its ancestors' clipping leaves it
     * visible) belongs to the node or a descendant: for a frame's owner element, whether the frame gets that point.
     */
    boolean topmostAt(int node, double cx, double cy) {
        if (node < 0) {
            return false;
        }
        Box top = null;
        for (Box box : hitOrder) {
            double[] clip = clips[box.nodeIndex()];
            if (box.contains(cx, cy) && cx >= clip[0] && cy >= clip[1] && cx < clip[2] && cy < clip[3]) {
                top = box;
                break;
            }
        }
        if (top == null) {
            return false;
        }
        for (int current = top.nodeIndex(); current >= 0; current = parents[current]) {
            if (current == node) {
                return true;
            }
        }
        return false;
    }
}
