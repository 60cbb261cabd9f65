package org.praefectus.api.desktop;

import java.nio.charset.StandardCharsets;
import org.praefectus.api.protocol.Direction;

/**
 * The bounds and words of PeekabooX's input vocabulary that every surface checks before it builds an {@link
 * InputRequest} (CLI flags, socket fields, gRPC messages): one set, so each refuses exactly what the others refuse.
 */
public final class InputLimits {

    /** Longest text a type or paste takes, in UTF-8 bytes. */
    public static final int MAX_TEXT_BYTES = 64 * 1024;

    /** Longest pause between keystrokes or key events. */
    public static final int MAX_KEY_DELAY_MS = 1_000;

    /** Fastest typing speed, in characters per second (its key delay is one second divided by it). */
    public static final int MAX_TYPING_SPEED = 1_000;

    /** Most presses of one hotkey. */
    public static final int MAX_REPEAT = 100;

    /** Longest pause before the first event or between a hotkey's repeats. */
    public static final int MAX_PAUSE_MS = 60_000;

    /** Most presses of one click (a triple click). */
    public static final int MAX_CLICKS = 3;

    /** Most wheel steps of one scroll (the protocol's bound on a {@code scroll} action's {@code amount}). */
    public static final int MAX_SCROLL_STEPS = 100;

    private InputLimits() {}

    /** Whether a text is within {@link #MAX_TEXT_BYTES}. */
    public static boolean textFits(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length <= MAX_TEXT_BYTES;
    }

    /** The key delay a typing speed (1 to {@link #MAX_TYPING_SPEED} characters per second) means. */
    public static long keyDelayOfSpeed(long charsPerSecond) {
        if (charsPerSecond < 1 || charsPerSecond > MAX_TYPING_SPEED) {
            throw new IllegalArgumentException(
                    "typing speed is from 1 to " + MAX_TYPING_SPEED + " characters a second");
        }
        return Math.round(1_000.0 / charsPerSecond);
    }

    /**
     * PeekabooX's {@code bounds_policy}: whether a point outside every display is moved onto the nearest one
     * ({@code clamp}) rather than refused ({@code fail}, the default when absent).
     *
     * @throws IllegalArgumentException for any other word
     */
    public static boolean clamps(String boundsPolicy) {
        if (boundsPolicy == null || boundsPolicy.equals("fail")) {
            return false;
        }
        if (boundsPolicy.equals("clamp")) {
            return true;
        }
        throw new IllegalArgumentException("bounds_policy '" + boundsPolicy + "' is clamp or fail");
    }

    /**
     * PeekabooX's paste {@code restore_policy} ({@code best-effort} also written {@code best_effort}).
     *
     * @throws IllegalArgumentException for any other word
     */
    public static ClipboardRestore restorePolicy(String word) {
        return switch (word) {
            case "strict" -> ClipboardRestore.STRICT;
            case "best-effort", "best_effort" -> ClipboardRestore.BEST_EFFORT;
            case "off" -> ClipboardRestore.OFF;
            default ->
                throw new IllegalArgumentException("restore_policy '" + word + "' is strict, best-effort or off");
        };
    }

    /**
     * A scroll's direction as every surface spells it: {@code up}, {@code down}, {@code left} or {@code right}.
     *
     * @throws IllegalArgumentException for any other word
     */
    public static Direction direction(String word) {
        return switch (word == null ? "" : word) {
            case "up" -> Direction.UP;
            case "down" -> Direction.DOWN;
            case "left" -> Direction.LEFT;
            case "right" -> Direction.RIGHT;
            default -> throw new IllegalArgumentException("direction is up, down, left or right");
        };
    }
}
