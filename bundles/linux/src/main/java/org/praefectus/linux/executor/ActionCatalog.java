package org.praefectus.linux.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.BackgroundSupport;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;

/**
 * The actions the Linux executor dispatches, with their routes. Only target-addressed AT-SPI actions are
 * background-capable (under the sentinel guard); X11 input is global pointer and keyboard input, never
 * background work on a shared desktop, and is offered only while a trusted native X server is reachable.
 */
public final class ActionCatalog {

    /** Target-addressed AT-SPI actions. */
    public static final List<String> SEMANTIC = List.of("invoke", "set_value", "select_text");
    /** Global input through XTest (each needs {@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1} at dispatch). */
    public static final List<String> INPUT =
            List.of("click", "type_text", "press", "paste", "hotkey", "move", "scroll", "drag");
    /** Global input through the RemoteDesktop portal on Wayland: the same, less paste (no portal clipboard). */
    public static final List<String> WAYLAND_INPUT =
            INPUT.stream().filter(action -> !action.equals("paste")).toList();
    /**
     * The auxiliary host-level {@code window} action (focus, minimize, close) through the X11 window manager: it
     * moves the keyboard focus, so it takes the pointer route and the input opt-in, never the background.
     */
    public static final String WINDOW = "window";
    /**
     * The auxiliary host-level {@code application} (launch, switch, quit an allow-listed application) and {@code open}
     * (a file or URL through the desktop's handler) actions: they start programs and move the keyboard focus, so
     * they take the pointer route and the input opt-in as {@link #WINDOW} does.
     */
    public static final List<String> APPLICATIONS = List.of("application", "open");
    /** Capture of a coordinate-fenced screen into a host-owned file. */
    public static final String SCREENSHOT = "screenshot";

    private ActionCatalog() {}

    /**
     * @param accessibility whether the AT-SPI bus is reachable
     * @param nativeX11     whether a trusted native X server is reachable (never on Wayland)
     */
    public static List<ActionCapability> capabilities(boolean accessibility, boolean nativeX11) {
        List<ActionCapability> capabilities =
                new ArrayList<>(capabilities(accessibility, nativeX11 ? INPUT : List.of(), nativeX11));
        if (nativeX11) {
            capabilities.add(new ActionCapability(WINDOW, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE));
            APPLICATIONS.forEach(kind ->
                    capabilities.add(new ActionCapability(kind, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE)));
        }
        return capabilities;
    }

    /**
     * @param accessibility whether the AT-SPI bus is reachable
     * @param input         the global input actions a route serves now
     * @param screenshot    whether coordinate-fenced screenshots can be taken
     */
    public static List<ActionCapability> capabilities(boolean accessibility, List<String> input, boolean screenshot) {
        List<ActionCapability> capabilities = new ArrayList<>();
        if (accessibility) {
            SEMANTIC.forEach(action -> capabilities.add(
                    new ActionCapability(action, DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.GUARDED)));
        }
        input.forEach(action ->
                capabilities.add(new ActionCapability(action, DeliveryRoute.POINTER, BackgroundSupport.UNAVAILABLE)));
        if (screenshot) {
            // a capture synthesises no input (the engine's route rules want target_addressed for it), but it
            // reads the whole screen: never in the background
            capabilities.add(
                    new ActionCapability(SCREENSHOT, DeliveryRoute.TARGET_ADDRESSED, BackgroundSupport.UNAVAILABLE));
        }
        return capabilities;
    }

    /**
     * The gate every input route (XTest, the RemoteDesktop portal) passes before anything else: an input action
     * of this catalog, and the operator's opt-in; both refusals have no effect.
     */
    static void requireInput(Action action, LinuxExecutor executor) throws DispatchException {
        if (!INPUT.contains(action.kind())) {
            throw DispatchException.unsupported("the Linux executor does not perform this action");
        }
        if (!executor.globalInputAllowed()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.PERMISSION_DENIED,
                    "global input requires PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        }
    }
}
