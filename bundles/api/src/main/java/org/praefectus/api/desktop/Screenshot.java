package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Occlusion;

/**
 * A capture's metadata as PeekabooX writes it (never the pixels), and the frame itself for a surface that hands the
 * image on.
 *
 * @param output       the PNG file written (absolute), or {@code null}
 * @param x            the captured region's left edge on the screen
 * @param y            its top edge
 * @param width        the frame's width
 * @param height       the frame's height
 * @param windowId     the captured window's ID, or {@code null}
 * @param window       the window the filters found, or {@code null}
 * @param source       {@code screen}, {@code region} or {@code window}
 * @param backend      the capture backend that served the frame, as it names itself
 * @param timestamp    when it was taken (ISO-8601)
 * @param semanticTree the elements, when asked; {@code null} otherwise (and then left out)
 * @param warnings     what makes a window capture show other pixels than the window's: the {@code occluded}
 *                     warning ({@link Occlusion}) when windows lie over it; empty (and then left out) otherwise
 * @param frame        the pixels (not written as JSON)
 */
@JsonPropertyOrder({
    "output",
    "x",
    "y",
    "width",
    "height",
    "mime_type",
    "capture_region",
    "window_id",
    "window",
    "source",
    "backend",
    "timestamp",
    "semantic_tree",
    "warnings"
})
public record Screenshot(
        @JsonProperty("output") String output,
        @JsonProperty("x") int x,
        @JsonProperty("y") int y,
        @JsonProperty("width") int width,
        @JsonProperty("height") int height,
        @JsonProperty("window_id") String windowId,
        @JsonProperty("window") DesktopWindow window,
        @JsonProperty("source") String source,
        @JsonProperty("backend") String backend,
        @JsonProperty("timestamp") String timestamp,

        @JsonProperty("semantic_tree") @JsonInclude(JsonInclude.Include.NON_NULL)
        List<UiElement> semanticTree,

        @JsonProperty("warnings") @JsonInclude(JsonInclude.Include.NON_EMPTY)
        List<Occlusion> warnings,

        @JsonIgnore Frame frame) {

    public Screenshot {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A capture without warnings (the form before 1.7, kept for its callers). */
    public Screenshot(
            String output,
            int x,
            int y,
            int width,
            int height,
            String windowId,
            DesktopWindow window,
            String source,
            String backend,
            String timestamp,
            List<UiElement> semanticTree,
            Frame frame) {
        this(output, x, y, width, height, windowId, window, source, backend, timestamp, semanticTree, List.of(), frame);
    }

    /** Always {@code image/png}. */
    @JsonProperty("mime_type")
    public String mimeType() {
        return "image/png";
    }

    /** The region captured: {@code x}, {@code y}, {@code width}, {@code height}. */
    @JsonProperty("capture_region")
    public Map<String, Integer> captureRegion() {
        Map<String, Integer> region = new java.util.LinkedHashMap<>();
        region.put("x", x);
        region.put("y", y);
        region.put("width", width);
        region.put("height", height);
        return region;
    }
}
