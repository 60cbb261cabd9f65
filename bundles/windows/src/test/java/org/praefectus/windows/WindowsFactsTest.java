package org.praefectus.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Capabilities;

/** COM cannot run on this Linux machine; everything above {@code UiaApi} is tested. */
class WindowsFactsTest {

    @Test
    void reportsUiAutomationAvailability() {
        Capabilities available = new WindowsFacts(() -> true).capabilities(false);
        Capabilities missing = new WindowsFacts(() -> false).capabilities(true);

        assertEquals("windows", available.platform());
        assertEquals("uia", available.backend());
        assertEquals(Map.of("ui_automation", true, "global_input", false), available.permissions());
        assertEquals(Map.of("ui_automation", false, "global_input", true), missing.permissions());
    }
}
