package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * The text read from an image file or from the screen, as every surface answers {@code ocr}.
 *
 * @param image  the image file read, as the caller named it; {@code null} for the screen
 * @param region the region read, in the image's or the screen's coordinates; {@code null} for all of it
 * @param result the text, its blocks and words (in screen coordinates for a region of the screen)
 */
@JsonPropertyOrder({"image", "region", "result"})
public record OcrReading(
        @JsonProperty("image") String image,
        @JsonProperty("region") Region region,
        @JsonProperty("result") OcrResult result) {

    public OcrReading {
        Objects.requireNonNull(result, "result");
    }
}
