package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The {@code occluded} warning of a window capture: other windows lie over the window, so part of the captured
 * region shows their pixels, not the window's. Found from the stacking order and the windows' geometry, never
 * from the pixels.
 *
 * @param coveredFraction the part of the captured region the windows above cover, above 0 and at most 1 (three
 *                        decimals; a sliver is 0.001, never 0)
 * @param covering        the covering windows, topmost first; at least one
 */
@JsonPropertyOrder({"code", "message", "covered_fraction", "covering"})
public record Occlusion(
        @JsonProperty("covered_fraction") double coveredFraction,
        @JsonProperty("covering") List<CoveringWindow> covering) {

    /** The warning's code on every surface. */
    public static final String CODE = "occluded";

    /**
     * One window over the captured one.
     *
     * @param windowId its ID as {@code windows} lists it (the X window ID in decimal)
     * @param title    its title, or empty
     * @param app      its application ID ({@code WM_CLASS} instance, else the program), or empty
     */
    public record CoveringWindow(
            @JsonProperty("window_id") String windowId,
            @JsonProperty("title") String title,
            @JsonProperty("app") String app) {

        public CoveringWindow {
            Objects.requireNonNull(windowId, "windowId");
            title = title == null ? "" : title;
            app = app == null ? "" : app;
        }
    }

    public Occlusion {
        if (!(coveredFraction > 0 && coveredFraction <= 1)) {
            throw new IllegalArgumentException("an occlusion covers more than nothing and at most everything");
        }
        covering = List.copyOf(covering);
        if (covering.isEmpty()) {
            throw new IllegalArgumentException("an occlusion names the windows that cover");
        }
    }

    /** A covered pixel count over the region's, rounded to three decimals and never down to nothing. */
    public static double fraction(long coveredPixels, long regionPixels) {
        if (coveredPixels <= 0 || regionPixels <= 0 || coveredPixels > regionPixels) {
            throw new IllegalArgumentException("covered pixels are some of the region's");
        }
        return Math.max(0.001, Math.round(coveredPixels * 1000.0 / regionPixels) / 1000.0);
    }

    /** Always {@value #CODE}. */
    @JsonProperty("code")
    public String code() {
        return CODE;
    }

    /** What a person reads: how much is covered and by which windows. */
    @JsonProperty("message")
    public String message() {
        StringBuilder text = new StringBuilder(String.format(
                Locale.ROOT,
                "%.1f%% of the window is covered by other windows (the pixels there are theirs):",
                coveredFraction * 100));
        String separator = " ";
        for (CoveringWindow window : covering) {
            text.append(separator).append(window.windowId());
            if (!window.title().isEmpty()) {
                text.append(" \"").append(window.title()).append('"');
            }
            if (!window.app().isEmpty()) {
                text.append(" (").append(window.app()).append(')');
            }
            separator = ", ";
        }
        return text.toString();
    }

    /** The warning as one line, for the surfaces whose warnings are text (OCR's): {@code occluded: } and the message. */
    public String line() {
        return CODE + ": " + message();
    }
}
