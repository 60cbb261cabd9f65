package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.praefectus.api.selector.UiElement;

/**
 * The desktop in one answer (PeekabooX's {@code DesktopState}): every window, the active one, and the active window's
 * elements with their observation tags.
 *
 * @param activeWindow the active window, or {@code null}
 * @param windows      every window
 * @param elements     the active window's elements (empty when it has no accessibility)
 * @param backendName  where the windows came from
 * @param warnings     what could not be read
 */
public record DesktopState(
        @JsonProperty("active_window") DesktopWindow activeWindow,
        @JsonProperty("windows") List<DesktopWindow> windows,
        @JsonProperty("elements") List<UiElement> elements,
        @JsonProperty("backend_name") String backendName,
        @JsonProperty("warnings") List<String> warnings) {

    public DesktopState {
        windows = List.copyOf(windows);
        elements = List.copyOf(elements);
        warnings = List.copyOf(warnings);
    }
}
