package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * Two image files compared, as every surface answers {@code compare} ({@code compare_images}) and writes its
 * report.
 *
 * @param expected   the expected image file, as the caller named it
 * @param actual     the actual image file
 * @param result     the difference under the caller's tolerance
 * @param diffOutput the diff PNG written, or {@code null}
 * @param report     the JSON report written (this comparison), or {@code null}
 */
@JsonPropertyOrder({"expected", "actual", "result", "diff_output", "report"})
public record ImageComparison(
        @JsonProperty("expected") String expected,
        @JsonProperty("actual") String actual,
        @JsonProperty("result") VisualDiff result,
        @JsonProperty("diff_output") String diffOutput,
        @JsonProperty("report") String report) {

    /** The error code of a comparison whose images differ beyond the tolerance, when the caller asked to fail. */
    public static final String MISMATCH = "visual_mismatch";

    public ImageComparison {
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(actual, "actual");
        Objects.requireNonNull(result, "result");
    }

    /** The message of {@link #MISMATCH}: how many pixels changed (never what they show). */
    public String mismatchMessage() {
        return "the images differ beyond the tolerance (" + result.changedPixels() + " of " + result.comparedPixels()
                + " pixels changed)";
    }
}
