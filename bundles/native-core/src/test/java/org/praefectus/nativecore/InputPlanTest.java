package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;

/** The plan over a keyboard whose events are readable strings: what is sent, in which chunks. */
class InputPlanTest {

    /** Keys are their names; events are {@code +key}, {@code -key} and {@code "text"}. */
    private static final class Names implements InputPlan.Keyboard<String, String> {
        @Override
        public String key(String name) {
            return name.equals("nonsense") ? null : name;
        }

        @Override
        public List<String> selectAll() {
            return List.of("ctrl", "a");
        }

        @Override
        public String delete() {
            return "delete";
        }

        @Override
        public String enter() {
            return "return";
        }

        @Override
        public List<String> tap(String key) {
            return List.of("+" + key, "-" + key);
        }

        @Override
        public List<String> chord(List<String> keys) {
            List<String> events = new ArrayList<>();
            keys.forEach(k -> events.add("+" + k));
            for (int i = keys.size() - 1; i >= 0; i--) {
                events.add("-" + keys.get(i));
            }
            return events;
        }

        @Override
        public List<List<String>> text(String text) {
            return List.of(List.of('"' + text + '"'));
        }
    }

    private final InputPlan<String, String> plan = new InputPlan<>(new Names());

    @Test
    void typingInsertsAtTheCaret() {
        assertEquals(List.of(List.of("\"hi\"")), plan.typing(new Action.TypeText("hi", false, false, null)));
    }

    @Test
    void onlyClearSelectsAllAndDeletesFirstAndReturnComesLast() {
        assertEquals(
                List.of(
                        List.of("+ctrl", "+a", "-a", "-ctrl"),
                        List.of("+delete", "-delete"),
                        List.of("\"hi\""),
                        List.of("+return", "-return")),
                plan.typing(new Action.TypeText("hi", true, true, null)));
    }

    @Test
    void aPressIsOneChunkPerRepeat() throws DispatchException {
        assertEquals(
                List.of(List.of("+tab", "-tab"), List.of("+tab", "-tab")),
                plan.press(new Action.Press("tab", 2, null)));
    }

    @Test
    void aHotkeyIsOneChordReleasedInReverse() throws DispatchException {
        assertEquals(
                List.of(List.of("+cmd", "+shift", "+z", "-z", "-shift", "-cmd")),
                plan.hotkey(new Action.Hotkey(List.of("cmd", "shift", "z"), null, false, false)));
    }

    @Test
    void anUnknownKeyRefusesTheWholeActionWithNoEffect() {
        DispatchException press =
                assertThrows(DispatchException.class, () -> plan.press(new Action.Press("nonsense", 1, null)));
        assertEquals(EffectKnowledge.NO_EFFECT, press.effect());
        DispatchException hotkey = assertThrows(
                DispatchException.class,
                () -> plan.hotkey(new Action.Hotkey(List.of("cmd", "nonsense"), null, false, false)));
        assertEquals(EffectKnowledge.NO_EFFECT, hotkey.effect());
    }

    @Test
    void aHotkeyOfMoreThanEightKeysIsRefused() {
        List<String> nine = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i");
        assertThrows(DispatchException.class, () -> plan.hotkey(new Action.Hotkey(nine, null, false, false)));
    }
}
