package org.praefectus.macos.executor;

import java.util.List;
import java.util.Map;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * What the executor remembers of one of its observations, to fence targets taken from it.
 *
 * @param observation the observation as returned
 * @param window      the observed window
 * @param hostOptIns  the opt-ins applied for it, sorted
 * @param elements    the elements by opaque identity
 */
record RecordedObservation(
        SemanticObservation observation, MacWindow window, List<String> hostOptIns, Map<String, Recorded> elements) {

    RecordedObservation {
        hostOptIns = List.copyOf(hostOptIns);
        elements = Map.copyOf(elements);
    }

    /**
     * One element of it.
     *
     * @param path        index path from the window through {@link AxTraversal}
     * @param fingerprint the fingerprint at observation time
     */
    record Recorded(List<Integer> path, String fingerprint) {
        Recorded {
            path = List.copyOf(path);
        }
    }
}
