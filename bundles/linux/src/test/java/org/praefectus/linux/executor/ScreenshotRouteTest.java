package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.DeliveryRoute;

/**
 * Regression: screenshot was advertised on the pointer route, so the engine's strict capability check found
 * the executor's facts inconsistent and rejected every action (set_value over MCP answered "runtime action
 * capability facts are missing or inconsistent"). Screenshot is target-addressed (seed 000).
 */
class ScreenshotRouteTest {

    @Test
    void screenshotIsTargetAddressedAndEveryOtherRouteIsAsTheEngineExpects() {
        for (ActionCapability capability : ActionCatalog.capabilities(true, true)) {
            DeliveryRoute expected = ActionCatalog.SEMANTIC.contains(capability.action())
                            || capability.action().equals(ActionCatalog.SCREENSHOT)
                    ? DeliveryRoute.TARGET_ADDRESSED
                    : DeliveryRoute.POINTER;
            assertEquals(expected, capability.deliveryRoute(), capability.action());
        }
    }
}
