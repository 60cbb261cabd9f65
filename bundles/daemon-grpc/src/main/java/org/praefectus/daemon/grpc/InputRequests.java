package org.praefectus.daemon.grpc;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.daemon.grpc.v1.ClickRequest;
import org.praefectus.daemon.grpc.v1.DragRequest;
import org.praefectus.daemon.grpc.v1.HotkeyRequest;
import org.praefectus.daemon.grpc.v1.MoveMouseRequest;
import org.praefectus.daemon.grpc.v1.PasteTextRequest;
import org.praefectus.daemon.grpc.v1.Point;
import org.praefectus.daemon.grpc.v1.Rect;
import org.praefectus.daemon.grpc.v1.TypeTextRequest;

/**
 * PeekabooX's current input messages ({@code MoveMouse}, {@code Click}, {@code Drag}, {@code TypeText},
 * {@code PasteText}, {@code Hotkey}) read into the desktop service's {@link InputRequest}, field by field: every field
 * is carried into the request (and so signed with the action, or shown by a dry run), or the whole request is refused
 * {@code INVALID_ARGUMENT} naming the field or value before anything is observed. Nothing is dropped.
 *
 * <p>This daemon has one input backend, its engine (what {@code ActionResponse.backend_name} says): a backend field
 * takes {@code auto} or {@value #ENGINE}; any other backend (PeekabooX's {@code xdotool}, {@code ydotool},
 * {@code wtype}…) would be a different effect than the one asked for, so it is refused.
 */
final class InputRequests {

    /** The backend this daemon's input verbs run on, as {@code ActionResponse.backend_name} names it. */
    static final String ENGINE = "praefectus";

    private static final Set<String> BACKENDS = Set.of("auto", ENGINE);

    /** Longest text TypeText or PasteText takes, in bytes (the executor's paste bound). */
    static final int MAX_TEXT_BYTES = 64 * 1024;

    private static final int MAX_PAUSE_MS = 60_000;
    private static final int MAX_KEY_DELAY_MS = 1_000;
    private static final int MAX_REPEAT = 100;

    private InputRequests() {}

    static InputRequest move(MoveMouseRequest request) {
        UnknownFields.refuse(request, "MoveMouseRequest");
        if (request.hasTitleRegex()) {
            throw unsupported("MoveMouseRequest.title_regex", "windows are chosen by window_id, app or window_title");
        }
        backend("MoveMouseRequest.backend", request.hasBackend() ? request.getBackend() : null);
        boolean clamp = clamp("MoveMouseRequest", request.hasBoundsPolicy() ? request.getBoundsPolicy() : null);
        double[] ratio = ratio("ratio", request.hasRatioX(), request.getRatioX(), request.hasRatioY(), request.getRatioY());
        ElementScope scope = scope(
                request.hasApp() ? request.getApp() : null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        exactlyOne("MoveMouse aims at coordinates, relative or ratio_x/ratio_y",
                request.hasCoordinates(), request.hasRelative(), ratio != null);
        aimedByRatio("MoveMouseRequest", ratio, request.hasRegion(), scope);
        InputRequest.Pace pace = new InputRequest.Pace(
                null,
                request.hasDurationMs() ? duration(request.getDurationMs()) : null,
                request.hasSteps() ? steps(request.getSteps()) : null,
                false,
                false);
        return new InputRequest(
                "move",
                request.hasCoordinates() ? point(request.getCoordinates()) : null,
                request.hasRelative() ? point(request.getRelative()) : null,
                request.hasRegion() ? rect(request.getRegion()) : null,
                ratio,
                null,
                scope,
                false,
                null,
                null,
                clamp,
                MouseButton.LEFT,
                1,
                null,
                false,
                List.of(),
                1,
                0,
                0,
                pace,
                request.getRestore(),
                request.getDryRun(),
                null);
    }

    static InputRequest click(ClickRequest request) {
        UnknownFields.refuse(request, "ClickRequest");
        if (request.hasWindowSelector()) {
            throw unsupported("ClickRequest.window_selector", "windows are chosen by window_id, app or window_title");
        }
        if (request.getVisionFallback()) {
            throw unsupported(
                    "ClickRequest.vision_fallback", "an input verb acts only on an accessible element it can fence");
        }
        if (request.hasTitleRegex()) {
            throw unsupported("ClickRequest.title_regex", "windows are chosen by window_id, app or window_title");
        }
        backend("ClickRequest.backend", request.hasBackend() ? request.getBackend() : null);
        boolean clamp = clamp("ClickRequest", request.hasBoundsPolicy() ? request.getBoundsPolicy() : null);
        double[] ratio = ratio("ratio", request.hasRatioX(), request.getRatioX(), request.hasRatioY(), request.getRatioY());
        ElementScope scope = scope(
                request.hasApp() ? request.getApp() : null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        exactlyOne("Click aims at coordinates, a semantic_selector or ratio_x/ratio_y",
                request.hasCoordinates(), request.hasSemanticSelector(), ratio != null);
        if (!request.hasSemanticSelector()) {
            aimedByRatio("ClickRequest", ratio, request.hasRegion(), scope);
        } else if (request.hasRegion()) {
            throw invalid("ClickRequest.region is the area of ratio_x/ratio_y, not of a selector");
        }
        return new InputRequest(
                "click",
                request.hasCoordinates() ? point(request.getCoordinates()) : null,
                null,
                request.hasRegion() ? rect(request.getRegion()) : null,
                ratio,
                request.hasSemanticSelector() ? selector(request.getSemanticSelector()) : null,
                scope,
                false,
                null,
                null,
                clamp,
                request.hasButton() ? button("ClickRequest.button", request.getButtonValue()) : MouseButton.LEFT,
                1,
                null,
                false,
                List.of(),
                1,
                0,
                0,
                InputRequest.Pace.NONE,
                request.getRestore(),
                request.getDryRun(),
                null);
    }

    static InputRequest drag(DragRequest request) {
        UnknownFields.refuse(request, "DragRequest");
        if (request.hasTitleRegex()) {
            throw unsupported("DragRequest.title_regex", "windows are chosen by window_id, app or window_title");
        }
        backend("DragRequest.backend", request.hasBackend() ? request.getBackend() : null);
        boolean clamp = clamp("DragRequest", request.hasBoundsPolicy() ? request.getBoundsPolicy() : null);
        double[] fromRatio = ratio(
                "from_ratio",
                request.hasFromRatioX(),
                request.getFromRatioX(),
                request.hasFromRatioY(),
                request.getFromRatioY());
        double[] toRatio =
                ratio("to_ratio", request.hasToRatioX(), request.getToRatioX(), request.hasToRatioY(), request.getToRatioY());
        exactlyOne("Drag starts at from, from_ratio_x/from_ratio_y or from_current",
                request.hasFrom(), fromRatio != null, request.getFromCurrent());
        exactlyOne("Drag ends at to or to_ratio_x/to_ratio_y", request.hasTo(), toRatio != null);
        ElementScope scope = scope(
                request.hasApp() ? request.getApp() : null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        aimedByRatio("DragRequest", fromRatio != null ? fromRatio : toRatio, request.hasRegion(), scope);
        InputRequest.Pace pace = new InputRequest.Pace(
                null,
                request.hasDurationMs() ? duration(request.getDurationMs()) : null,
                request.hasSteps() ? steps(request.getSteps()) : null,
                false,
                false);
        return new InputRequest(
                "drag",
                request.hasFrom() ? point(request.getFrom()) : null,
                null,
                request.hasRegion() ? rect(request.getRegion()) : null,
                fromRatio,
                null,
                scope,
                request.getFromCurrent(),
                request.hasTo() ? point(request.getTo()) : null,
                toRatio,
                clamp,
                request.hasButton() ? button("DragRequest.button", request.getButtonValue()) : MouseButton.LEFT,
                1,
                null,
                false,
                List.of(),
                1,
                0,
                0,
                pace,
                request.getRestore(),
                request.getDryRun(),
                null);
    }

    static InputRequest type(TypeTextRequest request) {
        UnknownFields.refuse(request, "TypeTextRequest");
        backend("TypeTextRequest.backend", request.hasBackend() ? request.getBackend() : null);
        Long keyDelay = null;
        if (request.hasKeyDelayMs()) {
            keyDelay = bounded("TypeTextRequest.key_delay_ms", request.getKeyDelayMs(), 0, MAX_KEY_DELAY_MS);
        } else if (request.hasTypingSpeedCharsPerSecond()) {
            // an explicit key delay wins over the speed, as in PeekabooX
            long speed = bounded(
                    "TypeTextRequest.typing_speed_chars_per_second", request.getTypingSpeedCharsPerSecond(), 1, 1_000);
            keyDelay = Math.round(1_000.0 / speed);
        }
        return keyboard(
                "type",
                text(request.getText()),
                List.of(),
                1,
                0,
                delay("TypeTextRequest.delay_ms", request.hasDelayMs(), request.getDelayMs()),
                new InputRequest.Pace(keyDelay, null, null, false, false),
                request.getDryRun(),
                null);
    }

    static InputRequest paste(PasteTextRequest request) {
        UnknownFields.refuse(request, "PasteTextRequest");
        backend("PasteTextRequest.clipboard_backend", request.hasClipboardBackend() ? request.getClipboardBackend() : null);
        backend("PasteTextRequest.hotkey_backend", request.hasHotkeyBackend() ? request.getHotkeyBackend() : null);
        if (request.hasRestoreDelayMs()) {
            throw unsupported(
                    "PasteTextRequest.restore_delay_ms",
                    "the executor gives the clipboard back as soon as the paste was delivered");
        }
        ClipboardRestore clipboard = null;
        if (request.hasRestorePolicy() && !request.getPreserveClipboard()) {
            throw invalid("PasteTextRequest.restore_policy needs preserve_clipboard");
        }
        if (request.getPreserveClipboard()) {
            clipboard = request.hasRestorePolicy() ? restorePolicy(request.getRestorePolicy()) : ClipboardRestore.BEST_EFFORT;
        }
        return keyboard(
                "paste",
                text(request.getText()),
                List.of(),
                1,
                0,
                delay("PasteTextRequest.delay_ms", request.hasDelayMs(), request.getDelayMs()),
                InputRequest.Pace.NONE,
                request.getDryRun(),
                clipboard);
    }

    static InputRequest hotkey(HotkeyRequest request) {
        UnknownFields.refuse(request, "HotkeyRequest");
        backend("HotkeyRequest.backend", request.hasBackend() ? request.getBackend() : null);
        List<String> keys = request.getKeysList().stream()
                .flatMap(key -> List.of(key.split("\\+", -1)).stream())
                .map(String::strip)
                .toList();
        if (keys.isEmpty() || keys.size() > 8 || keys.stream().anyMatch(String::isEmpty)) {
            throw invalid("Hotkey takes one to eight non-empty keys");
        }
        Long keyDelay = request.hasKeyDelayMs()
                ? bounded("HotkeyRequest.key_delay_ms", request.getKeyDelayMs(), 0, MAX_KEY_DELAY_MS)
                : null;
        return keyboard(
                "hotkey",
                null,
                keys,
                request.hasRepeat() ? (int) bounded("HotkeyRequest.repeat", request.getRepeat(), 1, MAX_REPEAT) : 1,
                request.hasIntervalMs()
                        ? (int) bounded("HotkeyRequest.interval_ms", request.getIntervalMs(), 0, MAX_PAUSE_MS)
                        : 0,
                delay("HotkeyRequest.delay_ms", request.hasDelayMs(), request.getDelayMs()),
                new InputRequest.Pace(keyDelay, null, null, request.getReleaseBefore(), request.getReleaseAfter()),
                request.getDryRun(),
                null);
    }

    /** A keyboard verb to the focused element of the active window. */
    private static InputRequest keyboard(
            String verb,
            String text,
            List<String> keys,
            int repeat,
            int intervalMs,
            int delayMs,
            InputRequest.Pace pace,
            boolean dryRun,
            ClipboardRestore clipboard) {
        return new InputRequest(
                verb,
                null,
                null,
                null,
                null,
                null,
                ElementScope.ALL,
                false,
                null,
                null,
                false,
                MouseButton.LEFT,
                1,
                text,
                false,
                keys,
                repeat,
                intervalMs,
                delayMs,
                pace,
                false,
                dryRun,
                clipboard);
    }

    /** A backend field: absent, {@code auto} or this daemon's engine; any other value is refused by name. */
    private static void backend(String field, String value) {
        if (value != null && !BACKENDS.contains(value.toLowerCase(Locale.ROOT))) {
            throw Status.INVALID_ARGUMENT
                    .withDescription("unsupported_backend: " + field + " '" + value
                            + "' is not a backend of this daemon, which delivers input through its engine (auto or "
                            + ENGINE + "); nothing was done")
                    .asRuntimeException();
        }
    }

    /** PeekabooX's {@code bounds_policy}: {@code clamp} onto the nearest display, or {@code fail} (the default). */
    private static boolean clamp(String message, String policy) {
        if (policy == null || policy.equals("fail")) {
            return false;
        }
        if (policy.equals("clamp")) {
            return true;
        }
        throw invalid(message + ".bounds_policy '" + policy + "' is clamp or fail");
    }

    /** Both halves of a ratio, each from 0 to 1, or neither ({@code null}). */
    private static double[] ratio(String name, boolean hasX, float x, boolean hasY, float y) {
        if (hasX != hasY) {
            throw invalid(name + "_x and " + name + "_y go together");
        }
        if (!hasX) {
            return null;
        }
        if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
            throw invalid(name + "_x and " + name + "_y are from 0 to 1");
        }
        return new double[] {x, y};
    }

    /** A region and window fields say where a ratio lies, so they come only with one (and not both at once). */
    private static void aimedByRatio(String message, double[] ratio, boolean hasRegion, ElementScope scope) {
        boolean scoped = !scope.equals(ElementScope.ALL);
        if (ratio == null && (hasRegion || scoped)) {
            throw invalid(message + ".region and its window fields say where a ratio lies: give the ratio");
        }
        if (hasRegion && scoped) {
            throw invalid(message + " takes a region or window fields for its ratio, not both");
        }
    }

    private static void exactlyOne(String rule, boolean... aims) {
        int given = 0;
        for (boolean aim : aims) {
            given += aim ? 1 : 0;
        }
        if (given != 1) {
            throw invalid(rule + ", exactly one");
        }
    }

    private static ElementScope scope(String app, String windowTitle, String windowId) {
        return new ElementScope(app, windowTitle, windowId);
    }

    private static MouseButton button(String field, int value) {
        return switch (value) {
            case org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_UNSPECIFIED_VALUE,
                    org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_LEFT_VALUE -> MouseButton.LEFT;
            case org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_MIDDLE_VALUE -> MouseButton.MIDDLE;
            case org.praefectus.daemon.grpc.v1.MouseButton.MOUSE_BUTTON_RIGHT_VALUE -> MouseButton.RIGHT;
            default -> throw invalid(field + " " + value + " is not a button: left, middle or right");
        };
    }

    private static ClipboardRestore restorePolicy(String policy) {
        return switch (policy) {
            case "strict" -> ClipboardRestore.STRICT;
            case "best-effort", "best_effort" -> ClipboardRestore.BEST_EFFORT;
            case "off" -> ClipboardRestore.OFF;
            default ->
                throw invalid("PasteTextRequest.restore_policy '" + policy + "' is strict, best-effort or off");
        };
    }

    private static Long duration(long value) {
        return bounded("duration_ms", value, 0, RequestValidation.MAX_PATH_DURATION_MS);
    }

    private static Long steps(long value) {
        return bounded("steps", value, 1, RequestValidation.MAX_PATH_STEPS);
    }

    private static int delay(String field, boolean given, long value) {
        return given ? (int) bounded(field, value, 0, MAX_PAUSE_MS) : 0;
    }

    /** An unsigned protobuf number within bounds ({@code uint64} arrives as a possibly negative {@code long}). */
    private static long bounded(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw invalid(field + " is from " + min + " to " + max);
        }
        return value;
    }

    private static String text(String text) {
        if (text.getBytes(StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
            throw invalid("the text is longer than 64 KiB");
        }
        return text;
    }

    private static Selector selector(String text) {
        try {
            return Selector.parse(text);
        } catch (SelectorException e) {
            throw Status.INVALID_ARGUMENT
                    .withDescription(e.code() + ": " + e.getMessage())
                    .asRuntimeException();
        }
    }

    private static long[] point(Point point) {
        return new long[] {point.getX(), point.getY()};
    }

    private static org.praefectus.api.protocol.Rect rect(Rect rect) {
        if (rect.getWidth() <= 0 || rect.getHeight() <= 0) {
            throw invalid("a region has a positive width and height");
        }
        return new org.praefectus.api.protocol.Rect(rect.getX(), rect.getY(), rect.getWidth(), rect.getHeight());
    }

    private static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT
                .withDescription("invalid_request: " + message)
                .asRuntimeException();
    }

    private static StatusRuntimeException unsupported(String field, String why) {
        return Status.INVALID_ARGUMENT
                .withDescription("unsupported_field: " + field + " is not implemented by this daemon (" + why
                        + "); nothing was done")
                .asRuntimeException();
    }
}
