package org.praefectus.api.canonical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HashMemoTest {

    private record Point(long x, long y) {}

    private static JsonValue form(Point point) {
        return JsonValue.JsonObject.builder()
                .put("x", point.x())
                .put("y", point.y())
                .build();
    }

    @Test
    void answersTheCanonicalHashOfTheFormAndFormsAnEqualValueOnce() {
        AtomicInteger formed = new AtomicInteger();
        HashMemo<Point> memo = new HashMemo<>(8, point -> {
            formed.incrementAndGet();
            return form(point);
        });

        String first = memo.hash(new Point(1, 2));
        String again = memo.hash(new Point(1, 2));

        assertEquals(CanonicalJson.hash(form(new Point(1, 2))), first);
        // SHA-256 of {"x":1,"y":2}, as Python's hashlib gives it
        assertEquals("689a8f1db95402580476e38c264278ce7b1e664320cfb4e9ae8d3a908cf09964", first);
        assertEquals(first, again);
        assertEquals(1, formed.get());
        assertNotEquals(first, memo.hash(new Point(2, 1)));
        assertEquals(2, formed.get());
    }

    @Test
    void forgetsTheLeastRecentlyUsedBeyondItsCapacity() {
        AtomicInteger formed = new AtomicInteger();
        HashMemo<Point> memo = new HashMemo<>(2, point -> {
            formed.incrementAndGet();
            return form(point);
        });
        memo.hash(new Point(1, 1));
        memo.hash(new Point(2, 2));
        memo.hash(new Point(1, 1)); // used again: (2, 2) is now the least recent
        memo.hash(new Point(3, 3)); // evicts (2, 2)
        assertEquals(3, formed.get());

        memo.hash(new Point(1, 1));
        assertEquals(3, formed.get());
        memo.hash(new Point(2, 2));
        assertEquals(4, formed.get());
    }

    @Test
    void refusesNoCapacityAndNullValues() {
        assertThrows(IllegalArgumentException.class, () -> new HashMemo<Point>(0, HashMemoTest::form));
        HashMemo<Point> memo = new HashMemo<>(1, HashMemoTest::form);
        assertThrows(NullPointerException.class, () -> memo.hash(null));
    }
}
