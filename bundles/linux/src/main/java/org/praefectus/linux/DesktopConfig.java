package org.praefectus.linux;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The desktop verbs' accessibility cache (PID {@value #PID}): what {@code elements}, {@code find} and
 * {@code desktop-state} share in one runtime. The daemon sets it from {@code --accessibility-cache-ttl-ms} and
 * {@code --no-accessibility-events}; a change applies to the next lookup. Fences and effects never read it.
 */
@ObjectClassDefinition(name = "Praefectus desktop element cache", description = "AT-SPI element cache of the verbs")
public @interface DesktopConfig {

    String PID = "org.praefectus.linux.desktop";

    /** How long an answer is kept, in milliseconds; 0 keeps nothing. */
    @AttributeDefinition(description = "lifetime of a cached element listing in ms (0: no cache)", min = "0")
    long accessibility_cache_ttl_ms() default 500;

    /** Whether AT-SPI focus, window and object events forget an answer before its lifetime ends. */
    @AttributeDefinition(description = "invalidate the cache on AT-SPI events")
    boolean accessibility_events() default true;
}
