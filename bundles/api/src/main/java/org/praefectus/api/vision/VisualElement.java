package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * Something found in pixels: a salient region ({@code visual-region}), an OCR line ({@code text}) or an OCR
 * word ({@code word}).
 *
 * @param id         stable for the same bounds, e.g. {@code vision:0:10:20:80:24}
 * @param role       {@code visual-region}, {@code text} or {@code word}
 * @param label      the recognised text for OCR results; {@code null} for visual regions
 * @param bounds     where it is, in the coordinates of the analysed image or screen
 * @param confidence 0–1
 * @param states     for example {@code visible}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VisualElement(
        @JsonProperty("id") String id,
        @JsonProperty("role") String role,
        @JsonProperty("label") String label,
        @JsonProperty("bounds") Region bounds,
        @JsonProperty("confidence") double confidence,
        @JsonProperty("states") List<String> states) {

    /** Role of a salient component found by UI-element detection. */
    public static final String ROLE_VISUAL_REGION = "visual-region";
    /** Role of an OCR line. */
    public static final String ROLE_TEXT = "text";
    /** Role of an OCR word. */
    public static final String ROLE_WORD = "word";

    public VisualElement {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(bounds, "bounds");
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence lies between 0 and 1");
        }
        states = states == null ? List.of() : List.copyOf(states);
    }

    /** This element with its bounds moved by {@code dx}, {@code dy}. */
    public VisualElement moved(int dx, int dy) {
        return new VisualElement(id, role, label, bounds.translate(dx, dy), confidence, states);
    }
}
