package org.praefectus.api.desktop;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.api.selector.Selector;

/**
 * One input verb: what to do and where, as every surface's wire form parses it (CLI flags, socket fields, gRPC
 * messages, MCP arguments). Exactly one way of
 * aiming is set for pointer verbs (a scroll may have none: it goes where the pointer is); keyboard verbs without one go
 * to the focused element of the active window.
 *
 * @param verb            {@code click}, {@code move}, {@code drag}, {@code scroll} (wheel steps over a point, an
 *                        element or, with no aim, where the pointer is), {@code type}, {@code paste}, {@code hotkey},
 *                        {@code select} (the item named {@code text} of the list, table, tree or combo box the
 *                        selector finds, signed as its {@code set_value}: {@link SelectableItems}), or a
 *                        window verb ({@link #WINDOW_VERBS}) on the window {@code scope} names, an application
 *                        verb ({@link #APPLICATION_VERBS}) or {@code open}
 * @param point           absolute {x, y}, or {@code null}
 * @param relative        {dx, dy} from the pointer ({@code move --relative}), or {@code null}
 * @param region          a region (or the scoped window's bounds) for {@code ratio}, or {@code null}
 * @param ratio           {rx, ry} inside {@code region} or the scoped window, or {@code null}
 * @param selector        a selector target, or {@code null}
 * @param scope           the windows a selector or ratio searches
 * @param fromCurrent     {@code drag --from-current}: start at the pointer
 * @param to              drag destination {x, y}, or {@code null}
 * @param toRatio         drag destination {rx, ry} inside the region or window, or {@code null}
 * @param clamp           move an out-of-bounds point onto the nearest display instead of failing
 * @param button          the mouse button
 * @param count           clicks of a click, wheel steps of a scroll (1 to {@link InputLimits#MAX_SCROLL_STEPS})
 * @param direction       the direction of a scroll (required for it), {@code null} for every other verb
 * @param text            typed or pasted text; the item a {@code select} chooses; an application verb's application (a desktop profile or a
 *                        {@code .desktop} id); what {@code open} opens (an absolute path or a URL); or {@code null}
 * @param clear           {@code type} at an element: replace the element's whole text instead of inserting at its
 *                        caret (signed as the {@code type_text} action's {@code clear})
 * @param keys            the hotkey chord, or empty
 * @param repeat          how many times the hotkey is pressed
 * @param intervalMs      pause between repeats
 * @param delayMs         pause before the first event
 * @param pace            how the effect is delivered, signed in the action: a {@code type}'s or {@code hotkey}'s
 *                        key delay, a {@code move}'s or {@code drag}'s path, a {@code hotkey}'s modifier release
 * @param restore         {@code click}, {@code move}, {@code drag}, {@code scroll}: once the verb succeeded, move the pointer back
 *                        to where it was before (PeekabooX's {@code --restore}; a second signed operation)
 * @param dryRun          show the request, sign and dispatch nothing
 * @param clipboard       {@code paste}: keep the previous clipboard under this policy, or {@code null} (the executor
 *                        still puts back what it can, unreported)
 */
public record InputRequest(
        String verb,
        long[] point,
        long[] relative,
        Rect region,
        double[] ratio,
        Selector selector,
        ElementScope scope,
        boolean fromCurrent,
        long[] to,
        double[] toRatio,
        boolean clamp,
        MouseButton button,
        int count,
        Direction direction,
        String text,
        boolean clear,
        List<String> keys,
        int repeat,
        int intervalMs,
        int delayMs,
        Pace pace,
        boolean restore,
        boolean dryRun,
        ClipboardRestore clipboard) {

    /**
     * The window verbs and the operation of the signed {@code window} action each one is: the one window
     * {@code scope} names is focused (raised and activated), minimized or closed.
     */
    public static final Map<String, WindowOperation> WINDOW_VERBS = Map.of(
            "focus", WindowOperation.FOCUS, "minimize", WindowOperation.MINIMIZE, "close", WindowOperation.CLOSE);

    /**
     * The application verbs and the operation of the signed {@code application} action each one is: the application
     * {@code text} names (a desktop profile or a {@code .desktop} id, never a command) is launched, switched to (its
     * one window focused) or quit (its windows closed).
     */
    public static final Map<String, ApplicationOperation> APPLICATION_VERBS = Map.of(
            "launch", ApplicationOperation.LAUNCH,
            "switch", ApplicationOperation.SWITCH,
            "quit", ApplicationOperation.QUIT);

    /** The verbs, as the CLI names them. */
    public static final Set<String> VERBS = Set.of(
            "click",
            "move",
            "drag",
            "scroll",
            "type",
            "paste",
            "hotkey",
            "select",
            "focus",
            "minimize",
            "close",
            "launch",
            "switch",
            "quit",
            "open");

    /** PeekabooX's action names (its socket methods, workflow actions and MCP tools) and the verb each one is. */
    public static final Map<String, String> VERB_OF_ACTION = Map.of(
            "click", "click",
            "move_mouse", "move",
            "drag", "drag",
            "type_text", "type",
            "paste_text", "paste",
            "hotkey", "hotkey");

    public InputRequest {
        if (!VERBS.contains(verb)) {
            throw new IllegalArgumentException("not an input verb");
        }
        keys = List.copyOf(keys);
        pace = pace == null ? Pace.NONE : pace;
        scope = scope == null ? ElementScope.ALL : scope;
        button = button == null ? MouseButton.LEFT : button;
        if (count < 1 || repeat < 1 || intervalMs < 0 || delayMs < 0) {
            throw new IllegalArgumentException("counts are positive and pauses not negative");
        }
        if (verb.equals("select") && (selector == null || text == null)) {
            throw new IllegalArgumentException("a select names its list, table, tree or combo box and its item");
        }
        if (verb.equals("scroll") != (direction != null)) {
            throw new IllegalArgumentException("a scroll, and only a scroll, has a direction");
        }
        if (verb.equals("scroll") && count > InputLimits.MAX_SCROLL_STEPS) {
            throw new IllegalArgumentException("a scroll is at most " + InputLimits.MAX_SCROLL_STEPS + " wheel steps");
        }
        if (clear && !verb.equals("type")) {
            throw new IllegalArgumentException("only a type replaces text");
        }
        if (clipboard != null && !verb.equals("paste")) {
            throw new IllegalArgumentException("only a paste keeps the clipboard");
        }
    }

    /**
     * PeekabooX's timing and release flags, each signed as a field of the action (never applied unsigned).
     *
     * @param keyDelayMs    {@code type}: pause between keystrokes (the {@code type_text} action's {@code delay_ms});
     *                      {@code hotkey}: pause between the chord's key events ({@code key_delay_ms}); or {@code null}
     * @param durationMs    {@code move}, {@code drag}: how long the pointer's path takes, or {@code null}
     * @param steps         {@code move}, {@code drag}: motions along the path, or {@code null}
     * @param releaseBefore {@code hotkey}: release held modifier keys before the chord
     * @param releaseAfter  {@code hotkey}: release modifier keys still held after the chord
     */
    public record Pace(Long keyDelayMs, Long durationMs, Long steps, boolean releaseBefore, boolean releaseAfter) {

        /** No pace: the reference's actions. */
        public static final Pace NONE = new Pace(null, null, null, false, false);
    }

    /**
     * A {@code verb} with every option at its default (left button, one click, pressed once, no pause, no pace, the
     * whole desktop in scope), to be aimed and set by name.
     */
    public static InputRequestBuilder of(String verb) {
        return new InputRequestBuilder(verb);
    }

    /** A builder holding this request's fields, to derive another request from it. */
    public InputRequestBuilder toBuilder() {
        return new InputRequestBuilder(this);
    }

    /**
     * A pointer verb at an absolute point with every other option at its default (left button, one click, no
     * clamp, the whole desktop in scope).
     */
    public static InputRequest at(String verb, long[] point, boolean restore, boolean dryRun) {
        return of(verb).point(point).restore(restore).dryRun(dryRun).build();
    }

    /**
     * A verb at the element {@code selector} finds in {@code scope}, with {@code text} for {@code type} (the item for
     * {@code select}, else {@code null}) and every other option at its default.
     */
    public static InputRequest selected(
            String verb, Selector selector, ElementScope scope, String text, boolean dryRun) {
        return of(verb).selector(selector)
                .scope(scope)
                .text(text)
                .dryRun(dryRun)
                .build();
    }

    /**
     * A scroll of {@code steps} wheel steps in {@code direction} at the absolute {@code point}, else over the element
     * {@code selector} finds in {@code scope}, else (both {@code null}) where the pointer is; every other option at its
     * default.
     */
    public static InputRequest scroll(
            Direction direction, int steps, long[] point, Selector selector, ElementScope scope, boolean dryRun) {
        return of("scroll")
                .direction(direction)
                .count(steps)
                .point(point)
                .selector(selector)
                .scope(scope)
                .dryRun(dryRun)
                .build();
    }

    /** A window verb ({@link #WINDOW_VERBS}) on the one window {@code scope} names. */
    public static InputRequest window(String verb, ElementScope scope, boolean dryRun) {
        if (!WINDOW_VERBS.containsKey(verb)) {
            throw new IllegalArgumentException("not a window verb");
        }
        return of(verb).scope(scope).dryRun(dryRun).build();
    }

    /** An application verb ({@link #APPLICATION_VERBS}) on the application {@code name} names. */
    public static InputRequest application(String verb, String name, boolean dryRun) {
        if (!APPLICATION_VERBS.containsKey(verb) || name == null || name.isBlank()) {
            throw new IllegalArgumentException("an application verb and a name");
        }
        return of(verb).text(name).dryRun(dryRun).build();
    }

    /** {@code open}: the file (an absolute path) or URL {@code target} opened by the desktop's handler. */
    public static InputRequest open(String target, boolean dryRun) {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("open needs a file or URL");
        }
        return of("open").text(target).dryRun(dryRun).build();
    }

    /**
     * A left-button drag between two points given as fractions of {@code region}, taking {@code durationMs} (or the
     * executor's own path when {@code null}), every other option at its default.
     */
    public static InputRequest dragIn(
            Rect region, double[] fromRatio, double[] toRatio, Long durationMs, boolean dryRun) {
        return of("drag")
                .region(region)
                .ratio(fromRatio)
                .toRatio(toRatio)
                .pace(durationMs == null ? Pace.NONE : new Pace(null, durationMs, null, false, false))
                .dryRun(dryRun)
                .build();
    }

    /** This {@code type} replacing the element's whole text instead of inserting at its caret. */
    public InputRequest replacing() {
        return toBuilder().clear(true).build();
    }

    /**
     * Whether {@code verb} is aimed like the pointer (at a point, a ratio or an element, and may move the pointer there):
     * {@code click}, {@code move}, {@code drag}, {@code scroll}.
     */
    public static boolean pointerVerb(String verb) {
        return Action.pointerKind(verb); // the desktop's pointer verbs are the protocol's pointer kinds
    }

    /** Whether the verb moves the pointer (and so needs a point). */
    public boolean pointer() {
        return pointerVerb(verb);
    }

    @Override
    public String toString() {
        return "InputRequest[" + verb + ", redacted]";
    }
}
