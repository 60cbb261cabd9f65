package org.praefectus.daemon.grpc;

import static org.praefectus.api.desktop.InputLimits.MAX_KEY_DELAY_MS;
import static org.praefectus.api.desktop.InputLimits.MAX_PAUSE_MS;
import static org.praefectus.api.desktop.InputLimits.MAX_REPEAT;
import static org.praefectus.daemon.grpc.InputFields.aimedByRatio;
import static org.praefectus.daemon.grpc.InputFields.backend;
import static org.praefectus.daemon.grpc.InputFields.bounded;
import static org.praefectus.daemon.grpc.InputFields.button;
import static org.praefectus.daemon.grpc.InputFields.clamp;
import static org.praefectus.daemon.grpc.InputFields.delay;
import static org.praefectus.daemon.grpc.InputFields.duration;
import static org.praefectus.daemon.grpc.InputFields.exactlyOne;
import static org.praefectus.daemon.grpc.InputFields.invalid;
import static org.praefectus.daemon.grpc.InputFields.point;
import static org.praefectus.daemon.grpc.InputFields.ratio;
import static org.praefectus.daemon.grpc.InputFields.rect;
import static org.praefectus.daemon.grpc.InputFields.restorePolicy;
import static org.praefectus.daemon.grpc.InputFields.scope;
import static org.praefectus.daemon.grpc.InputFields.selector;
import static org.praefectus.daemon.grpc.InputFields.steps;
import static org.praefectus.daemon.grpc.InputFields.text;
import static org.praefectus.daemon.grpc.InputFields.unsupported;

import java.util.List;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputLimits;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.daemon.grpc.v1.ClickRequest;
import org.praefectus.daemon.grpc.v1.DragRequest;
import org.praefectus.daemon.grpc.v1.HotkeyRequest;
import org.praefectus.daemon.grpc.v1.MoveMouseRequest;
import org.praefectus.daemon.grpc.v1.PasteTextRequest;
import org.praefectus.daemon.grpc.v1.TypeTextRequest;

/**
 * PeekabooX's current input messages ({@code MoveMouse}, {@code Click}, {@code Drag}, {@code TypeText},
 * {@code PasteText}, {@code Hotkey}) read into the desktop service's {@link InputRequest}, field by field: every field
 * is carried into the request (and so signed with the action, or shown by a dry run), or the whole request is refused
 * {@code INVALID_ARGUMENT} naming the field or value before anything is observed. Nothing is dropped.
 *
 * <p>This daemon has one input backend, its engine (what {@code ActionResponse.backend_name} says): a backend field
 * takes {@code auto} or {@value InputFields#ENGINE}; any other backend (PeekabooX's {@code xdotool}, {@code ydotool},
 * {@code wtype}…) would be a different effect than the one asked for, so it is refused.
 */
final class InputRequests {

    private InputRequests() {}

    static InputRequest move(MoveMouseRequest request) {
        UnknownFields.refuse(request, "MoveMouseRequest");
        if (request.hasTitleRegex()) {
            throw unsupported("MoveMouseRequest.title_regex", "windows are chosen by window_id, app or window_title");
        }
        backend("MoveMouseRequest.backend", request.hasBackend() ? request.getBackend() : null);
        boolean clamp = clamp("MoveMouseRequest", request.hasBoundsPolicy() ? request.getBoundsPolicy() : null);
        double[] ratio =
                ratio("ratio", request.hasRatioX(), request.getRatioX(), request.hasRatioY(), request.getRatioY());
        ElementScope scope = scope(
                request.hasApp() ? request.getApp() : null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        exactlyOne(
                "MoveMouse aims at coordinates, relative or ratio_x/ratio_y",
                request.hasCoordinates(),
                request.hasRelative(),
                ratio != null);
        aimedByRatio("MoveMouseRequest", ratio, request.hasRegion(), scope);
        InputRequest.Pace pace = new InputRequest.Pace(
                null,
                request.hasDurationMs() ? duration(request.getDurationMs()) : null,
                request.hasSteps() ? steps(request.getSteps()) : null,
                false,
                false);
        return InputRequest.of("move")
                .point(request.hasCoordinates() ? point(request.getCoordinates()) : null)
                .relative(request.hasRelative() ? point(request.getRelative()) : null)
                .region(request.hasRegion() ? rect(request.getRegion()) : null)
                .ratio(ratio)
                .scope(scope)
                .clamp(clamp)
                .pace(pace)
                .restore(request.getRestore())
                .dryRun(request.getDryRun())
                .build();
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
        double[] ratio =
                ratio("ratio", request.hasRatioX(), request.getRatioX(), request.hasRatioY(), request.getRatioY());
        ElementScope scope = scope(
                request.hasApp() ? request.getApp() : null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        exactlyOne(
                "Click aims at coordinates, a semantic_selector or ratio_x/ratio_y",
                request.hasCoordinates(),
                request.hasSemanticSelector(),
                ratio != null);
        if (!request.hasSemanticSelector()) {
            aimedByRatio("ClickRequest", ratio, request.hasRegion(), scope);
        } else if (request.hasRegion()) {
            throw invalid("ClickRequest.region is the area of ratio_x/ratio_y, not of a selector");
        }
        return InputRequest.of("click")
                .point(request.hasCoordinates() ? point(request.getCoordinates()) : null)
                .region(request.hasRegion() ? rect(request.getRegion()) : null)
                .ratio(ratio)
                .selector(request.hasSemanticSelector() ? selector(request.getSemanticSelector()) : null)
                .scope(scope)
                .clamp(clamp)
                .button(
                        request.hasButton()
                                ? button("ClickRequest.button", request.getButtonValue())
                                : MouseButton.LEFT)
                .restore(request.getRestore())
                .dryRun(request.getDryRun())
                .build();
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
        double[] toRatio = ratio(
                "to_ratio", request.hasToRatioX(), request.getToRatioX(), request.hasToRatioY(), request.getToRatioY());
        exactlyOne(
                "Drag starts at from, from_ratio_x/from_ratio_y or from_current",
                request.hasFrom(),
                fromRatio != null,
                request.getFromCurrent());
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
        return InputRequest.of("drag")
                .point(request.hasFrom() ? point(request.getFrom()) : null)
                .region(request.hasRegion() ? rect(request.getRegion()) : null)
                .ratio(fromRatio)
                .scope(scope)
                .fromCurrent(request.getFromCurrent())
                .to(request.hasTo() ? point(request.getTo()) : null)
                .toRatio(toRatio)
                .clamp(clamp)
                .button(request.hasButton() ? button("DragRequest.button", request.getButtonValue()) : MouseButton.LEFT)
                .pace(pace)
                .restore(request.getRestore())
                .dryRun(request.getDryRun())
                .build();
    }

    static InputRequest type(TypeTextRequest request) {
        UnknownFields.refuse(request, "TypeTextRequest");
        backend("TypeTextRequest.backend", request.hasBackend() ? request.getBackend() : null);
        Long keyDelay = null;
        if (request.hasKeyDelayMs()) {
            keyDelay = bounded("TypeTextRequest.key_delay_ms", request.getKeyDelayMs(), 0, MAX_KEY_DELAY_MS);
        } else if (request.hasTypingSpeedCharsPerSecond()) {
            // an explicit key delay wins over the speed, as in PeekabooX; the speed's bounds are InputLimits' own
            try {
                keyDelay = InputLimits.keyDelayOfSpeed(Integer.toUnsignedLong(request.getTypingSpeedCharsPerSecond()));
            } catch (IllegalArgumentException e) {
                throw invalid("TypeTextRequest.typing_speed_chars_per_second: " + e.getMessage());
            }
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
        backend(
                "PasteTextRequest.clipboard_backend",
                request.hasClipboardBackend() ? request.getClipboardBackend() : null);
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
            clipboard = request.hasRestorePolicy()
                    ? restorePolicy(request.getRestorePolicy())
                    : ClipboardRestore.BEST_EFFORT;
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
        return InputRequest.of(verb)
                .text(text)
                .keys(keys)
                .repeat(repeat)
                .intervalMs(intervalMs)
                .delayMs(delayMs)
                .pace(pace)
                .dryRun(dryRun)
                .clipboard(clipboard)
                .build();
    }
}
