package org.praefectus.api.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.praefectus.api.protocol.Rect;

/**
 * Selectors come from models and scripts: any string either parses or is refused with
 * {@link SelectorException}; a parsed selector matches and scores an element without throwing, and its
 * text form never shows what it selects.
 */
class SelectorFuzzTest {

    private static final UiElement ELEMENT = new UiElement(
            ":1.5:/org/a11y/atspi/accessible/7",
            "push button",
            "Submit order",
            new Rect(10, 20, 90, 30),
            UiElement.centerOf(new Rect(10, 20, 90, 30)),
            0.75,
            List.of("enabled", "visible", "focusable"),
            "window-1",
            "Demo Window",
            "org.demo.App",
            null,
            List.of(),
            null,
            null);

    @FuzzTest
    void parse(byte[] input) {
        Selector selector;
        try {
            selector = Selector.parse(new String(input, StandardCharsets.UTF_8));
        } catch (SelectorException expected) {
            return;
        }
        selector.matches(ELEMENT);
        selector.score(ELEMENT);
        selector.withoutText().matches(ELEMENT);
        assertEquals("Selector[redacted]", selector.toString());
    }
}
