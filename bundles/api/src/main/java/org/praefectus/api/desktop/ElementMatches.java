package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.praefectus.api.selector.UiElement;

/**
 * The elements an {@link ElementQuery} found (PeekabooX's {@code FindElementResponse}), each with the observation and
 * tag a host can fence.
 *
 * @param elements           the matches, best first
 * @param visionFallbackUsed whether they are vision regions (accessibility found nothing)
 * @param warnings           what a backend could not do
 * @param cacheHit           whether they came from the runtime's element cache
 * @param cacheAgeMs         that cache entry's age
 */
public record ElementMatches(
        @JsonProperty("elements") List<UiElement> elements,
        @JsonProperty("vision_fallback_used") boolean visionFallbackUsed,
        @JsonProperty("warnings") List<String> warnings,
        @JsonProperty("cache_hit") boolean cacheHit,
        @JsonProperty("cache_age_ms") long cacheAgeMs) {

    public ElementMatches {
        elements = List.copyOf(elements);
        warnings = List.copyOf(warnings);
    }

    @JsonProperty("count")
    public int count() {
        return elements.size();
    }

    @JsonProperty("backend_name")
    public String backendName() {
        return visionFallbackUsed ? "vision" : "at-spi";
    }

    @JsonProperty("backend_kind")
    public String backendKind() {
        return visionFallbackUsed ? "vision" : "at_spi";
    }
}
