package org.praefectus.api.selector;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.text.CallerText;

/**
 * A parsed element selector (PeekabooX grammar): comma-separated {@code key=value} parts ({@code key:value}
 * works too), all of which must match; one bare part is a label that the element's label contains.
 * Geometry values ({@code bounds}, {@code within}, {@code intersects}: {@code x,y,width,height};
 * {@code contains}: {@code x,y}) may continue over the following commas. Text compares ignore case.
 *
 * <p>Keys: {@code id}, {@code role}, {@code label} (also {@code name}, {@code text}) each with
 * {@code -exact}, {@code -regex} and {@code -contains} forms; {@code state} and {@code not-state} (with
 * {@code -exact}, {@code -regex}), {@code bounds}, {@code contains}, {@code within}, {@code intersects},
 * {@code min-width}, {@code min-height}, {@code confidence>=} (or {@code min-confidence}),
 * {@code window-id}, {@code window-title}, {@code app} (each with {@code -exact}, {@code -regex}).
 *
 * <p>{@link #toString()} never shows the values: selectors are never logged.
 */
public final class Selector {

    private TextMatch id;
    private TextMatch role;
    private TextMatch label;
    private TextMatch state;
    private TextMatch notState;
    private TextMatch windowId;
    private TextMatch windowTitle;
    private TextMatch app;
    private Rect bounds;
    private UiElement.Point contains;
    private Rect within;
    private Rect intersects;
    private Long minWidth;
    private Long minHeight;
    private Double minConfidence;
    /** Each condition as it was put, {@code key=value}: the selector's text ({@link #text()}). */
    private final List<String> parts = new ArrayList<>();

    private Selector() {}

    /** The selector that matches every element. */
    public static Selector any() {
        return new Selector();
    }

    /**
     * Parses a selector; {@code null} (no selector given) selects every element.
     *
     * @throws SelectorException unknown key, malformed geometry or number, invalid regular expression, an
     *                           empty value, a second bare part, or a selector with no part at all ({@code ""},
     *                           {@code ",,,"}: asked for, yet it says nothing, so it must not match everything)
     */
    public static Selector parse(String selector) throws SelectorException {
        Selector parsed = new Selector();
        if (selector == null) {
            return parsed;
        }
        List<String> parts = parts(selector);
        if (parts.isEmpty()) {
            throw new SelectorException("the selector is empty: give at least one part, such as role=push button");
        }
        boolean bare = false;
        for (String part : parts) {
            int split = separator(part);
            if (split < 0) {
                if (bare) {
                    throw new SelectorException("a selector may have only one part without a key");
                }
                bare = true;
                parsed.put("label", part);
            } else {
                parsed.put(part.substring(0, split), part.substring(split + 1));
            }
        }
        return parsed;
    }

    /**
     * Adds one condition, as a part {@code key=value} of a selector would: the split flags of the CLI
     * ({@code --role}, {@code --state}, …) go through here, so they obey the same grammar.
     *
     * @return this selector
     * @throws SelectorException as {@link #parse}
     */
    public Selector put(String key, String value) throws SelectorException {
        String name = key.trim().toLowerCase(Locale.ROOT);
        String v = value.trim();
        switch (name) {
            case "id", "element-id", "id-contains", "element-id-contains" -> id = contains(v, name);
            case "id-exact", "element-id-exact" -> id = exact(v, name);
            case "id-regex", "element-id-regex" -> id = regex(v, name);
            case "role", "role-contains" -> role = contains(v, name);
            case "role-exact" -> role = exact(v, name);
            case "role-regex" -> role = regex(v, name);
            case "label", "name", "text", "label-contains", "name-contains", "text-contains" ->
                label = contains(v, name);
            case "label-exact", "name-exact", "text-exact" -> label = exact(v, name);
            case "label-regex", "name-regex", "text-regex" -> label = regex(v, name);
            case "state", "states", "state-contains" -> state = contains(v, name);
            case "state-exact" -> state = exact(v, name);
            case "state-regex" -> state = regex(v, name);
            case "not-state", "not-states" -> notState = contains(v, name);
            case "not-state-exact" -> notState = exact(v, name);
            case "not-state-regex" -> notState = regex(v, name);
            case "bounds", "rect" -> bounds = rect(v, name);
            case "contains", "point", "at" -> contains = point(v, name);
            case "within" -> within = rect(v, name);
            case "intersects", "overlaps" -> intersects = rect(v, name);
            case "min-width", "min_width" -> minWidth = size(v, name);
            case "min-height", "min_height" -> minHeight = size(v, name);
            case "confidence>", "confidence", "min-confidence", "min_confidence" -> minConfidence = confidence(v, name);
            case "window-id", "window_id" -> windowId = contains(v, name);
            case "window-id-exact", "window_id_exact" -> windowId = exact(v, name);
            case "window-id-regex", "window_id_regex" -> windowId = regex(v, name);
            case "window-title", "window_title" -> windowTitle = contains(v, name);
            case "window-title-exact", "window_title_exact" -> windowTitle = exact(v, name);
            case "window-title-regex", "window_title_regex" -> windowTitle = regex(v, name);
            case "app", "app-id", "app_id" -> app = contains(v, name);
            case "app-exact", "app-id-exact", "app_id_exact" -> app = exact(v, name);
            case "app-regex", "app-id-regex", "app_id_regex" -> app = regex(v, name);
            default -> throw new SelectorException("unknown selector key \"" + CallerText.shown(name) + '"');
        }
        parts.add(name + "=" + v);
        return this;
    }

    /**
     * The selector as text that {@link #parse} reads back to the same conditions: each part put, {@code key=value},
     * in order (a bare label as {@code label=…}). A workflow recorder writes it into the workflow a person saves;
     * like the selector itself it is never logged. Empty for {@link #any()} and for {@link #withoutText()}'s copies.
     */
    public String text() {
        return String.join(",", parts);
    }

    /** Whether every condition holds for the element. */
    public boolean matches(UiElement element) {
        Rect b = element.bounds();
        return (id == null || id.matches(element.id()))
                && (role == null || role.matches(element.role()))
                && (label == null || label.matches(element.label()))
                && (state == null || element.states().stream().anyMatch(state::matches))
                && (notState == null || element.states().stream().noneMatch(notState::matches))
                && (bounds == null || bounds.equals(b))
                && (contains == null || containsPoint(b, contains))
                && (within == null || containsRect(within, b))
                && (intersects == null || intersect(intersects, b))
                && (minWidth == null || b.width() >= minWidth)
                && (minHeight == null || b.height() >= minHeight)
                && (minConfidence == null || element.confidence() >= minConfidence)
                && (windowId == null || windowId.matches(element.windowId()))
                && (windowTitle == null || windowTitle.matches(element.windowTitle()))
                && (app == null || app.matches(element.appId()) || app.matches(element.windowTitle()));
    }

    /**
     * A copy with only the geometry and confidence conditions, for elements that have no text to match
     * (vision regions).
     */
    public Selector withoutText() {
        Selector geometry = new Selector();
        geometry.bounds = bounds;
        geometry.contains = contains;
        geometry.within = within;
        geometry.intersects = intersects;
        geometry.minWidth = minWidth;
        geometry.minHeight = minHeight;
        geometry.minConfidence = minConfidence;
        return geometry;
    }

    /** Whether the selector has no condition. */
    public boolean isEmpty() {
        return id == null
                && role == null
                && label == null
                && state == null
                && notState == null
                && windowId == null
                && windowTitle == null
                && app == null
                && bounds == null
                && contains == null
                && within == null
                && intersects == null
                && minWidth == null
                && minHeight == null
                && minConfidence == null;
    }

    /**
     * How well the element answers the selector's label and role, for choosing one target among several
     * matches as PeekabooX does: an exact label beats a partial one, an exact role a partial one.
     */
    public int score(UiElement element) {
        int score = 0;
        if (label != null && element.label() != null) {
            score += element.label().equalsIgnoreCase(label.value()) ? 1_000 : label.matches(element.label()) ? 500 : 0;
        }
        if (role != null) {
            score += element.role().equalsIgnoreCase(role.value()) ? 200 : role.matches(element.role()) ? 100 : 0;
        }
        return score + (element.bounds().hasArea() ? 10 : 0);
    }

    public TextMatch role() {
        return role;
    }

    public TextMatch label() {
        return label;
    }

    @Override
    public String toString() {
        return "Selector[redacted]";
    }

    // ---- parsing ----

    /** Splits on commas, letting a geometry value take the following bare numbers. */
    private static List<String> parts(String selector) {
        List<String> raw = new ArrayList<>();
        for (String part : selector.split(",", -1)) {
            if (!part.isBlank()) {
                raw.add(part.trim());
            }
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            StringBuilder part = new StringBuilder(raw.get(i));
            int split = separator(raw.get(i));
            int wanted = split < 0 ? 0 : geometryLength(raw.get(i).substring(0, split));
            if (wanted > 0) {
                int have = numbers(part.substring(split + 1)).size();
                while (have < wanted && i + 1 < raw.size() && separator(raw.get(i + 1)) < 0) {
                    part.append(',').append(raw.get(++i));
                    have = numbers(part.substring(split + 1)).size();
                }
            }
            parts.add(part.toString());
        }
        return parts;
    }

    /** The index of the first {@code =} or {@code :}, or -1 for a bare part. */
    private static int separator(String part) {
        int equals = part.indexOf('=');
        int colon = part.indexOf(':');
        if (equals < 0) {
            return colon;
        }
        return colon < 0 ? equals : Math.min(equals, colon);
    }

    private static int geometryLength(String key) {
        return switch (key.trim().toLowerCase(Locale.ROOT)) {
            case "bounds", "rect", "within", "intersects", "overlaps" -> 4;
            case "contains", "point", "at" -> 2;
            default -> 0;
        };
    }

    private static List<String> numbers(String value) {
        List<String> numbers = new ArrayList<>();
        for (String n : value.split("[,;:/x\\s]+")) {
            if (!n.isEmpty()) {
                numbers.add(n);
            }
        }
        return numbers;
    }

    private static long[] integers(String value, int count, String key, String shape) throws SelectorException {
        List<String> numbers = numbers(value);
        if (numbers.size() != count) {
            throw new SelectorException("selector key " + key + " must be " + shape);
        }
        long[] parsed = new long[count];
        for (int i = 0; i < count; i++) {
            try {
                parsed[i] = Integer.parseInt(numbers.get(i));
            } catch (NumberFormatException e) {
                throw new SelectorException("selector key " + key + " must be " + shape);
            }
        }
        return parsed;
    }

    private static Rect rect(String value, String key) throws SelectorException {
        long[] n = integers(value, 4, key, "x,y,width,height with a non-negative size");
        if (n[2] < 0 || n[3] < 0) {
            throw new SelectorException("selector key " + key + " must be x,y,width,height with a non-negative size");
        }
        return new Rect(n[0], n[1], n[2], n[3]);
    }

    private static UiElement.Point point(String value, String key) throws SelectorException {
        long[] n = integers(value, 2, key, "x,y");
        return new UiElement.Point(n[0], n[1]);
    }

    private static long size(String value, String key) throws SelectorException {
        try {
            long size = Long.parseLong(value);
            if (size < 0 || size > 0xFFFF_FFFFL) {
                throw new NumberFormatException();
            }
            return size;
        } catch (NumberFormatException e) {
            throw new SelectorException("selector key " + key + " must be an unsigned integer");
        }
    }

    private static double confidence(String value, String key) throws SelectorException {
        try {
            double confidence = Double.parseDouble(value);
            if (!Double.isFinite(confidence)) {
                throw new NumberFormatException();
            }
            return confidence;
        } catch (NumberFormatException e) {
            throw new SelectorException("selector key " + key + " must be a number");
        }
    }

    private static TextMatch contains(String value, String key) throws SelectorException {
        return TextMatch.of(TextMatch.Mode.CONTAINS, value, key);
    }

    private static TextMatch exact(String value, String key) throws SelectorException {
        return TextMatch.of(TextMatch.Mode.EXACT, value, key);
    }

    private static TextMatch regex(String value, String key) throws SelectorException {
        return TextMatch.of(TextMatch.Mode.REGEX, value, key);
    }

    // ---- geometry, as PeekabooX compares it ----

    private static boolean containsPoint(Rect r, UiElement.Point p) {
        return r.hasArea()
                && p.x() >= r.x()
                && p.x() < r.x() + r.width()
                && p.y() >= r.y()
                && p.y() < r.y() + r.height();
    }

    private static boolean containsRect(Rect outer, Rect inner) {
        return outer.hasArea()
                && inner.hasArea()
                && inner.x() >= outer.x()
                && inner.y() >= outer.y()
                && inner.x() + inner.width() <= outer.x() + outer.width()
                && inner.y() + inner.height() <= outer.y() + outer.height();
    }

    private static boolean intersect(Rect a, Rect b) {
        return a.hasArea()
                && b.hasArea()
                && a.x() < b.x() + b.width()
                && a.x() + a.width() > b.x()
                && a.y() < b.y() + b.height()
                && a.y() + a.height() > b.y();
    }
}
