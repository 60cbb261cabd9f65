package org.praefectus.nativecore;

import java.util.Map;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * What an executor remembers of one of its observations, to fence targets taken from it.
 *
 * @param observation the observation as returned
 * @param window      the observed window, as the platform identifies it
 * @param elements    how the platform finds each element again, by opaque element identity
 * @param <W>         the platform's observed window
 * @param <E>         the platform's record of one element (index path, runtime id) with its fingerprint
 */
public record RecordedObservation<W, E>(SemanticObservation observation, W window, Map<String, E> elements) {

    public RecordedObservation {
        elements = Map.copyOf(elements);
    }
}
