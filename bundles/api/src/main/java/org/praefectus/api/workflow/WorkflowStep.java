package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One workflow step, field for field as PeekabooX's {@code WorkflowStep} (snake_case on the wire), plus two
 * Praefectus fields: {@code retries} (attempts after the first, only ever after a terminal that proves no
 * effect) and {@code verify_selector} (the step's own check: a selector that matches only once its effect is
 * present). An absent option is {@code null} and is written back absent, so a file round-trips unchanged.
 * Build steps through {@link WorkflowService}, which validates them.
 *
 * <p>{@link #toString()} never shows the value or the selectors: typed text and selectors are never logged.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"action", "selector", "value"})
public record WorkflowStep(
        @JsonProperty("action") String action,
        @JsonProperty("selector") String selector,
        @JsonProperty("value") String value,
        @JsonProperty("x") Long x,
        @JsonProperty("y") Long y,
        @JsonProperty("from_x") Long fromX,
        @JsonProperty("from_y") Long fromY,
        @JsonProperty("to_x") Long toX,
        @JsonProperty("to_y") Long toY,
        @JsonProperty("from_current") Boolean fromCurrent,
        @JsonProperty("from_ratio_x") Double fromRatioX,
        @JsonProperty("from_ratio_y") Double fromRatioY,
        @JsonProperty("to_ratio_x") Double toRatioX,
        @JsonProperty("to_ratio_y") Double toRatioY,
        @JsonProperty("button") String button,
        @JsonProperty("duration_ms") Long durationMs,
        @JsonProperty("relative_x") Long relativeX,
        @JsonProperty("relative_y") Long relativeY,
        @JsonProperty("region") String region,
        @JsonProperty("ratio_x") Double ratioX,
        @JsonProperty("ratio_y") Double ratioY,
        @JsonProperty("window_id") String windowId,
        @JsonProperty("app") String app,
        @JsonProperty("window_title") String windowTitle,
        @JsonProperty("title_regex") String titleRegex,
        @JsonProperty("steps") Long steps,
        @JsonProperty("bounds_policy") String boundsPolicy,
        @JsonProperty("backend") String backend,
        @JsonProperty("clipboard_backend") String clipboardBackend,
        @JsonProperty("hotkey_backend") String hotkeyBackend,
        @JsonProperty("typing_speed_chars_per_second") Long typingSpeedCharsPerSecond,
        @JsonProperty("delay_ms") Long delayMs,
        @JsonProperty("key_delay_ms") Long keyDelayMs,
        @JsonProperty("repeat") Long repeat,
        @JsonProperty("interval_ms") Long intervalMs,
        @JsonProperty("release_before") Boolean releaseBefore,
        @JsonProperty("release_after") Boolean releaseAfter,
        @JsonProperty("preserve_clipboard") Boolean preserveClipboard,
        @JsonProperty("restore_delay_ms") Long restoreDelayMs,
        @JsonProperty("restore_policy") String restorePolicy,
        @JsonProperty("restore") Boolean restore,
        @JsonProperty("dry_run") Boolean dryRun,
        @JsonProperty("vision_fallback") Boolean visionFallback,
        @JsonProperty("verify") Boolean verify,
        @JsonProperty("retries") Long retries,
        @JsonProperty("verify_selector") String verifySelector) {

    /** PeekabooX's short action names and the canonical name each stands for. */
    private static final java.util.Map<String, String> ALIASES = java.util.Map.of(
            "move", "move_mouse", "type", "type_text", "paste", "paste_text", "capture", "capture_screen");

    /** The action under its canonical name ({@code move} is {@code move_mouse}, {@code type} is {@code type_text}…). */
    public String canonicalAction() {
        return ALIASES.getOrDefault(action, action);
    }

    /** Whether the step asks for verification after it ran (PeekabooX's default: yes). */
    public boolean verifies() {
        return verify == null || verify;
    }

    /** Whether the step shows what it would do instead of doing it. */
    public boolean dryRunning() {
        return Boolean.TRUE.equals(dryRun);
    }

    /** Whether the step asks for visual detection when accessibility finds nothing. */
    public boolean usesVisionFallback() {
        return Boolean.TRUE.equals(visionFallback);
    }

    @Override
    public String toString() {
        return "WorkflowStep[" + action + ", redacted]";
    }
}
