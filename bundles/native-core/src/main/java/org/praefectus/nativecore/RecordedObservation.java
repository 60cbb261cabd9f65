package org.praefectus.nativecore;

import java.util.Map;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticElement;
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

    /**
     * {@code record}, an observation the executor still holds.
     *
     * @throws ExecutorException {@code stale_target} when it is {@code null} (expired, or never made here)
     */
    public static <W, E> RecordedObservation<W, E> held(RecordedObservation<W, E> record) throws ExecutorException {
        if (record == null) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "observation is not held");
        }
        return record;
    }

    /**
     * How the platform finds the element tagged {@code tag} again.
     *
     * @throws ExecutorException {@code target_not_found} when the observation has no such element
     */
    public E element(String tag) throws ExecutorException {
        for (SemanticElement element : observation.elements()) {
            if (element.tag().equals(tag)) {
                return elements.get(element.elementId());
            }
        }
        throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "no such element");
    }
}
