package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference's {@code action_delivery_route}, as its tests assert it. */
class ReferenceDeliveryRoutesTest {

    private static final TargetRef.Coordinates POINT =
            new TargetRef.Coordinates(12, 34, "display-1", "4".repeat(64), "5".repeat(64), "6".repeat(64));

    /** tests/conformance.rs {@code delivery_routes_agree_for_new_actions}. */
    @Test
    void deliveryRoutesAgreeForNewActions() {
        for (Action action : List.of(
                new Action.Invoke(),
                new Action.SetValue("x"),
                new Action.SelectText(0, 1),
                new Action.PerformSecondaryAction("AXShowMenu"))) {
            assertEquals(DeliveryRoute.TARGET_ADDRESSED, Action.deliveryRoute(action), action.kind());
        }
        assertEquals(DeliveryRoute.POINTER, Action.deliveryRoute(new Action.Drag(POINT, MouseButton.LEFT)));
    }

    /** tests/protocol.rs {@code generic_scroll_delivery_route_is_runtime_defined}. */
    @Test
    void genericScrollDeliveryRouteIsRuntimeDefined() {
        assertEquals(DeliveryRoute.UNKNOWN, Action.deliveryRoute(new Action.Scroll(Direction.DOWN, 1)));
    }

    /** src/lib.rs 0.8.0 {@code action_delivery_route}: auxiliary actions are host-level, the pointer route. */
    @Test
    void auxiliaryActionsTakeThePointerRoute() {
        for (Action action : List.of(
                new Action.Screenshot("/tmp/screen.png"),
                new Action.Application(ApplicationOperation.LAUNCH, "TextEdit"),
                new Action.Window(WindowOperation.FOCUS, "TextEdit", null),
                new Action.Open("https://example.com", null, false),
                new Action.ClipboardWrite("x"))) {
            assertEquals(DeliveryRoute.POINTER, Action.deliveryRoute(action), action.kind());
        }
    }
}
