package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chromium's accessibility tree of one frame, as {@code Accessibility.getFullAXTree} reports it, walked in
 * document order (depth first along {@code childIds}, without recursion). Ignored nodes (hidden, inert, behind a modal
 * dialog, presentational) are passed through: their descendants that are not ignored still count. Nodes without a DOM
 * node (pseudo-element text, inline text boxes) and roles that carry no meaning of their own (generic containers, line
 * breaks) are left out; their names are already part of their element's name.
 */
final class AxTree {

    /** Deepest node walked; deeper nodes are left out and the tree is marked truncated. */
    static final int MAX_DEPTH = 512;

    private static final Set<String> SKIPPED_ROLES =
            Set.of("none", "presentation", "generic", "InlineTextBox", "LineBreak", "Ignored", "LabelText");

    /**
     * One reported node.
     *
     * @param backendNodeId the DOM node
     * @param semantics     role, name and flags as the revalidation reads them
     * @param states        the node's state as the accessibility tree reports it
     * @param parent        the index of the nearest reported ancestor in {@link #entries()}, or -1
     * @param depth         the node's depth in the accessibility tree
     * @param value         the accessibility value (a field's text, a select's chosen option), or {@code null}:
     *                      never reported as such, only as {@link FieldValue}
     * @param repeated      static text its element's name already says: reported only when hidden from the eye,
     *                      so the outline shows which part of that name a person never sees
     * @param field         what the page itself measured of the field's value ({@link InPageNames}), or {@code null}
     *                      when {@code value} is the accessibility tree's
     */
    record Entry(
            long backendNodeId,
            AxSemantics semantics,
            ElementState states,
            int parent,
            int depth,
            String value,
            boolean repeated,
            FieldValue field) {
        @Override
        public String toString() {
            return "Entry[" + backendNodeId + ", " + semantics.role() + "]";
        }
    }

    private final List<Entry> entries;
    private final boolean truncated;

    AxTree(List<Entry> entries, boolean truncated) {
        this.entries = entries;
        this.truncated = truncated;
    }

    /** The reported nodes in document order. */
    List<Entry> entries() {
        return entries;
    }

    /** Whether a bound (depth, or a name cut to its byte bound) left something out. */
    boolean truncated() {
        return truncated;
    }

    /**
     * Parses the reply of {@code Accessibility.getFullAXTree}.
     *
     * @throws IllegalArgumentException when the reply has no single root
     */
    static AxTree parse(JsonNode reply) {
        JsonNode nodes = reply.path("nodes");
        Map<String, JsonNode> byId = new HashMap<>(nodes.size() * 2);
        Set<String> children = new HashSet<>();
        for (JsonNode node : nodes) {
            String id = node.path("nodeId").asText("");
            if (id.isEmpty() || byId.putIfAbsent(id, node) != null) {
                continue;
            }
            for (JsonNode child : node.path("childIds")) {
                children.add(child.asText());
            }
        }
        JsonNode root = null;
        for (JsonNode node : nodes) {
            if (!node.has("parentId") && !children.contains(node.path("nodeId").asText())) {
                if (root != null) {
                    throw new IllegalArgumentException("two accessibility roots");
                }
                root = node;
            }
        }
        if (root == null) {
            throw new IllegalArgumentException("no accessibility root");
        }
        List<Entry> entries = new ArrayList<>();
        boolean truncated = false;
        Set<String> walked = new HashSet<>();
        // each frame: the node, its depth and the index of the nearest reported ancestor
        record Frame(JsonNode node, int depth, int parent, boolean inLabel) {}
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root, 0, -1, false));
        while (!stack.isEmpty()) {
            Frame frame = stack.pop();
            JsonNode node = frame.node();
            if (!walked.add(node.path("nodeId").asText())) {
                continue;
            }
            if (frame.depth() > MAX_DEPTH) {
                truncated = true;
                continue;
            }
            int parent = frame.parent();
            long backendNodeId = node.path("backendDOMNodeId").asLong(0);
            String role = node.path("role").path("value").asText("");
            if (!node.path("ignored").asBoolean(false) && backendNodeId > 0 && !SKIPPED_ROLES.contains(role)) {
                AxSemantics semantics = AxSemantics.of(node);
                // a label's text is the name of the control it labels: said there, not again
                boolean labelText = frame.inLabel() && role.equals("StaticText");
                boolean repeated = semantics != null && redundantText(semantics, parent, entries);
                if (semantics != null && !labelText && (!repeated || semantics.name() != null)) {
                    truncated |= AxSemantics.cut(node.path("name").path("value"));
                    JsonNode value = node.path("value").path("value");
                    entries.add(new Entry(
                            backendNodeId,
                            semantics,
                            ElementState.of(node),
                            parent,
                            frame.depth(),
                            value.isValueNode() && !value.isNull() ? value.asText() : null,
                            repeated,
                            null));
                    if (!repeated) {
                        parent = entries.size() - 1;
                    }
                }
            }
            JsonNode childIds = node.path("childIds");
            for (int i = childIds.size() - 1; i >= 0; i--) {
                JsonNode child = byId.get(childIds.get(i).asText());
                if (child != null) {
                    stack.push(
                            new Frame(child, frame.depth() + 1, parent, frame.inLabel() || role.equals("LabelText")));
                }
            }
        }
        return new AxTree(entries, truncated);
    }

    /** Elements that name themselves or can be acted on: the ones a page too large to read whole is read for. */
    private static final Set<String> CANDIDATE_TAGS = Set.of(
            "A",
            "BUTTON",
            "INPUT",
            "SELECT",
            "TEXTAREA",
            "OPTION",
            "SUMMARY",
            "H1",
            "H2",
            "H3",
            "H4",
            "H5",
            "H6",
            "IMG",
            "DIALOG",
            "MAIN",
            "NAV",
            "HEADER",
            "FOOTER",
            "FORM",
            "ASIDE",
            "SECTION",
            "TABLE",
            "UL",
            "OL",
            "LI");

    /**
     * The laid-out elements of the document, in document order and at any depth (a control nested deeper than
     * {@link #MAX_DEPTH} is read like any other: each is one {@code getPartialAXTree} of its own, nothing walks the
     * page recursively), that a page read element by element is read for: native controls, headings, landmarks,
     * lists, and anything with a role, a tab stop, an ARIA label or editable contents. At most
     * {@link org.praefectus.api.protocol.SemanticObservation#MAX_ELEMENTS}.
     */
    static List<Integer> candidates(FrameLayout layout) {
        DomNodes dom = layout.dom();
        List<Integer> candidates = new ArrayList<>();
        candidates.add(0);
        for (int node = 1; node < dom.size(); node++) {
            if (dom.type(node) != DomNodes.ELEMENT || layout.boxAt(node) == null) {
                continue;
            }
            if (CANDIDATE_TAGS.contains(dom.name(node))
                    || dom.hasAttribute(node, "role")
                    || dom.hasAttribute(node, "tabindex")
                    || dom.hasAttribute(node, "contenteditable")
                    || dom.hasAttribute(node, "aria-label")) {
                candidates.add(node);
                if (candidates.size() == org.praefectus.api.protocol.SemanticObservation.MAX_ELEMENTS) {
                    break;
                }
            }
        }
        return candidates;
    }

    /**
     * The tree of the candidates' own accessibility nodes (one {@code getPartialAXTree} reply each), each parented
     * to its nearest candidate ancestor in the DOM. Always truncated: text and everything else is left out.
     */
    static AxTree ofElements(FrameLayout layout, List<Integer> candidates, List<JsonNode> replies) {
        DomNodes dom = layout.dom();
        Map<Integer, Integer> entryOf = new HashMap<>();
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            int node = candidates.get(i);
            Entry entry = ofNode(replies.get(i), layout.backendNodeId(node), nearestEntry(dom, node, entryOf));
            if (entry != null) {
                entryOf.put(node, entries.size());
                entries.add(entry);
            }
        }
        return new AxTree(entries, true);
    }

    /** The entry of the node's nearest ancestor that has one ({@code entryOf}: node to entry index), or -1. */
    static int nearestEntry(DomNodes dom, int node, Map<Integer, Integer> entryOf) {
        for (int up = dom.parent(node); up >= 0; up = dom.parent(up)) {
            Integer entry = entryOf.get(up);
            if (entry != null) {
                return entry;
            }
        }
        return -1;
    }

    /**
     * The entry of one node from its own {@code getPartialAXTree} reply, or {@code null} when Chromium ignores it or
     * gives it no role of its own.
     */
    static Entry ofNode(JsonNode reply, long backendNodeId, int parent) {
        JsonNode own = null;
        for (JsonNode candidate : reply.path("nodes")) {
            if (candidate.path("backendDOMNodeId").asLong(0) == backendNodeId) {
                own = candidate;
            }
        }
        String role = own == null ? "" : own.path("role").path("value").asText("");
        AxSemantics semantics = own == null || own.path("ignored").asBoolean(false) || SKIPPED_ROLES.contains(role)
                ? null
                : AxSemantics.of(own);
        if (semantics == null) {
            return null;
        }
        JsonNode value = own.path("value").path("value");
        return new Entry(
                backendNodeId,
                semantics,
                ElementState.of(own),
                parent,
                0,
                value.isValueNode() && !value.isNull() ? value.asText() : null,
                false,
                null);
    }

    /** Text that its element's name already says (a button's own label) is not reported twice. */
    private static boolean redundantText(AxSemantics semantics, int parent, List<Entry> entries) {
        if (!semantics.role().equals("StaticText") || parent < 0) {
            return false;
        }
        String text = semantics.name();
        String parentName = entries.get(parent).semantics().name();
        return text == null || (parentName != null && parentName.contains(text));
    }
}
