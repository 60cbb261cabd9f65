package org.praefectus.macos;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the macOS executor (PID {@value #PID}). */
@ObjectClassDefinition(name = "Praefectus macOS executor", description = "Accessibility (AX) executor settings")
public @interface MacExecutorConfig {

    String PID = "org.praefectus.macos.executor";

    /**
     * The isolation of this desktop session as the host knows it: {@code shared_desktop} (default) or
     * {@code host_isolated}; anything else is {@code unknown} and the engine refuses every action.
     */
    @AttributeDefinition(description = "shared_desktop (default) or host_isolated")
    String session_isolation() default "shared_desktop";

    /**
     * The host-owned directory the {@code screenshot} action writes PNG files into (0600 files, the directory
     * 0700, refused when other users may write it). Empty (default):
     * {@code ~/Library/Application Support/Praefectus/screenshots}.
     */
    @AttributeDefinition(
            description =
                    "directory for screenshot files; empty means ~/Library/Application Support/Praefectus/screenshots")
    String screenshot_directory() default "";
}
