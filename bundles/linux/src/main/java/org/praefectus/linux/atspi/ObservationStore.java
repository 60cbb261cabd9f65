package org.praefectus.linux.atspi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The most recent observations, in memory only: a target from an observation this executor instance did
 * not make, or one evicted or expired, is stale. Thread-safe.
 */
public final class ObservationStore {

    /** Enough for a host that observes several surfaces before acting; older ones are stale anyway soon. */
    static final int CAPACITY = 64;

    private final Map<String, StoredSnapshot> snapshots = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, StoredSnapshot> eldest) {
            return size() > CAPACITY;
        }
    };

    public synchronized void put(StoredSnapshot snapshot) {
        snapshots.put(snapshot.observation().observationId(), snapshot);
    }

    public synchronized Optional<StoredSnapshot> get(String observationId) {
        return Optional.ofNullable(snapshots.get(observationId));
    }
}
