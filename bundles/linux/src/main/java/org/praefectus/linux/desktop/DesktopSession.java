package org.praefectus.linux.desktop;

import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The registered Linux executor, for this bundle's desktop verbs (bundle-private, not exported): elements
 * and coordinate targets must come from the very executor the engine dispatches to, or their fences would
 * name observations it never made.
 */
public interface DesktopSession {

    /** The executor behind the {@code linux-atspi} Executor service. */
    LinuxExecutor executor();

    /**
     * The runtime's caching element finder, shared by the listing verbs ({@code elements}, {@code find},
     * {@code desktop-state}) and configured by {@code org.praefectus.linux.desktop}.
     */
    ElementFinder elements();

    /**
     * The runtime's cache of the accessible windows, for {@code windows}; configured as {@link #elements()}.
     */
    AtspiCache<Void, java.util.List<org.praefectus.linux.atspi.SurfaceWindow>> accessibleWindows();
}
