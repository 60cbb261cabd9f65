package org.praefectus.macos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Capabilities;

/** The native calls cannot run on this Linux machine; everything above {@link MacPermissions} is tested. */
class MacFactsTest {

    private record Granted(boolean accessibility, boolean screenRecording) implements MacPermissions {}

    @Test
    void reportsEachPermissionAsGranted() {
        Capabilities capabilities = new MacFacts(new Granted(true, false)).capabilities(false);

        assertEquals("macos", capabilities.platform());
        assertEquals("ax", capabilities.backend());
        assertEquals(
                Map.of("accessibility", true, "screen_recording", false, "global_input", false),
                capabilities.permissions());
    }

    @Test
    void reportsTheGlobalInputOptIn() {
        Capabilities capabilities = new MacFacts(new Granted(false, true)).capabilities(true);

        assertEquals(
                Map.of("accessibility", false, "screen_recording", true, "global_input", true),
                capabilities.permissions());
    }
}
