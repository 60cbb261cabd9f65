package org.praefectus.api.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ObservationStoreTest {

    @Test
    void keepsTheLatestObservationsUpToItsCapacity() {
        ObservationStore<String> store = new ObservationStore<>(2);
        store.put("one", "first");
        store.put("two", "second");
        store.put("three", "third");

        assertEquals(Optional.empty(), store.get("one"), "the oldest left");
        assertEquals(Optional.of("second"), store.get("two"));
        assertEquals(Optional.of("third"), store.get("three"));
    }

    @Test
    void aLookupDoesNotKeepAnObservationLonger() {
        ObservationStore<String> store = new ObservationStore<>(2);
        store.put("one", "first");
        store.put("two", "second");
        store.get("one");
        store.put("three", "third");

        assertEquals(Optional.empty(), store.get("one"), "kept by insertion order, not by use");
    }

    @Test
    void anUnknownIdIsEmptyAndACapacityBelowOneIsRefused() {
        assertEquals(Optional.empty(), new ObservationStore<String>(4).get("never"));
        assertThrows(IllegalArgumentException.class, () -> new ObservationStore<String>(0));
    }
}
