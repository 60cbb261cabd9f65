package org.praefectus.api.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Direction;

/** Issue 35: {@code scroll} is an input verb whose direction it alone carries and whose wheel steps are its count. */
class InputRequestScrollTest {

    private static InputRequest request(String verb, int count, Direction direction) {
        return InputRequest.of(verb)
                .point(new long[] {10, 20})
                .count(count)
                .direction(direction)
                .build();
    }

    @Test
    void aScrollIsAPointerAimedVerbWithADirectionAndWheelSteps() {
        assertTrue(InputRequest.VERBS.contains("scroll"));
        assertTrue(InputRequest.pointerVerb("scroll"), "aimed like the pointer: a point, a ratio or an element");
        InputRequest scroll = request("scroll", InputLimits.MAX_SCROLL_STEPS, Direction.LEFT);
        assertEquals(Direction.LEFT, scroll.direction());
        assertEquals(100, scroll.count());
        InputRequest here = InputRequest.scroll(Direction.DOWN, 2, null, null, null, true);
        assertNull(here.point(), "no aim: where the pointer is");
        assertEquals(ElementScope.ALL, here.scope());
        assertTrue(here.dryRun());
    }

    @Test
    void aScrollNeedsItsDirectionAndEveryOtherVerbRefusesOne() {
        assertThrows(IllegalArgumentException.class, () -> request("scroll", 1, null));
        for (String verb : List.of("click", "move", "drag", "type", "hotkey")) {
            assertThrows(IllegalArgumentException.class, () -> request(verb, 1, Direction.UP), verb);
        }
        assertEquals("click", request("click", 2, null).verb());
    }

    @Test
    void aScrollsWheelStepsAreOneToTheProtocolsBound() {
        assertThrows(IllegalArgumentException.class, () -> request("scroll", 0, Direction.UP));
        assertThrows(
                IllegalArgumentException.class,
                () -> request("scroll", InputLimits.MAX_SCROLL_STEPS + 1, Direction.UP));
    }

    @Test
    void everySurfaceSpellsADirectionTheSameWay() {
        assertEquals(Direction.UP, InputLimits.direction("up"));
        assertEquals(Direction.DOWN, InputLimits.direction("down"));
        assertEquals(Direction.LEFT, InputLimits.direction("left"));
        assertEquals(Direction.RIGHT, InputLimits.direction("right"));
        for (String word : new String[] {"UP", "sideways", "", null}) {
            assertThrows(IllegalArgumentException.class, () -> InputLimits.direction(word), String.valueOf(word));
        }
    }
}
