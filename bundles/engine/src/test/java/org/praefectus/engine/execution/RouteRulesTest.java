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
import org.praefectus.api.protocol.TargetRef;

/** The per-process event route (macOS CGEventPostToPid): valid for pointer and keyboard input and scroll only. */
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
    void perProcessPointerInputIsAValidRouteAndNotGlobalInput() {
        // the reference accepts per_process_event for click, move and drag as for keyboard input
        for (Action pointer : List.of(
                new Action.Click(MouseButton.LEFT, 1, false),
                new Action.Move(),
                new Action.Drag(new TargetRef.None(), MouseButton.LEFT))) {
            ActionCapability capability = RouteRules.strictActionCapability(
                    one(pointer.kind(), DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.UNAVAILABLE), pointer);
            assertEquals(DeliveryRoute.PER_PROCESS_EVENT, capability.deliveryRoute(), pointer.kind());
            assertFalse(RouteRules.isGlobalInput(capability));
        }
    }

    @Test
    void perProcessElementActionsAreInconsistent() {
        // invoke, set_value, select_text and perform_secondary_action are target-addressed or nothing
        for (Action element : List.of(
                new Action.Invoke(),
                new Action.SetValue("x"),
                new Action.SelectText(0, 1),
                new Action.PerformSecondaryAction("AXShowMenu"))) {
            assertNull(
                    RouteRules.strictActionCapability(
                            one(element.kind(), DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED), element),
                    element.kind());
        }
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
