package org.praefectus.linux;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.executor.Executor;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * The desktop verbs' session: the very executor the engine dispatches to, taken from this bundle's own
 * {@link LinuxExecutorComponent} service. A service of its own, because a bundle-private interface in the
 * Executor registration hides that registration from hosts that cannot load the private class (an
 * embedding host looks the Executor up from the system bundle).
 */
@Component(service = DesktopSession.class)
public final class DesktopSessionComponent implements DesktopSession {

    private final LinuxExecutor executor;

    @Activate
    public DesktopSessionComponent(
            @Reference(target = "(praefectus.executor.backend=" + LinuxExecutor.BACKEND + ")") Executor executor) {
        this.executor = ((LinuxExecutorComponent) executor).executor();
    }

    @Override
    public LinuxExecutor executor() {
        return executor;
    }
}
