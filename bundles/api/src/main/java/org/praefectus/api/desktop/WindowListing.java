package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The windows a {@link WindowQuery} found (PeekabooX's {@code ListWindowsResponse}).
 *
 * @param windows      the windows, in the order asked
 * @param backendName  {@code x11+at-spi}, {@code x11} or {@code at-spi}
 * @param warnings     what a backend could not do
 * @param cacheHit     whether the accessible side came from the runtime's cache
 * @param cacheAgeMs   that cache entry's age
 * @param diagnostics  one report per backend when asked ({@code diagnose}), else {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WindowListing(
        @JsonProperty("windows") List<DesktopWindow> windows,
        @JsonProperty("backend_name") String backendName,
        @JsonProperty("warnings") List<String> warnings,
        @JsonProperty("cache_hit") boolean cacheHit,
        @JsonProperty("cache_age_ms") long cacheAgeMs,
        @JsonProperty("diagnostics") List<BackendReport> diagnostics) {

    public WindowListing {
        windows = List.copyOf(windows);
        warnings = List.copyOf(warnings);
        diagnostics = diagnostics == null ? null : List.copyOf(diagnostics);
    }

    @JsonProperty("count")
    public int count() {
        return windows.size();
    }

    /** {@link #backendName()} as an identifier ({@code x11_at_spi}). */
    @JsonProperty("backend_kind")
    public String backendKind() {
        return backendName.replace('-', '_').replace('+', '_');
    }

    /**
     * One backend's part in a listing (PeekabooX's {@code WindowBackendReport}).
     *
     * @param backend   {@code x11} or {@code at-spi}
     * @param attempted whether the query asked it
     * @param available whether it answered
     * @param reason    why it was not asked or did not answer, or {@code null}
     * @param windows   how many listed windows it saw
     */
    public record BackendReport(
            @JsonProperty("backend") String backend,
            @JsonProperty("attempted") boolean attempted,
            @JsonProperty("available") boolean available,
            @JsonProperty("reason") String reason,
            @JsonProperty("windows") long windows) {}
}
