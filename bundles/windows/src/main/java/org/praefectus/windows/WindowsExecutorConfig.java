package org.praefectus.windows;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the Windows executor (PID {@value #PID}). */
@ObjectClassDefinition(name = "Praefectus Windows executor", description = "UI Automation executor settings")
public @interface WindowsExecutorConfig {

    String PID = "org.praefectus.windows.executor";

    /**
     * The isolation of this desktop session as the host knows it: {@code shared_desktop} (default) or
     * {@code host_isolated}; anything else is {@code unknown} and the engine refuses every action.
     */
    @AttributeDefinition(description = "shared_desktop (default) or host_isolated")
    String session_isolation() default "shared_desktop";

    /**
     * The host-owned directory the {@code screenshot} action writes PNG files into, restricted to the current
     * user (protected owner-only DACL) and refused when its parent is writable by others. Empty (default):
     * {@code %LOCALAPPDATA%\Praefectus\screenshots}.
     */
    @AttributeDefinition(
            description = "directory for screenshot files; empty means %LOCALAPPDATA%\\Praefectus\\screenshots")
    String screenshot_directory() default "";
}
