package org.praefectus.windows.executor;

import java.util.LinkedHashMap;
import java.util.Map;

/** The most recent observations, in memory only: a restarted executor fences nothing it did not observe. */
final class ObservationStore<T> {

    private final Map<String, T> entries;

    ObservationStore(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, T> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized void put(String id, T entry) {
        entries.put(id, entry);
    }

    synchronized T get(String id) {
        return entries.get(id);
    }
}
