package org.praefectus.engine.execution;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.SessionIsolation;

/** The reference's capability and interaction-mode rules, which decide before any effect. */
final class RouteRules {

    private RouteRules() {}

    /**
     * The capability fact for the action, or {@code null} when the facts are missing or inconsistent:
     * duplicate names, a route impossible for the action, or supported actions that differ from the facts.
     */
    static ActionCapability strictActionCapability(Capabilities capabilities, Action action) {
        Set<String> supported = new HashSet<>();
        for (String name : capabilities.supportedActions()) {
            if (!supported.add(name)) {
                return null;
            }
        }
        Map<String, ActionCapability> facts = new HashMap<>();
        for (ActionCapability capability : capabilities.actionCapabilities()) {
            if (!routeIsValid(capability) || facts.put(capability.action(), capability) != null) {
                return null;
            }
        }
        if (!supported.equals(facts.keySet())) {
            return null;
        }
        return facts.get(action.kind());
    }

    private static boolean routeIsValid(ActionCapability capability) {
        DeliveryRoute route = capability.deliveryRoute();
        return switch (capability.action()) {
            case "invoke", "set_value", "select_text", "perform_secondary_action", "screenshot" ->
                route == DeliveryRoute.TARGET_ADDRESSED;
            // pointer and keyboard input may go to the fenced element's process alone (macOS), as the
            // reference's strict_action_capability allows for all seven
            case "click", "move", "drag", "type_text", "press", "paste", "hotkey" ->
                route == DeliveryRoute.POINTER || route == DeliveryRoute.PER_PROCESS_EVENT;
            case "scroll" ->
                route == DeliveryRoute.POINTER
                        || route == DeliveryRoute.TARGET_ADDRESSED
                        || route == DeliveryRoute.PER_PROCESS_EVENT;
            // auxiliary host-level actions name an application or window, never deliver input to a target
            case "application", "window", "open", "clipboard_write" -> route != DeliveryRoute.UNKNOWN;
            default -> false;
        };
    }

    /** Whether {@code background_only} can be honoured for this capability in this session. */
    static boolean backgroundAuthorized(ActionCapability capability, SessionIsolation isolation) {
        return switch (isolation) {
            // per-process events move no pointer and no foreground: guarded like target-addressed actions
            case SHARED_DESKTOP ->
                (capability.deliveryRoute() == DeliveryRoute.TARGET_ADDRESSED
                                || capability.deliveryRoute() == DeliveryRoute.PER_PROCESS_EVENT)
                        && capability.backgroundSupport() == BackgroundSupport.GUARDED;
            case HOST_ISOLATED ->
                capability.backgroundSupport() == BackgroundSupport.GUARDED
                        || capability.backgroundSupport() == BackgroundSupport.HOST_ISOLATED_ONLY;
            case UNKNOWN -> false;
        };
    }

    /** Global pointer or keyboard synthesis: input that cannot be delivered to one process. */
    static boolean isGlobalInput(ActionCapability capability) {
        return capability.deliveryRoute() == DeliveryRoute.POINTER;
    }
}
