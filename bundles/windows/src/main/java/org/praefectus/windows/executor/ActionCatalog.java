package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;

/**
 * What the Windows executor advertises. Pattern actions ({@code invoke}, {@code set_value}, one-step
 * {@code scroll}) are target-addressed and guarded; every synthesized input (keyboard, {@code paste}'s Ctrl+V,
 * pointer) is {@code SendInput} — Windows
 * has no per-process delivery — so it is global pointer input, never background, and the engine refuses it
 * without {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}; auxiliary actions take the same route (they act on the
 * whole desktop), never as semantic capabilities.
 */
final class ActionCatalog {

    private ActionCatalog() {}

    static List<ActionCapability> capabilities(boolean automation, boolean coordinateCapture) {
        List<ActionCapability> actions = new ArrayList<>();
        if (automation) {
            for (String action : List.of("invoke", "set_value", "scroll")) {
                actions.add(new ActionCapability(action, DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED));
            }
            for (String action : List.of("type_text", "press", "paste", "hotkey")) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
        }
        if (coordinateCapture) {
            for (String action : List.of("click", "move", "drag")) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
            actions.add(
                    new ActionCapability("screenshot", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.UNAVAILABLE));
        }
        if (automation) {
            for (String action : List.of("application", "window", "open", "clipboard_write")) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
        }
        return actions;
    }
}
