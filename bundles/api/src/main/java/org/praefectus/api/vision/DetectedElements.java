package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * The UI regions found in an image file from pixels alone, as every surface answers {@code vision-elements}
 * ({@code detect_ui_elements}).
 *
 * @param image         the image file, as the caller named it
 * @param elements      the regions found
 * @param maskOutput    the saliency mask PNG written, or {@code null}
 * @param overlayOutput the overlay PNG written, or {@code null}
 */
@JsonPropertyOrder({"image", "elements", "mask_output", "overlay_output"})
public record DetectedElements(
        @JsonProperty("image") String image,
        @JsonProperty("elements") List<VisualElement> elements,
        @JsonProperty("mask_output") String maskOutput,
        @JsonProperty("overlay_output") String overlayOutput) {

    public DetectedElements {
        Objects.requireNonNull(image, "image");
        elements = List.copyOf(elements);
    }
}
