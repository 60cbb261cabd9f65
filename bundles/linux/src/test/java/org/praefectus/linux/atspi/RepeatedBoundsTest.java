package org.praefectus.linux.atspi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RepeatedBoundsTest {

    private static AtspiBus.Change bounds(String object, String rectangle) {
        return new AtspiBus.Change("BoundsChanged", object, rectangle);
    }

    @Test
    void onlyARectangleRepeatedForTheSameObjectIsNoChange() {
        RepeatedBounds repeated = new RepeatedBounds();
        assertFalse(repeated.repeats(bounds(":1.2:/a", "[0, 0, 10, 10]")), "the first rectangle is a change");
        assertTrue(repeated.repeats(bounds(":1.2:/a", "[0, 0, 10, 10]")));
        assertFalse(repeated.repeats(bounds(":1.2:/b", "[0, 0, 10, 10]")), "another object");
        assertFalse(repeated.repeats(bounds(":1.2:/a", "[0, 0, 11, 10]")), "another rectangle");
        assertTrue(repeated.repeats(bounds(":1.2:/a", "[0, 0, 11, 10]")));
        assertFalse(repeated.repeats(bounds(":1.2:/a", null)), "an unreadable rectangle is a change");
        assertFalse(repeated.repeats(new AtspiBus.Change("StateChanged", ":1.2:/a", null)));
        assertFalse(repeated.repeats(new AtspiBus.Change("StateChanged", ":1.2:/a", null)), "never filtered");
    }

    @Test
    void afterClearingOrTooManyObjectsTheNextRectangleIsAChangeAgain() {
        RepeatedBounds repeated = new RepeatedBounds();
        repeated.repeats(bounds("o", "r"));
        repeated.clear();
        assertFalse(repeated.repeats(bounds("o", "r")), "events between subscriptions went unheard");
        for (int i = 0; i <= RepeatedBounds.MAX_TRACKED; i++) {
            repeated.repeats(bounds("object-" + i, "r"));
        }
        assertFalse(repeated.repeats(bounds("o", "r")), "memory is bounded: everything was forgotten");
    }
}
