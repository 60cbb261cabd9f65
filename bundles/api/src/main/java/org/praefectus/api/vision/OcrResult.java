package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Recognised text.
 *
 * @param backend  the engine, {@code tesseract}
 * @param text     the lines joined by newlines
 * @param blocks   one element per line (role {@code "text"}), bounds in source coordinates
 * @param words    one element per word (role {@code "word"})
 * , bounds in source coordinates
 * @param warnings what the engine or the preprocessing noticed
 */
public record OcrResult(
        @JsonProperty("backend") String backend,
        @JsonProperty("text") String text,
        @JsonProperty("blocks") List<VisualElement> blocks,
        @JsonProperty("words") List<VisualElement> words,
        @JsonProperty("warnings") List<String> warnings) {

    public OcrResult {
        java.util.Objects.requireNonNull(backend, "backend");
        java.util.Objects.requireNonNull(text, "text");
        blocks = List.copyOf(blocks);
        words = List.copyOf(words);
        warnings = List.copyOf(warnings);
    }

    /**
     * This result with every block and word moved by {@code origin}'s corner: a result read from a captured region
     * of the screen, in screen coordinates.
     */
    public OcrResult movedTo(Region origin) {
        return new OcrResult(
                backend,
                text,
                blocks.stream().map(e -> e.moved(origin.x(), origin.y())).toList(),
                words.stream().map(e -> e.moved(origin.x(), origin.y())).toList(),
                warnings);
    }
}
