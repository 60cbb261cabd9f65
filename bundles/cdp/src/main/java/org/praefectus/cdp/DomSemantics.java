package org.praefectus.cdp;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Role and accessible name of root-frame elements computed from the DOM snapshot alone, as Chromium's accessibility
 * tree computes them for common HTML: explicit ARIA roles, the HTML-AAM implicit roles, and the accessible name from
 * {@code aria-labelledby}, {@code aria-label}, the native label ({@code <label>}, {@code alt}, {@code legend},
 * button values), rendered contents for name-from-content roles, then {@code title} and {@code placeholder}. Static
 * text, generic containers and presentational elements are left out.
 *
 * <p>This is the observation-time reading only. Before every effect the executor re-reads the target's one
 * accessibility node ({@code Accessibility.getPartialAXTree}) and refuses when Chromium's role or name differ: an
 * element this reading gets wrong can be observed but never acted on.
 */
final class DomSemantics {

    private static final Set<String> NAME_FROM_CONTENT = Set.of(
            "button",
            "cell",
            "checkbox",
            "columnheader",
            "gridcell",
            "heading",
            "link",
            "menuitem",
            "menuitemcheckbox",
            "menuitemradio",
            "option",
            "radio",
            "rowheader",
            "switch",
            "tab",
            "tooltip",
            "treeitem");
    /** ARIA roles taken as written (the first token of {@code role}); others fall back to the implicit role. */
    private static final Set<String> ARIA_ROLES = Set.of(
            "alert",
            "alertdialog",
            "application",
            "article",
            "banner",
            "button",
            "cell",
            "checkbox",
            "columnheader",
            "combobox",
            "complementary",
            "contentinfo",
            "definition",
            "dialog",
            "directory",
            "document",
            "feed",
            "figure",
            "form",
            "grid",
            "gridcell",
            "group",
            "heading",
            "img",
            "link",
            "list",
            "listbox",
            "listitem",
            "log",
            "main",
            "marquee",
            "math",
            "menu",
            "menubar",
            "menuitem",
            "menuitemcheckbox",
            "menuitemradio",
            "navigation",
            "note",
            "option",
            "progressbar",
            "radio",
            "radiogroup",
            "region",
            "row",
            "rowgroup",
            "rowheader",
            "scrollbar",
            "search",
            "searchbox",
            "separator",
            "slider",
            "spinbutton",
            "status",
            "switch",
            "tab",
            "table",
            "tablist",
            "tabpanel",
            "term",
            "textbox",
            "timer",
            "toolbar",
            "tooltip",
            "tree",
            "treegrid",
            "treeitem",
            "generic");

    private static final Map<String, String> IMPLICIT = Map.ofEntries(
            Map.entry("BUTTON", "button"),
            Map.entry("TEXTAREA", "textbox"),
            Map.entry("OPTION", "option"),
            Map.entry("H1", "heading"),
            Map.entry("H2", "heading"),
            Map.entry("H3", "heading"),
            Map.entry("H4", "heading"),
            Map.entry("H5", "heading"),
            Map.entry("H6", "heading"),
            Map.entry("P", "paragraph"),
            Map.entry("UL", "list"),
            Map.entry("OL", "list"),
            Map.entry("MENU", "list"),
            Map.entry("LI", "listitem"),
            Map.entry("NAV", "navigation"),
            Map.entry("MAIN", "main"),
            Map.entry("ASIDE", "complementary"),
            Map.entry("ARTICLE", "article"),
            Map.entry("TABLE", "table"),
            Map.entry("TR", "row"),
            Map.entry("TD", "cell"),
            Map.entry("TH", "columnheader"),
            Map.entry("DIALOG", "dialog"),
            Map.entry("FIELDSET", "group"),
            Map.entry("DETAILS", "group"),
            Map.entry("STRONG", "strong"),
            Map.entry("EM", "emphasis"),
            Map.entry("HR", "separator"),
            Map.entry("IFRAME", "Iframe"),
            Map.entry("FORM", "form"),
            Map.entry("PROGRESS", "progressbar"),
            Map.entry("DL", "list"),
            Map.entry("FIGURE", "figure"),
            Map.entry("OUTPUT", "status"));

    /** Roles Chromium leaves out of its tree when they hold no rendered text. */
    private static final Set<String> TEXT_CONTAINERS = Set.of("paragraph", "strong", "emphasis");

    private final DomNodes dom;
    private final RootFrameLayout layout;

    DomSemantics(RootFrameLayout layout) {
        this.layout = layout;
        this.dom = layout.dom();
    }

    /** The reading of one node, or {@code null} when it is not an element of interest. */
    AxSemantics of(int node) {
        if (dom.type(node) == DomNodes.DOCUMENT && node == 0) {
            return AxSemantics.of("RootWebArea", title(), false, false, false, false, false);
        }
        if (dom.type(node) != DomNodes.ELEMENT || dom.pseudo(node)) {
            return null;
        }
        String role = role(node);
        if (role == null || TEXT_CONTAINERS.contains(role) && contents(node).isBlank()) {
            return null;
        }
        boolean disabled = disabled(node);
        boolean readonly = dom.hasAttribute(node, "readonly") || "true".equals(dom.attribute(node, "aria-readonly"));
        String editable = dom.attribute(node, "contenteditable");
        boolean contentEditable = editable != null && !editable.equalsIgnoreCase("false");
        return AxSemantics.of(role, name(node, role), false, ariaHidden(node), disabled, readonly, contentEditable);
    }

    private String role(int node) {
        String explicit = dom.attribute(node, "role");
        if (explicit != null) {
            String first = explicit.strip().split("\\s+")[0].toLowerCase(Locale.ROOT);
            if (first.equals("none") || first.equals("presentation")) {
                return null;
            }
            // a list item outside a list lacks its required context: Chromium makes it generic
            if (ARIA_ROLES.contains(first) && !(first.equals("listitem") && !inList(node))) {
                return first.equals("img") ? "image" : first;
            }
        }
        String tag = dom.name(node);
        switch (tag) {
            case "A", "AREA":
                return dom.hasAttribute(node, "href") ? "link" : null;
            case "INPUT":
                return inputRole(node);
            case "SELECT": {
                String size = dom.attribute(node, "size");
                return dom.hasAttribute(node, "multiple")
                                || size != null
                                        && !size.isBlank()
                                        && !size.strip().equals("1")
                                        && !size.strip().equals("0")
                        ? "listbox"
                        : "combobox";
            }
            case "IMG": {
                String alt = dom.attribute(node, "alt");
                return alt != null && alt.isEmpty() ? null : "image";
            }
            case "SECTION":
                return hasOwnName(node) ? "region" : null;
            case "HEADER":
                return landmarkScoped(node) ? null : "banner";
            case "FOOTER":
                return landmarkScoped(node) ? null : "contentinfo";
            default:
                return IMPLICIT.get(tag);
        }
    }

    private boolean inList(int node) {
        int parent = dom.parent(node);
        if (parent < 0) {
            return false;
        }
        String role = dom.attribute(parent, "role");
        String tag = dom.name(parent);
        return role != null
                ? role.strip().startsWith("list") || role.strip().startsWith("directory")
                : tag.equals("UL") || tag.equals("OL") || tag.equals("MENU");
    }

    private String inputRole(int node) {
        String type = dom.attribute(node, "type");
        switch (type == null ? "text" : type.strip().toLowerCase(Locale.ROOT)) {
            case "hidden":
                return null;
            case "button", "submit", "reset", "image":
                return "button";
            case "checkbox":
                return "checkbox";
            case "radio":
                return "radio";
            case "range":
                return "slider";
            case "number":
                return "spinbutton";
            case "search":
                return dom.hasAttribute(node, "list") ? "combobox" : "searchbox";
            default:
                return dom.hasAttribute(node, "list") ? "combobox" : "textbox";
        }
    }

    private boolean hasOwnName(int node) {
        return nonBlank(dom.attribute(node, "aria-label"))
                || nonBlank(dom.attribute(node, "aria-labelledby"))
                || nonBlank(dom.attribute(node, "title"));
    }

    /** A header or footer inside sectioning content is not a landmark. */
    private boolean landmarkScoped(int node) {
        for (int p = dom.parent(node); p >= 0; p = dom.parent(p)) {
            String tag = dom.name(p);
            if (tag.equals("ARTICLE")
                    || tag.equals("ASIDE")
                    || tag.equals("MAIN")
                    || tag.equals("NAV")
                    || tag.equals("SECTION")) {
                return true;
            }
        }
        return false;
    }

    private boolean disabled(int node) {
        String tag = dom.name(node);
        boolean formControl = tag.equals("BUTTON")
                || tag.equals("INPUT")
                || tag.equals("SELECT")
                || tag.equals("TEXTAREA")
                || tag.equals("OPTION")
                || tag.equals("OPTGROUP");
        if (formControl && dom.hasAttribute(node, "disabled")) {
            return true;
        }
        int child = node;
        for (int p = dom.parent(node); p >= 0; child = p, p = dom.parent(p)) {
            if (formControl
                    && dom.name(p).equals("FIELDSET")
                    && dom.hasAttribute(p, "disabled")
                    && !firstLegend(p, child)) {
                return true;
            }
            if (formControl && dom.name(p).equals("OPTGROUP") && dom.hasAttribute(p, "disabled")) {
                return true;
            }
        }
        for (int p = node; p >= 0; p = dom.parent(p)) {
            if ("true".equalsIgnoreCase(dom.attribute(p, "aria-disabled"))) {
                return true;
            }
        }
        return false;
    }

    private boolean firstLegend(int fieldset, int child) {
        for (int c : dom.children(fieldset)) {
            if (dom.name(c).equals("LEGEND")) {
                return c == child;
            }
        }
        return false;
    }

    private boolean ariaHidden(int node) {
        for (int p = node; p >= 0; p = dom.parent(p)) {
            if ("true".equalsIgnoreCase(dom.attribute(p, "aria-hidden"))) {
                return true;
            }
        }
        return false;
    }

    private String name(int node, String role) {
        String labelledBy = dom.attribute(node, "aria-labelledby");
        if (nonBlank(labelledBy)) {
            StringBuilder out = new StringBuilder();
            for (String id : labelledBy.strip().split("\\s+")) {
                int target = dom.byId(id);
                if (target >= 0) {
                    String label = nonBlank(dom.attribute(target, "aria-label"))
                            ? dom.attribute(target, "aria-label")
                            : contents(target);
                    out.append(out.length() > 0 ? " " : "").append(label);
                }
            }
            if (nonBlank(out.toString())) {
                return collapse(out.toString());
            }
        }
        String label = dom.attribute(node, "aria-label");
        if (nonBlank(label)) {
            return collapse(label);
        }
        String nativeName = nativeName(node);
        if (nonBlank(nativeName)) {
            return collapse(nativeName);
        }
        if (NAME_FROM_CONTENT.contains(role)) {
            String contents = contents(node);
            if (nonBlank(contents)) {
                return collapse(contents);
            }
        }
        String title = dom.attribute(node, "title");
        if (nonBlank(title)) {
            return collapse(title);
        }
        String placeholder = dom.attribute(node, "placeholder");
        return nonBlank(placeholder) ? collapse(placeholder) : null;
    }

    private String nativeName(int node) {
        String tag = dom.name(node);
        switch (tag) {
            case "INPUT": {
                String type = dom.attribute(node, "type");
                type = type == null ? "text" : type.strip().toLowerCase(Locale.ROOT);
                if (type.equals("button") || type.equals("submit") || type.equals("reset")) {
                    String value = dom.attribute(node, "value");
                    return value != null
                            ? value
                            : type.equals("submit") ? "Submit" : type.equals("reset") ? "Reset" : null;
                }
                if (type.equals("image")) {
                    return dom.attribute(node, "alt");
                }
                return labels(node);
            }
            case "TEXTAREA", "SELECT", "BUTTON":
                return labels(node);
            case "IMG", "AREA":
                return dom.attribute(node, "alt");
            case "OPTION": {
                // a list box's options are painted by the select itself: their text is not laid out
                String label = dom.attribute(node, "label");
                if (nonBlank(label)) {
                    return label;
                }
                StringBuilder text = new StringBuilder();
                for (int c : dom.children(node)) {
                    if (dom.type(c) == DomNodes.TEXT && dom.text(c) != null) {
                        text.append(dom.text(c));
                    }
                }
                return text.toString();
            }
            case "FIELDSET":
                return childContents(node, "LEGEND");
            case "TABLE":
                return childContents(node, "CAPTION");
            default:
                return null;
        }
    }

    /** The text of the {@code <label for=id>} elements and of an enclosing label, in document order. */
    private String labels(int node) {
        StringBuilder out = new StringBuilder();
        String id = dom.attribute(node, "id");
        if (nonBlank(id)) {
            for (int label : dom.labelsFor(id)) {
                out.append(out.length() > 0 ? " " : "").append(contents(label));
            }
        }
        if (out.length() == 0) {
            for (int p = dom.parent(node); p >= 0; p = dom.parent(p)) {
                if (dom.name(p).equals("LABEL") && !dom.hasAttribute(p, "for")) {
                    out.append(contents(p));
                    break;
                }
            }
        }
        return out.toString();
    }

    private String childContents(int node, String tag) {
        for (int c : dom.children(node)) {
            if (dom.name(c).equals(tag)) {
                return contents(c);
            }
        }
        return null;
    }

    /** The rendered text inside a node: laid-out text nodes, skipping aria-hidden subtrees and form controls. */
    private String contents(int node) {
        StringBuilder out = new StringBuilder();
        appendContents(node, out);
        return out.toString();
    }

    private void appendContents(int node, StringBuilder out) {
        for (int child : dom.children(node)) {
            int type = dom.type(child);
            if (type == DomNodes.TEXT) {
                if (layout.boxAt(child) != null && dom.text(child) != null) {
                    out.append(dom.text(child));
                }
            } else if (type == DomNodes.ELEMENT
                    && !dom.pseudo(child)
                    && !"true".equalsIgnoreCase(dom.attribute(child, "aria-hidden"))) {
                String tag = dom.name(child);
                if (tag.equals("INPUT")
                        || tag.equals("TEXTAREA")
                        || tag.equals("SELECT")
                        || tag.equals("SCRIPT")
                        || tag.equals("STYLE")) {
                    continue;
                }
                if (tag.equals("IMG") && dom.attribute(child, "alt") != null) {
                    out.append(dom.attribute(child, "alt"));
                    continue;
                }
                String label = dom.attribute(child, "aria-label");
                if (nonBlank(label)) {
                    out.append(label);
                } else {
                    appendContents(child, out);
                }
            }
        }
    }

    private String title() {
        for (int i = 0; i < dom.size(); i++) {
            if (dom.name(i).equals("TITLE")) {
                StringBuilder out = new StringBuilder();
                for (int c : dom.children(i)) {
                    if (dom.type(c) == DomNodes.TEXT && dom.text(c) != null) {
                        out.append(dom.text(c));
                    }
                }
                return collapse(out.toString());
            }
        }
        return null;
    }

    private static boolean nonBlank(String value) {
        return value != null && !value.isBlank();
    }

    /** Whitespace runs to one space, as Chromium reports names. */
    private static String collapse(String value) {
        return value.replaceAll("[ \\t\\n\\r\\f]+", " ").strip();
    }
}
