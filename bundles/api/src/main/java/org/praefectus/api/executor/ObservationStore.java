package org.praefectus.api.executor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The most recent observations an executor made, by ID, in memory only and bounded (the oldest leaves first): a
 * target from an observation this executor instance did not make, or one that left, is stale, so a restarted
 * executor fences nothing it did not observe itself. Thread-safe.
 *
 * @param <T> what the executor keeps of an observation to fence its targets later
 */
public final class ObservationStore<T> {

    private final Map<String, T> entries;

    /** @param capacity how many observations are kept; a host that observes several surfaces before acting needs a few */
    public ObservationStore(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("an observation store keeps at least one observation");
        }
        this.entries = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, T> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Keeps an observation under its ID (the latest one kept under an ID is the one returned). */
    public synchronized void put(String id, T entry) {
        entries.put(id, entry);
    }

    /** The observation kept under {@code id}, if it is still kept. */
    public synchronized Optional<T> get(String id) {
        return Optional.ofNullable(entries.get(id));
    }
}
