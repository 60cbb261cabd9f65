package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.praefectus.api.desktop.ApplicationOutcome;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.desktop.InputLimits;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;

/**
 * The socket's desktop methods ({@code click}, {@code move_mouse}, {@code drag}, {@code scroll}, {@code type_text},
 * {@code paste_text}, {@code hotkey}, {@code list_windows}, {@code find_elements}, {@code get_desktop_state}, and the
 * window verbs {@code focus_window}, {@code minimize_window}, {@code close_window}, {@code wait_for} and
 * {@code read_text}, and the application verbs {@code launch_app}, {@code switch_app}, {@code quit_app} and
 * {@code open}) as an
 * adapter of the {@link DesktopService}: each request's fields are read into the service's typed request (a field
 * it does not implement is refused by name, before anything happens), and the typed result is the reply's data. An
 * input verb succeeds only when its terminal is {@code succeeded}; any other terminal is the error of its code, with
 * the outcome as details.
 */
final class SocketDesktop {

    /** The methods this adapter serves. */
    static final List<String> METHODS = List.of(
            "click",
            "move_mouse",
            "drag",
            "scroll",
            "type_text",
            "paste_text",
            "hotkey",
            "list_windows",
            "find_elements",
            "get_desktop_state",
            "focus_window",
            "minimize_window",
            "close_window",
            "launch_app",
            "switch_app",
            "quit_app",
            "open",
            "wait_for",
            "read_text");

    private final DesktopService desktop;
    private final ResidentHost host;
    private final boolean visionFallback;

    /**
     * @param host           the daemon's host, which signs the input verbs
     * @param visionFallback whether element lookups fall back to vision by default ({@code --vision-fallback})
     */
    SocketDesktop(DesktopService desktop, ResidentHost host, boolean visionFallback) {
        this.desktop = desktop;
        this.host = host;
        this.visionFallback = visionFallback;
    }

    Object call(String method, JsonNode params, CancellationToken cancellation) throws IpcException {
        RequestFields fields = new RequestFields(method, params);
        try {
            return switch (method) {
                case "list_windows" -> desktop.windows(windows(fields), cancellation);
                case "find_elements" -> desktop.findElements(elements(fields), cancellation);
                case "get_desktop_state" -> {
                    int limit = fields.integer("limit", 0, 0, 100_000);
                    fields.noneLeft();
                    yield desktop.desktopState(limit, cancellation);
                }
                case "focus_window", "minimize_window", "close_window" -> input(window(method, fields), cancellation);
                case "launch_app", "switch_app", "quit_app", "open" -> application(method, fields, cancellation);
                case "wait_for" -> waitFor(fields, cancellation);
                case "read_text" -> {
                    Selector selector = selector(fields.requiredText("selector"));
                    ElementScope scope = scope(fields);
                    int offset = fields.integer("offset", 0, 0, Integer.MAX_VALUE);
                    int length = fields.integer("length", 4_096, 1, TextRead.MAX_PAGE);
                    fields.noneLeft();
                    yield desktop.readText(
                            new ElementQuery(selector, scope, 0, false, null, null), offset, length, cancellation);
                }
                default -> input(input(method, fields), cancellation);
            };
        } catch (DesktopException e) {
            throw new IpcException(e.code(), e.getMessage(), e.details());
        }
    }

    private Object input(InputRequest request, CancellationToken cancellation) throws DesktopException {
        InputOutcome outcome = desktop.input(request, host, cancellation);
        DesktopException failure = outcome.failure();
        if (failure != null) {
            throw failure;
        }
        return outcome;
    }

    /**
     * An application verb ({@code launch_app} is {@code app launch}) on the application {@code app} names (a desktop
     * profile or a {@code .desktop} ID), or {@code open} of {@code target}: the outcome with the window it showed.
     */
    private ApplicationOutcome application(String method, RequestFields fields, CancellationToken cancellation)
            throws DesktopException, IpcException {
        InputRequest request;
        if (method.equals("open")) {
            String target = fields.requiredText("target");
            boolean dryRun = fields.flag("dry_run");
            fields.noneLeft();
            request = InputRequest.open(target, dryRun);
        } else {
            String app = fields.requiredText("app");
            boolean dryRun = fields.flag("dry_run");
            fields.noneLeft();
            request = InputRequest.application(method.substring(0, method.indexOf('_')), app, dryRun);
        }
        InputOutcome outcome = desktop.input(request, host, cancellation);
        DesktopException failure = outcome.failure();
        if (failure != null) {
            throw failure;
        }
        return ApplicationOutcome.of(desktop, outcome);
    }

    private static WindowQuery windows(RequestFields fields) throws IpcException {
        String regex = fields.text("title_regex");
        Pattern titleRegex;
        try {
            titleRegex = regex == null ? null : Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IpcException("invalid_regex", "title_regex is not a valid regular expression");
        }
        String backend = fields.text("backend");
        if ("xdotool".equals(backend)) {
            backend = "x11"; // PeekabooX's X11 backend is xdotool; here it is EWMH over Xlib
        }
        String sort = fields.text("sort");
        if (backend != null && !WindowQuery.BACKENDS.contains(backend)) {
            throw IpcException.invalid("backend is one of auto, at-spi, x11, xdotool");
        }
        if (sort != null && !WindowQuery.SORTS.contains(sort)) {
            throw IpcException.invalid("sort is one of " + String.join(", ", WindowQuery.SORTS));
        }
        WindowQuery query = new WindowQuery(
                fields.text("id"),
                fields.text("app"),
                fields.text("title"),
                titleRegex,
                fields.flag("focused"),
                fields.integer("limit", 0, 0, 100_000),
                sort,
                backend,
                fields.flag("diagnose"));
        fields.noneLeft();
        return query;
    }

    private ElementQuery elements(RequestFields fields) throws IpcException {
        Selector selector = fields.has("selector") ? selector(fields.text("selector")) : Selector.any();
        long[] region = fields.rect("vision_region");
        UiElementDetectionOptions.Builder vision = UiElementDetectionOptions.builder();
        vision.edgeThreshold(fields.integer("vision_edge_threshold", 24, 1, 255));
        vision.minWidth(fields.integer("vision_min_width", 8, 1, 100_000));
        vision.minHeight(fields.integer("vision_min_height", 8, 1, 100_000));
        vision.minComponentPixels(fields.integer("vision_min_component_pixels", 12, 1, 100_000_000));
        vision.maxElements(fields.integer("vision_max_elements", 25, 1, 10_000));
        vision.mergeDistance(fields.integer("vision_merge_distance", 2, 0, 1_000));
        boolean fallback = fields.has("vision_fallback") ? fields.flag("vision_fallback") : visionFallback;
        ElementQuery query = new ElementQuery(
                selector,
                scope(fields),
                fields.integer("limit", 0, 0, 100_000),
                fallback,
                region == null ? null : new Region((int) region[0], (int) region[1], (int) region[2], (int) region[3]),
                vision.build());
        fields.noneLeft();
        return query;
    }

    /** An input verb's request from PeekabooX's socket fields (the CLI's flags, in snake_case). */
    static InputRequest input(String method, RequestFields fields) throws IpcException {
        // scroll is this daemon's own method: PeekabooX has no scroll action to name it
        String verb = method.equals("scroll") ? "scroll" : InputRequest.VERB_OF_ACTION.get(method);
        if (verb == null) {
            throw new IpcException("unknown_method", "unknown method");
        }
        boolean pointer = InputRequest.pointerVerb(verb);
        boolean scroll = verb.equals("scroll");
        long[] point = pointer
                ? fields.pair(verb.equals("drag") ? "from_x" : "x", verb.equals("drag") ? "from_y" : "y")
                : null;
        if (verb.equals("drag") && point == null) {
            point = fields.pair("x", "y");
        }
        String selectorText = fields.text("selector");
        String semantic = verb.equals("click") ? fields.text("semantic_selector") : null;
        if (selectorText != null && semantic != null) {
            throw IpcException.invalid("selector and semantic_selector exclude each other");
        }
        Selector selector = selectorText != null || semantic != null
                ? selector(selectorText != null ? selectorText : semantic)
                : null;
        if (fields.flag("vision_fallback")) {
            throw new IpcException(
                    "unsupported_field",
                    method + " does not implement vision_fallback: an input verb acts only on an accessible element"
                            + " it can fence; find_elements with vision_fallback finds regions and their centres");
        }
        String backend = fields.text("backend");
        if (backend != null && !List.of("auto", "x11", "xdotool", "at-spi").contains(backend)) {
            throw new IpcException("unsupported_field", method + " does not implement the backend " + backend);
        }
        long[] region = pointer ? fields.rect("region") : null;
        double[] ratio = pointer
                ? fields.ratio(
                        verb.equals("drag") ? "from_ratio_x" : "ratio_x",
                        verb.equals("drag") ? "from_ratio_y" : "ratio_y")
                : null;
        boolean clamp;
        try {
            clamp = InputLimits.clamps(pointer ? fields.text("bounds_policy") : null);
        } catch (IllegalArgumentException e) {
            throw IpcException.invalid(e.getMessage());
        }
        String text = null;
        if (verb.equals("type") || verb.equals("paste")) {
            text = fields.requiredText("text");
            if (!InputLimits.textFits(text)) {
                throw IpcException.invalid(method + " takes at most 64 KiB of text");
            }
        }
        List<String> keys = verb.equals("hotkey") ? chord(fields.words("keys", "+")) : List.of();
        Long keyDelay = verb.equals("type") || verb.equals("hotkey")
                ? fields.integer("key_delay_ms", 0, InputLimits.MAX_KEY_DELAY_MS)
                : null;
        Long speed = verb.equals("type")
                ? fields.integer("typing_speed_chars_per_second", 1, InputLimits.MAX_TYPING_SPEED)
                : null;
        if (keyDelay == null && speed != null) {
            keyDelay = InputLimits.keyDelayOfSpeed(speed);
        }
        boolean path = verb.equals("move") || verb.equals("drag");
        InputRequest.Pace pace = new InputRequest.Pace(
                keyDelay,
                path ? fields.integer("duration_ms", 0, RequestValidation.MAX_PATH_DURATION_MS) : null,
                path ? fields.integer("steps", 1, RequestValidation.MAX_PATH_STEPS) : null,
                verb.equals("hotkey") && fields.flag("release_before"),
                verb.equals("hotkey") && fields.flag("release_after"));
        ClipboardRestore clipboard = null;
        if (verb.equals("paste") && fields.flag("preserve_clipboard")) {
            String policy = fields.text("restore_policy");
            try {
                clipboard = InputLimits.restorePolicy(policy == null ? "best-effort" : policy);
            } catch (IllegalArgumentException e) {
                throw IpcException.invalid(e.getMessage());
            }
        }
        InputRequest request;
        try {
            request = InputRequest.of(verb)
                    .point(point)
                    .relative(verb.equals("move") ? fields.point("relative") : null)
                    .region(region == null ? null : new Rect(region[0], region[1], region[2], region[3]))
                    .ratio(ratio)
                    .selector(selector)
                    .scope(scope(fields))
                    .fromCurrent(verb.equals("drag") && fields.flag("from_current"))
                    .to(verb.equals("drag") ? fields.pair("to_x", "to_y") : null)
                    .toRatio(verb.equals("drag") ? fields.ratio("to_ratio_x", "to_ratio_y") : null)
                    .clamp(clamp)
                    .button(pointer && !scroll ? button(fields.text("button")) : MouseButton.LEFT)
                    .count(
                            verb.equals("click")
                                    ? fields.integer("count", 1, 1, InputLimits.MAX_CLICKS)
                                    : scroll ? fields.integer("amount", 1, 1, InputLimits.MAX_SCROLL_STEPS) : 1)
                    .direction(scroll ? direction(fields.requiredText("direction")) : null)
                    .text(text)
                    .keys(keys)
                    .repeat(verb.equals("hotkey") ? fields.integer("repeat", 1, 1, InputLimits.MAX_REPEAT) : 1)
                    .intervalMs(
                            verb.equals("hotkey") ? fields.integer("interval_ms", 0, 0, InputLimits.MAX_PAUSE_MS) : 0)
                    .delayMs(fields.integer("delay_ms", 0, 0, InputLimits.MAX_PAUSE_MS))
                    .pace(pace)
                    .restore(pointer && fields.flag("restore"))
                    .dryRun(fields.flag("dry_run"))
                    .clipboard(clipboard)
                    .build();
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid(method + ": " + invalid.getMessage());
        }
        fields.noneLeft();
        return request;
    }

    private static List<String> chord(List<String> words) throws IpcException {
        if (words.isEmpty() || words.size() > 8 || words.stream().anyMatch(String::isBlank)) {
            throw IpcException.invalid("hotkey needs keys: one to eight non-empty key names");
        }
        return words.stream().map(String::strip).toList();
    }

    private static Direction direction(String word) throws IpcException {
        try {
            return InputLimits.direction(word);
        } catch (IllegalArgumentException e) {
            throw IpcException.invalid(e.getMessage());
        }
    }

    private static MouseButton button(String name) throws IpcException {
        if (name == null) {
            return MouseButton.LEFT;
        }
        try {
            return MouseButton.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw IpcException.invalid("button is left, middle or right");
        }
    }

    /**
     * {@code wait_for}: {@code selector} in the scope fields, {@code gone}, {@code timeout_ms} (default 10 s); a wait
     * whose deadline passed is the error {@code timeout} with the wait as details.
     */
    private Object waitFor(RequestFields fields, CancellationToken cancellation) throws IpcException, DesktopException {
        Selector selector = selector(fields.requiredText("selector"));
        ElementScope scope = scope(fields);
        boolean gone = fields.flag("gone");
        int timeout = fields.integer("timeout_ms", 10_000, 0, (int) DesktopService.MAX_WAIT_MS);
        fields.noneLeft();
        ElementWait wait =
                desktop.waitFor(new ElementQuery(selector, scope, 0, false, null, null), gone, timeout, cancellation);
        DesktopException timedOut = wait.failure();
        if (timedOut != null) {
            throw timedOut;
        }
        return wait;
    }

    /** A window verb ({@code focus_window} is {@code window focus}) on the one window its scope fields name. */
    static InputRequest window(String method, RequestFields fields) throws IpcException {
        ElementScope scope = scope(fields);
        boolean dryRun = fields.flag("dry_run");
        fields.noneLeft();
        if (scope.equals(ElementScope.ALL)) {
            throw IpcException.invalid(method + " needs app, window_title or window_id");
        }
        return InputRequest.window(method.substring(0, method.indexOf('_')), scope, dryRun);
    }

    private static ElementScope scope(RequestFields fields) throws IpcException {
        return new ElementScope(fields.text("app"), fields.text("window_title"), fields.text("window_id"));
    }

    private static Selector selector(String text) throws IpcException {
        try {
            return Selector.parse(text);
        } catch (SelectorException e) {
            throw new IpcException(e.code(), e.getMessage());
        }
    }
}
