package org.praefectus.api.selector;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What an element holds now, read back in the same walk that found it, so an agent can check what it did
 * (#36). Unknown or not applicable is {@code null}.
 *
 * @param text       its text, cut to a bound (a combo box: the item it shows chosen), or {@code null} (none, or a
 *                   password field: only its length shows)
 * @param textLength the whole text's length in characters, or {@code null} when it has no text interface
 * @param value      AT-SPI {@code Value} (sliders, spin buttons, progress bars), or {@code null}
 * @param min        that value's minimum, or {@code null}
 * @param max        that value's maximum, or {@code null}
 * @param step       that value's smallest increment, or {@code null}
 * @param checked    checked, or {@code null} when it cannot be checked
 * @param selected   selected
 * @param focused    has the keyboard focus
 * @param expanded   expanded, or {@code null} when it cannot expand
 * @param editable   its text can be edited
 * @param enabled    enabled and sensitive
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ReadBack(
        @JsonProperty("text") String text,
        @JsonProperty("text_length") Integer textLength,
        @JsonProperty("value") Double value,
        @JsonProperty("min") Double min,
        @JsonProperty("max") Double max,
        @JsonProperty("step") Double step,
        @JsonProperty("checked") Boolean checked,
        @JsonProperty("selected") boolean selected,
        @JsonProperty("focused") boolean focused,
        @JsonProperty("expanded") Boolean expanded,
        @JsonProperty("editable") boolean editable,
        @JsonProperty("enabled") boolean enabled) {

    /** The most characters of text an element carries; {@code read_text} pages the rest. */
    public static final int TEXT_LIMIT = 256;
}
