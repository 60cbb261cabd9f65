package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One frame's roles and names as the page itself computes them ({@link PageFunctions#NAMES} in the isolated world),
 * joined with the frame's DOM snapshot, in place of {@code Accessibility.getFullAXTree} (#39): the pass reports each
 * element by its index in the snapshot's pre-order of elements, and the join holds only when the pass walked exactly
 * the snapshot's elements (their number and a hash of their tags in order agree); otherwise {@link #join} answers
 * {@code null} and the observation reads the whole accessibility tree as before. Elements the pass cannot name with
 * certainty (and text whose rendering changes its letters) are {@link #uncertain()}: each is read with its own
 * {@code getPartialAXTree}. Text comes from the snapshot: every laid-out, visible, non-blank text node outside the
 * subtrees the accessibility tree ignores (inert, {@code aria-hidden}, behind a modal dialog) and outside labels.
 *
 * <p>Safety does not rest on this reading: the fingerprint each effect re-reads is the target's own accessibility
 * node, so a name that is not the accessible name is refused {@code stale_target} without effect.
 */
final class InPageNames {

    /** Most nodes read one by one before the whole accessibility tree is cheaper to read. */
    static final int MAX_UNCERTAIN = 256;

    /** Roles whose name comes from their content (their text may be rendered in other letters). */
    private static final Set<String> FROM_CONTENT = Set.of(
            "button",
            "link",
            "heading",
            "checkbox",
            "radio",
            "option",
            "tab",
            "menuitem",
            "menuitemcheckbox",
            "menuitemradio",
            "switch",
            "cell",
            "gridcell",
            "columnheader",
            "rowheader",
            "treeitem");

    /** Elements whose text is not the page's text: not rendered, or the field's own value. */
    private static final Set<String> NOT_TEXT =
            Set.of("SCRIPT", "STYLE", "TITLE", "TEXTAREA", "SELECT", "OPTION", "NOSCRIPT", "TEMPLATE", "LABEL");

    private static final int STRIDE = 7;

    /** One node the reading keeps: its semantics from the page, or {@code null} when it is read from the tree. */
    private record Item(int node, AxSemantics semantics, ElementState states, FieldValue field) {}

    private final FrameLayout layout;
    private final List<Item> items;
    /** Whether a name was cut to its byte bound (the observation is then truncated, as the tree's reading says). */
    private final boolean cut;

    private InPageNames(FrameLayout layout, List<Item> items, boolean cut) {
        this.layout = layout;
        this.items = items;
        this.cut = cut;
    }

    /**
     * Joins the pass's reply (its value) with the frame's snapshot.
     *
     * @return {@code null} when they disagree on any element or the reply is malformed
     */
    static InPageNames join(FrameLayout layout, JsonNode pass) {
        DomNodes dom = layout.dom();
        if (!pass.isArray()
                || pass.size() != 4
                || !pass.get(2).isArray()
                || !pass.get(3).isArray()) {
            return null;
        }
        List<Integer> elements = new ArrayList<>();
        int hash = 0x811c9dc5;
        for (int node = 0; node < dom.size(); node++) {
            if (dom.type(node) == DomNodes.ELEMENT && !dom.pseudo(node)) {
                elements.add(node);
                hash = mix(hash, dom.name(node).toUpperCase(Locale.ROOT));
            }
        }
        if (pass.get(0).asLong(-1) != elements.size() || pass.get(1).asLong(0) != hash) {
            return null;
        }
        boolean[] excluded = new boolean[dom.size()];
        for (JsonNode ordinal : pass.get(2)) {
            int index = ordinal.asInt(-1);
            if (index < 0 || index >= elements.size()) {
                return null;
            }
            excluded[elements.get(index)] = true;
        }
        for (int node = 0; node < dom.size(); node++) {
            int parent = dom.parent(node);
            excluded[node] |= parent >= 0 && parent < node && excluded[parent];
        }
        Map<Integer, Item> byNode = new HashMap<>();
        JsonNode out = pass.get(3);
        boolean cut = false;
        if (out.size() % STRIDE != 0) {
            return null;
        }
        for (int i = 0; i < out.size(); i += STRIDE) {
            int ordinal = out.get(i).asInt(-1);
            if (ordinal < 0 || ordinal >= elements.size()) {
                return null;
            }
            int node = elements.get(ordinal);
            String role = out.get(i + 1).asText("");
            cut |= AxSemantics.cut(out.get(i + 2));
            byNode.put(node, role.isEmpty() ? new Item(node, null, null, null) : item(node, out, i, role));
        }
        // generated content (::before, ::after) and text in other letters (text-transform) are part of a name from
        // content as the tree computes it: such names are read from the tree
        for (int node = 0; node < dom.size(); node++) {
            String name = dom.name(node).toLowerCase(Locale.ROOT);
            FrameLayout.Box box = layout.boxAt(node);
            boolean transformed = dom.type(node) == DomNodes.TEXT
                    && box != null
                    && box.textTransform() != null
                    && !box.textTransform().equals("none");
            if (transformed || (dom.pseudo(node) && (name.contains("before") || name.contains("after")))) {
                for (int up = dom.parent(node); up >= 0; up = dom.parent(up)) {
                    Item item = byNode.get(up);
                    if (item != null
                            && item.semantics() != null
                            && FROM_CONTENT.contains(item.semantics().role())) {
                        byNode.put(up, new Item(up, null, null, null));
                    }
                }
            }
        }
        List<Item> items = new ArrayList<>();
        // the document itself from its own accessibility node: whether Chromium calls it focused (while a modal
        // dialog is open, for one) is the tree's to say, and it costs one node more
        items.add(new Item(0, null, null, null));
        for (int node = 1; node < dom.size(); node++) {
            Item item = byNode.get(node);
            if (item != null) {
                items.add(item);
            } else if (dom.type(node) == DomNodes.TEXT && !excluded[node]) {
                Item text = text(layout, node);
                if (text != null) {
                    items.add(text);
                }
            }
        }
        return new InPageNames(layout, items, cut);
    }

    /** 32-bit FNV-1a over the UTF-16 units of each tag and a comma, as the pass hashes them. */
    private static int mix(int hash, String tag) {
        for (int i = 0; i < tag.length(); i++) {
            hash = (hash ^ tag.charAt(i)) * 0x01000193;
        }
        return (hash ^ ',') * 0x01000193;
    }

    private static Item item(int node, JsonNode out, int i, String role) {
        int flags = out.get(i + 3).asInt(0);
        String extra = out.get(i + 6).asText("");
        // a number field's value is edited as a text field's is (the tree says so with its editable property)
        AxSemantics semantics = AxSemantics.of(
                role,
                out.get(i + 2).asText(""),
                false,
                false,
                (flags & 1) != 0,
                (flags & 2) != 0,
                role.equals("spinbutton"));
        ElementState states = new ElementState(
                tristate(flags >> 5),
                tristate(flags >> 7),
                bool(flags >> 9),
                bool(flags >> 11),
                (flags & 4) != 0,
                (flags & 8) != 0,
                (flags & 16) != 0,
                out.get(i + 4).asInt(0),
                role.equals("link") || role.equals("image") ? ElementState.url(extra) : null);
        long length = out.get(i + 5).asLong(-1);
        // a <select>'s chosen option, as the tree's value of the combobox says it (the pass sends it for no other role)
        FieldValue field = role.equals("combobox") && !extra.isEmpty()
                ? new FieldValue(-1, AxSemantics.text(extra))
                : length >= 0 ? new FieldValue(length, null) : FieldValue.NONE;
        return new Item(node, semantics, states, field);
    }

    private static String tristate(int bits) {
        return switch (bits & 3) {
            case 1 -> "true";
            case 2 -> "mixed";
            case 3 -> "false";
            default -> null;
        };
    }

    private static Boolean bool(int bits) {
        return switch (bits & 3) {
            case 1 -> Boolean.TRUE;
            case 2 -> Boolean.FALSE;
            default -> null;
        };
    }

    /** A text node as static text: laid out, visible, not blank, not a label's or a field's own. */
    private static Item text(FrameLayout layout, int node) {
        DomNodes dom = layout.dom();
        FrameLayout.Box box = layout.boxAt(node);
        if (box == null || !"visible".equals(box.visibility()) || dom.pseudo(node)) {
            return null;
        }
        boolean editable = false;
        for (int up = dom.parent(node); up >= 0; up = dom.parent(up)) {
            if (NOT_TEXT.contains(dom.name(up))) {
                return null;
            }
            String contentEditable = dom.attribute(up, "contenteditable");
            editable |= contentEditable != null && !contentEditable.equalsIgnoreCase("false");
        }
        String text = collapse(dom.text(node));
        if (text.isEmpty()) {
            return null;
        }
        // editable text is the tree's own (its editable state); text in other letters or with kept white space too
        boolean rendered = !editable
                && (box.textTransform() == null || box.textTransform().equals("none"))
                && (box.whiteSpace() == null
                        || box.whiteSpace().equals("normal")
                        || box.whiteSpace().equals("nowrap"));
        return rendered
                ? new Item(
                        node,
                        AxSemantics.of("StaticText", text, false, false, false, false, false),
                        ElementState.NONE,
                        null)
                : new Item(node, null, null, null);
    }

    /** Text its nearest kept ancestor's name already says (a button's own label), as the whole tree marks it. */
    private static boolean repeats(List<AxTree.Entry> entries, int parent, AxTree.Entry text) {
        String name = parent < 0 ? null : entries.get(parent).semantics().name();
        return text.semantics().name() == null
                || (name != null && name.contains(text.semantics().name()));
    }

    private static String collapse(String text) {
        return text == null ? "" : text.replaceAll("[ \\t\\n\\r\\f]+", " ").strip();
    }

    /** The nodes read with their own {@code getPartialAXTree}, in document order. */
    List<Integer> uncertain() {
        List<Integer> nodes = new ArrayList<>();
        for (Item item : items) {
            if (item.semantics() == null) {
                nodes.add(item.node());
            }
        }
        return nodes;
    }

    /**
     * The frame's tree: the page's entries and, for {@link #uncertain()} (in that order), the nodes' own
     * accessibility nodes; each entry parented to its nearest kept ancestor, static text its parent's name already says
     * marked repeated.
     */
    AxTree tree(List<JsonNode> replies) {
        DomNodes dom = layout.dom();
        Map<Integer, Integer> entryOf = new HashMap<>();
        List<AxTree.Entry> entries = new ArrayList<>(items.size());
        int reply = 0;
        for (Item item : items) {
            int node = item.node();
            int parent = AxTree.nearestEntry(dom, node, entryOf);
            long backendNodeId = layout.backendNodeId(node);
            AxTree.Entry entry = item.semantics() == null
                    ? AxTree.ofNode(replies.get(reply++), backendNodeId, parent)
                    : new AxTree.Entry(
                            backendNodeId, item.semantics(), item.states(), parent, 0, null, false, item.field());
            if (entry != null && entry.semantics().role().equals("StaticText") && repeats(entries, parent, entry)) {
                entry = new AxTree.Entry(
                        backendNodeId,
                        entry.semantics(),
                        entry.states(),
                        parent,
                        0,
                        entry.value(),
                        true,
                        entry.field());
            }
            if (entry != null) {
                if (!entry.repeated() && !entry.semantics().role().equals("StaticText")) {
                    entryOf.put(node, entries.size());
                }
                entries.add(entry);
            }
        }
        return new AxTree(entries, cut);
    }
}
