package org.praefectus.api.plugin;

import java.time.Duration;
import java.util.Objects;

/**
 * Bounds of one plugin call.
 *
 * @param timeout        how long the plugin process may run before its whole process tree is killed;
 *                       positive
 * @param maxOutputBytes how many bytes of stdout and of stderr (each) are kept; more is discarded and
 *                       reported as truncation; positive
 */
public record PluginCallLimits(Duration timeout, int maxOutputBytes) {

    /** PeekabooX's defaults: 10 seconds and 1 MiB. */
    public static final PluginCallLimits DEFAULT = new PluginCallLimits(Duration.ofSeconds(10), 1_048_576);

    public PluginCallLimits {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxOutputBytes <= 0) {
            throw new IllegalArgumentException("maxOutputBytes must be positive");
        }
    }
}
