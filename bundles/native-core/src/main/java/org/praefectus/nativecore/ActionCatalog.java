package org.praefectus.nativecore;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;

/**
 * What a native executor advertises, and by which route. The platform names its target-addressed actions
 * (guarded: they act on the fenced element) and its keyboard actions with the route they really take;
 * click, move and drag on coordinates are global pointer input, never background; the auxiliary host-level
 * actions act on the whole desktop, so they take the pointer route (interactive only, refused without
 * {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}) and are never semantic capabilities.
 *
 * @param targetActions   actions the accessibility API performs on the fenced element
 * @param inputActions    synthesized keyboard actions
 * @param inputRoute      how they are delivered
 * @param inputBackground whether they can reach a background window
 */
public record ActionCatalog(
        List<String> targetActions,
        List<String> inputActions,
        DeliveryRoute inputRoute,
        BackgroundSupport inputBackground) {

    /** Pointer input on observed coordinates. */
    static final List<String> POINTER_ACTIONS = List.of("click", "move", "drag");

    /** Host-level actions over the whole desktop. */
    static final List<String> AUXILIARY_ACTIONS = List.of("application", "window", "open", "clipboard_write");

    public ActionCatalog {
        targetActions = List.copyOf(targetActions);
        inputActions = List.copyOf(inputActions);
    }

    /**
     * The capabilities now.
     *
     * @param semantic          the accessibility API is usable (trusted, displays readable)
     * @param coordinateCapture the screen can be captured for coordinate observations
     */
    public List<ActionCapability> capabilities(boolean semantic, boolean coordinateCapture) {
        List<ActionCapability> actions = new ArrayList<>();
        if (semantic) {
            for (String action : targetActions) {
                actions.add(new ActionCapability(action, DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED));
            }
            for (String action : inputActions) {
                actions.add(new ActionCapability(action, inputRoute, inputBackground));
            }
        }
        if (coordinateCapture) {
            for (String action : POINTER_ACTIONS) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
            actions.add(
                    new ActionCapability("screenshot", DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.UNAVAILABLE));
        }
        if (semantic) {
            for (String action : AUXILIARY_ACTIONS) {
                actions.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            }
        }
        return actions;
    }
}
