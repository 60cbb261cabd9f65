package org.praefectus.engine.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SessionIsolation;

/** The per-process event route (macOS CGEventPostToPid): valid for keyboard input and scroll only. */
class RouteRulesTest {

    private static Capabilities one(String action, DeliveryRoute route, BackgroundSupport background) {
        return Capabilities.of(
                "test",
                "test",
                SessionIsolation.SHARED_DESKTOP,
                List.of(new ActionCapability(action, route, background)),
                Map.of(),
                "");
    }

    @Test
    void perProcessTypingIsAValidRouteAndNotGlobalInput() {
        ActionCapability typing = RouteRules.strictActionCapability(
                one("type_text", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED),
                new Action.TypeText("x", false, false, null));

        assertEquals(DeliveryRoute.PER_PROCESS_EVENT, typing.deliveryRoute());
        assertFalse(RouteRules.isGlobalInput(typing));
        assertTrue(RouteRules.backgroundAuthorized(typing, SessionIsolation.SHARED_DESKTOP));
    }

    @Test
    void aPerProcessClickIsInconsistent() {
        // a coordinate click carries no process identity: only the global pointer route is possible
        assertNull(RouteRules.strictActionCapability(
                one("click", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED),
                new Action.Click(MouseButton.LEFT, 1, false)));
    }

    @Test
    void perProcessScrollIsGuardedButAPointerScrollIsNot() {
        ActionCapability perProcess = RouteRules.strictActionCapability(
                one("scroll", DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED),
                new Action.Scroll(org.praefectus.api.protocol.Direction.DOWN, 1));
        ActionCapability pointer = RouteRules.strictActionCapability(
                one("scroll", DeliveryRoute.POINTER, BackgroundSupport.GUARDED),
                new Action.Scroll(org.praefectus.api.protocol.Direction.DOWN, 1));

        assertTrue(RouteRules.backgroundAuthorized(perProcess, SessionIsolation.SHARED_DESKTOP));
        assertFalse(RouteRules.backgroundAuthorized(pointer, SessionIsolation.SHARED_DESKTOP));
        assertTrue(RouteRules.isGlobalInput(pointer));
    }
}
