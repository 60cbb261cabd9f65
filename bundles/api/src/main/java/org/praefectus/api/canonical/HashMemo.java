package org.praefectus.api.canonical;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Canonical hashes already computed, by the value they were computed from. An executor hashes the same few
 * elements and processes at every observation; looking up an equal value costs a fraction of writing its
 * canonical JSON and hashing it again. Bounded: the least recently used leave first. Thread-safe.
 *
 * @param <K> what a hash is computed from; a value with {@code equals} and {@code hashCode} over everything the
 *            hash covers (a record of those fields)
 */
public final class HashMemo<K> {

    private final Map<K, String> known;
    private final Function<? super K, JsonValue> form;

    /**
     * @param capacity how many hashes are kept
     * @param form     the canonical JSON of a value, which is hashed the first time it is seen
     */
    public HashMemo(int capacity, Function<? super K, JsonValue> form) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a hash memo keeps at least one hash");
        }
        this.form = Objects.requireNonNull(form, "form");
        this.known = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, String> eldest) {
                return size() > capacity;
            }
        };
    }

    /** {@link CanonicalJson#hash} of the value's canonical form, computed once while it is kept. */
    public String hash(K value) {
        Objects.requireNonNull(value, "value");
        synchronized (known) {
            String hash = known.get(value);
            if (hash != null) {
                return hash;
            }
        }
        // hashed outside the lock: two threads may both hash a new value, and both get the same answer
        String hash = CanonicalJson.hash(form.apply(value));
        synchronized (known) {
            known.put(value, hash);
        }
        return hash;
    }
}
