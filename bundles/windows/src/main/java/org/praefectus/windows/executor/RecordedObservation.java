package org.praefectus.windows.executor;

import java.util.Map;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * What the executor remembers of one observation, to fence its targets.
 *
 * @param observation the observation as returned
 * @param window      the observed window
 * @param elements    runtime id and fingerprint by opaque element identity
 */
record RecordedObservation(SemanticObservation observation, WindowsWindow window, Map<String, Recorded> elements) {

    RecordedObservation {
        elements = Map.copyOf(elements);
    }

    /**
     * @param runtimeId   the UIA runtime id
     * @param fingerprint the fingerprint at observation time
     */
    record Recorded(String runtimeId, String fingerprint) {}
}
