package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Tesseract controls.
 *
 * @param language             trained-data names joined by {@code +}, e.g. {@code eng} or {@code eng+deu}
 *                             (default {@code eng})
 * @param pageSegmentationMode Tesseract {@code --psm} 0–13 (default 6, a uniform block, as the reference)
 * @param engineMode           Tesseract {@code --oem} 0–3; {@code null}: the default (3)
 * @param dpi                  source resolution 1–2400; {@code null}: Tesseract estimates it from the text
 * @param minConfidence        words below this confidence (0–1) are dropped (default 0)
 * @param whitelist            only these characters are recognised; {@code null}: all
 * @param variables            further Tesseract variables ({@code key=value}), applied after the whitelist
 * @param preprocessing        image preparation (default none)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OcrOptions(
        @JsonProperty("language") String language,
        @JsonProperty("page_segmentation_mode") int pageSegmentationMode,
        @JsonProperty("engine_mode") Integer engineMode,
        @JsonProperty("dpi") Integer dpi,
        @JsonProperty("min_confidence") double minConfidence,
        @JsonProperty("whitelist") String whitelist,
        @JsonProperty("variables") Map<String, String> variables,
        @JsonProperty("preprocessing") OcrPreprocessing preprocessing) {

    /** English, block segmentation, no preprocessing. */
    public static final OcrOptions DEFAULTS =
            new OcrOptions("eng", 6, null, null, 0, null, Map.of(), OcrPreprocessing.NONE);

    public OcrOptions {
        Objects.requireNonNull(language, "language");
        if (!language.matches("[A-Za-z0-9_]+(\\+[A-Za-z0-9_]+)*")) {
            throw Checks.invalid("language is trained-data names joined by +");
        }
        if (pageSegmentationMode < 0 || pageSegmentationMode > 13) {
            throw Checks.invalid("page_segmentation_mode must be between 0 and 13");
        }
        if (engineMode != null && (engineMode < 0 || engineMode > 3)) {
            throw Checks.invalid("engine_mode must be between 0 and 3");
        }
        if (dpi != null && (dpi < 1 || dpi > 2400)) {
            throw Checks.invalid("dpi must be between 1 and 2400");
        }
        Checks.ratio("min_confidence", minConfidence);
        if (whitelist != null && whitelist.isEmpty()) {
            whitelist = null;
        }
        variables =
                variables == null ? Map.of() : java.util.Collections.unmodifiableSortedMap(new TreeMap<>(variables));
        for (String key : variables.keySet()) {
            if (!key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw Checks.invalid("variable names are letters, digits and underscores");
            }
        }
        preprocessing = preprocessing == null ? OcrPreprocessing.NONE : preprocessing;
    }

    /**
     * Tesseract variables from their {@code key=value} form (as the CLI's {@code --config} and PeekabooX's
     * {@code config} give them), in order.
     *
     * @throws VisionException {@code invalid_options} for an entry without a key
     */
    public static Map<String, String> variables(java.util.List<String> entries) {
        Map<String, String> variables = new java.util.LinkedHashMap<>();
        for (String entry : entries) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw Checks.invalid("config entries are key=value");
            }
            variables.put(entry.substring(0, equals).trim(), entry.substring(equals + 1));
        }
        return variables;
    }

    public OcrOptions withLanguage(String value) {
        return new OcrOptions(
                value, pageSegmentationMode, engineMode, dpi, minConfidence, whitelist, variables, preprocessing);
    }

    public OcrOptions withPageSegmentationMode(int value) {
        return new OcrOptions(language, value, engineMode, dpi, minConfidence, whitelist, variables, preprocessing);
    }

    public OcrOptions withPreprocessing(OcrPreprocessing value) {
        return new OcrOptions(
                language, pageSegmentationMode, engineMode, dpi, minConfidence, whitelist, variables, value);
    }
}
