package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Action;

/** The {@code act} method's wire action: the protocol's optional {@code delay_ms} is kept, never dropped. */
class ActionParametersTest {

    private static Action parse(String json) throws Exception {
        return ActionParameters.parse(Replies.JSON.readTree(json));
    }

    @Test
    void aDelayIsTheTypedOrPressedActionsSignedPace() throws Exception {
        assertEquals(
                25L, ((Action.TypeText) parse("{\"kind\":\"type_text\",\"text\":\"ab\",\"delay_ms\":25}")).delayMs());
        assertEquals(0L, ((Action.Press) parse("{\"kind\":\"press\",\"key\":\"Tab\",\"delay_ms\":0}")).delayMs());
        assertNull(((Action.TypeText) parse("{\"kind\":\"type_text\",\"text\":\"ab\",\"delay_ms\":null}")).delayMs());
        assertNull(((Action.Press) parse("{\"kind\":\"press\",\"key\":\"Tab\"}")).delayMs());
    }

    @Test
    void aDelayThatIsNoWholeNumberOfAtMostOneSecondIsAnInvalidRequest() {
        for (String bad : new String[] {"-1", "1001", "\"25\"", "2.5", "true"}) {
            IpcException refused = assertThrows(
                    IpcException.class,
                    () -> parse("{\"kind\":\"type_text\",\"text\":\"ab\",\"delay_ms\":" + bad + "}"),
                    bad);
            assertEquals("delay_ms is a whole number of 0 to 1000 milliseconds", refused.getMessage());
        }
    }
}
