package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;

class ActionCatalogTest {

    private final ActionCatalog catalog = new ActionCatalog(
            List.of("invoke"), List.of("type_text"), DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED);

    private static ActionCapability find(List<ActionCapability> actions, String name) {
        return actions.stream().filter(a -> a.action().equals(name)).findFirst().orElse(null);
    }

    @Test
    void semanticActionsTakeTheirRoutesAndAuxiliaryActionsThePointer() {
        List<ActionCapability> actions = catalog.capabilities(true, false);
        assertEquals(DeliveryRoute.TARGET_ADDRESSED, find(actions, "invoke").deliveryRoute());
        assertEquals(BackgroundSupport.GUARDED, find(actions, "invoke").backgroundSupport());
        assertEquals(DeliveryRoute.PER_PROCESS_EVENT, find(actions, "type_text").deliveryRoute());
        for (String auxiliary : ActionCatalog.AUXILIARY_ACTIONS) {
            assertEquals(DeliveryRoute.POINTER, find(actions, auxiliary).deliveryRoute());
            assertEquals(BackgroundSupport.UNAVAILABLE, find(actions, auxiliary).backgroundSupport());
        }
        assertEquals(null, find(actions, "click"));
    }

    @Test
    void pointerActionsNeedCoordinateCaptureAndAreNeverBackground() {
        List<ActionCapability> actions = catalog.capabilities(false, true);
        assertEquals(
                List.of("click", "move", "drag", "screenshot"),
                actions.stream().map(ActionCapability::action).toList());
        assertTrue(actions.stream().allMatch(a -> a.backgroundSupport() == BackgroundSupport.UNAVAILABLE));
    }

    @Test
    void nothingIsAdvertisedWithoutEither() {
        assertEquals(List.of(), catalog.capabilities(false, false));
    }
}
