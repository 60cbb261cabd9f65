package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Action;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/** The keystroke pace of {@code act}: the protocol's {@code delay_ms}, carried into the action that is signed. */
class ActionArgumentsTest {

    @Test
    void aDelayBecomesTheTypedOrPressedActionsSignedPace() throws Exception {
        Action typed = ActionArguments.parse(
                        Map.of("action", "type_text", "tag", "e3", "text", "ab", "delay_ms", 40), ActionArguments.KINDS)
                .action(null);
        assertEquals(40L, ((Action.TypeText) typed).delayMs());
        Action pressed = ActionArguments.parse(
                        Map.of("action", "press", "tag", "e3", "key", "Tab", "delay_ms", 0), ActionArguments.KINDS)
                .action(null);
        assertEquals(0L, ((Action.Press) pressed).delayMs());
        Action unpaced = ActionArguments.parse(
                        Map.of("action", "type_text", "tag", "e3", "text", "ab"), ActionArguments.KINDS)
                .action(null);
        assertNull(((Action.TypeText) unpaced).delayMs());
    }

    @Test
    void aDelayOutsideZeroToOneSecondOrNotAnIntegerIsRefusedBeforeAnythingIsSigned() {
        for (Object bad : new Object[] {-1, 1_001, "40", 2.5}) {
            InvalidArgument refused = assertThrows(
                    InvalidArgument.class,
                    () -> ActionArguments.parse(
                            Map.of("action", "type_text", "tag", "e3", "text", "ab", "delay_ms", bad),
                            ActionArguments.KINDS),
                    String.valueOf(bad));
            assertEquals(true, refused.getMessage().startsWith("delay_ms must be"), refused::getMessage);
        }
    }
}
