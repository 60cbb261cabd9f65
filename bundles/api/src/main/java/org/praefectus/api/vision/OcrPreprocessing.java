package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Image preparation before recognition, applied in this order: scale, grayscale, contrast, threshold,
 * invert, deskew. Result coordinates are mapped back to the source image whatever is applied.
 *
 * @param scale     resize factor (0.1–8); {@code null}: none. Small screen text reads better at 2–3
 * @param grayscale convert to luminance
 * @param threshold binarise at this luminance (0–255): brighter becomes white; {@code null}: none
 * @param invert    invert the colours (light text on a dark background)
 * @param contrast  stretch around mid grey by this factor (0.1–10); {@code null}: none
 * @param deskew    estimate the text's skew angle and rotate it level
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OcrPreprocessing(
        @JsonProperty("scale") Double scale,
        @JsonProperty("grayscale") boolean grayscale,
        @JsonProperty("threshold") Integer threshold,
        @JsonProperty("invert") boolean invert,
        @JsonProperty("contrast") Double contrast,
        @JsonProperty("deskew") boolean deskew) {

    /** Nothing applied. */
    public static final OcrPreprocessing NONE = new OcrPreprocessing(null, false, null, false, null, false);

    public OcrPreprocessing {
        if (scale != null && !(scale >= 0.1 && scale <= 8)) {
            throw Checks.invalid("scale must be between 0.1 and 8");
        }
        Checks.channel("threshold", threshold);
        if (contrast != null && !(contrast >= 0.1 && contrast <= 10)) {
            throw Checks.invalid("contrast must be between 0.1 and 10");
        }
    }

    /** Whether anything is applied. */
    public boolean any() {
        return scale != null || grayscale || threshold != null || invert || contrast != null || deskew;
    }
}
