package org.praefectus.linux;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the Linux executor (PID {@value #PID}). */
@ObjectClassDefinition(name = "Praefectus Linux executor", description = "AT-SPI2 and X11 executor settings")
public @interface ExecutorConfig {

    String PID = "org.praefectus.linux.executor";

    /**
     * The isolation of this desktop session as the host knows it: {@code shared_desktop} (default, a person
     * may be using it) or {@code host_isolated} (a desktop only the host uses). A model never sets this.
     */
    @AttributeDefinition(description = "shared_desktop (default) or host_isolated")
    String session_isolation() default "shared_desktop";

    /**
     * The host-owned directory the {@code screenshot} action writes PNG files into (0600 files, the directory
     * created 0700). Empty (default): {@code ~/.local/state/praefectus/screenshots}.
     */
    @AttributeDefinition(
            description = "directory for screenshot files; empty means ~/.local/state/praefectus/screenshots")
    String screenshot_directory() default "";

    /** The X display to use instead of the process's {@code DISPLAY}. Empty (default): the process's. */
    @AttributeDefinition(description = "X display; empty means the process's DISPLAY")
    String display() default "";

    /**
     * The session bus to use instead of the process's {@code DBUS_SESSION_BUS_ADDRESS}. Empty (default): the
     * process's. A host that starts its own desktop (the demo) points the executor at it with these two.
     */
    @AttributeDefinition(description = "session bus address; empty means the process's DBUS_SESSION_BUS_ADDRESS")
    String session_bus_address() default "";

    /**
     * Where the capture service's frames come from on a native Wayland session: {@code screenshot} (default), one
     * Screenshot portal request per capture (approved once in the portal's permission store; ~0.4 s each), or
     * {@code screencast}: one ScreenCast session the person shares once (the portal's "Screen Share" question at
     * the first capture), whose newest PipeWire frame serves every later capture in milliseconds. The executor's
     * fences and its {@code screenshot} action always ask the Screenshot portal.
     */
    @AttributeDefinition(description = "Wayland capture route: screenshot (default) or screencast")
    String wayland_capture() default "screenshot";

    /**
     * Whether a runtime that may send input ({@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}) grabs Ctrl+Alt+Esc as the
     * emergency stop (default). {@code false} (the daemon's {@code --no-emergency-hotkey}, as PeekabooX's) leaves
     * the chord to other clients; {@code emergency-stop --trigger} still stops every dispatch.
     */
    @AttributeDefinition(description = "grab Ctrl+Alt+Esc as the emergency stop (default true)")
    boolean emergency_hotkey() default true;
}
