package org.praefectus.linux;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.executor.Executor;
import org.praefectus.linux.atspi.SurfaceWindow;
import org.praefectus.linux.desktop.AtspiCache;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The desktop verbs' session: the very executor the engine dispatches to, taken from this bundle's own
 * {@link LinuxExecutorComponent} service, and the runtime's one caching element finder and accessible-window
 * cache, both configured by {@link DesktopConfig} (live: a changed configuration applies to the next lookup). A service of its own,
 * because a bundle-private interface in the Executor registration hides that registration from hosts that
 * cannot load the private class (an embedding host looks the Executor up from the system bundle).
 */
@Designate(ocd = DesktopConfig.class)
@Component(service = DesktopSession.class, configurationPid = DesktopConfig.PID)
public final class DesktopSessionComponent implements DesktopSession {

    private final LinuxExecutor executor;
    private final ElementFinder elements;
    private final AtspiCache<Void, List<SurfaceWindow>> accessibleWindows;

    @Activate
    public DesktopSessionComponent(
            @Reference(target = "(praefectus.executor.backend=" + LinuxExecutor.BACKEND + ")") Executor executor,
            DesktopConfig config) {
        this.executor = (LinuxExecutor) executor;
        this.elements = new ElementFinder(this.executor, AtspiCache.DEFAULT_TTL_MS);
        this.accessibleWindows = new AtspiCache<>(this.executor, AtspiCache.DEFAULT_TTL_MS);
        modified(config);
    }

    @Modified
    void modified(DesktopConfig config) {
        long ttlMs = Math.max(0, config.accessibility_cache_ttl_ms());
        elements.configure(ttlMs, config.accessibility_events());
        accessibleWindows.configure(ttlMs, config.accessibility_events());
    }

    @Deactivate
    void deactivate() {
        elements.close();
        accessibleWindows.close();
    }

    @Override
    public LinuxExecutor executor() {
        return executor;
    }

    @Override
    public ElementFinder elements() {
        return elements;
    }

    @Override
    public AtspiCache<Void, List<SurfaceWindow>> accessibleWindows() {
        return accessibleWindows;
    }
}
