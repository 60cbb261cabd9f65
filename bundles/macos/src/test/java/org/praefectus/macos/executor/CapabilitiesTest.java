package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;

/** What the executor advertises follows the permissions it has now, with honest routes. */
class CapabilitiesTest {

    @TempDir
    Path directory;

    private static Map<String, ActionCapability> byName(Capabilities capabilities) {
        return capabilities.actionCapabilities().stream().collect(Collectors.toMap(ActionCapability::action, c -> c));
    }

    @Test
    void aTrustedProcessAdvertisesEachActionWithItsRoute() throws Exception {
        MacTesting mac =
                new MacTesting(Fixtures.desktop("textedit"), directory, "PRAEFECTUS_AX_OPT_IN=AXManualAccessibility");

        Capabilities capabilities = mac.executor.capabilities();
        Map<String, ActionCapability> actions = byName(capabilities);

        assertEquals("macos", capabilities.platform());
        assertEquals(
                new ActionCapability("invoke", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED),
                actions.get("invoke"));
        assertEquals(
                new ActionCapability("type_text", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED),
                actions.get("type_text"));
        // the page-scroll action is reported as the weaker per-process route too
        assertEquals(DeliveryRoute.PER_PROCESS_EVENT, actions.get("scroll").deliveryRoute());
        assertEquals(
                new ActionCapability("click", DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE),
                actions.get("click"));
        assertEquals(BackgroundSupport.UNAVAILABLE, actions.get("screenshot").backgroundSupport());
        assertEquals(DeliveryRoute.POINTER, actions.get("open").deliveryRoute());
        assertTrue(capabilities.permissions().get("accessibility"));
        assertTrue(capabilities.permissions().get("private_state"));
        assertTrue(capabilities.permissions().get("ax_opt_in_AXManualAccessibility"));
        assertFalse(capabilities.permissions().get("ax_opt_in_AXEnhancedUserInterface"));
        assertFalse(capabilities.permissions().get("global_input"));
        assertEquals(64, capabilities.displayGeometryHash().length());
    }

    @Test
    void anUntrustedProcessAdvertisesNoAccessibilityAction() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.trusted = false;
        desktop.screenRecording = false;

        Capabilities capabilities = new MacTesting(desktop, directory).executor.capabilities();

        assertEquals(List.of(), capabilities.supportedActions());
        assertFalse(capabilities.permissions().get("accessibility"));
        assertFalse(capabilities.permissions().get("screen_recording"));
    }
}
