package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;

/**
 * What the macOS executor advertises, and by which route. Accessibility actions are target-addressed;
 * keyboard input and scroll go to the fenced element's process ({@code per_process_event}: background-capable
 * under the sentinel guard, no noninterference claim; scroll says so even when the page-scroll action
 * serves it); click, move and drag on coordinates are global pointer input and never background; the
 * auxiliary host-level actions are listed with the pointer route (they act on the whole desktop, so they are
 * interactive only and need {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}), never as semantic capabilities.
 */
final class ActionCatalog {

    private ActionCatalog() {}

    static List<ActionCapability> capabilities(boolean accessibility, boolean coordinateCapture) {
        List<ActionCapability> actions = new ArrayList<>();
        if (accessibility) {
            for (String action : List.of("invoke", "set_value", "select_text", "perform_secondary_action")) {
                actions.add(new ActionCapability(action, DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED));
            }
            for (String action : List.of("type_text", "press", "paste", "hotkey", "scroll")) {
                actions.add(new ActionCapability(action, DeliveryRoute.PER_PROCESS_EVENT, BackgroundSupport.GUARDED));
            }
        }
        if (coordinateCapture) {
            for (String action : List.of("click", "move", "drag")) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
            actions.add(
                    new ActionCapability("screenshot", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.UNAVAILABLE));
        }
        if (accessibility) {
            for (String action : List.of("application", "window", "open", "clipboard_write")) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
        }
        return actions;
    }
}
