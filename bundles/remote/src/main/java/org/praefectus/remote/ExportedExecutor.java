package org.praefectus.remote;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.propertytypes.ExportedService;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.executor.Executor;
import org.praefectus.remote.api.RemoteExecutor;
import org.praefectus.remote.link.LinkProvider;

/**
 * A desktop host's executor exported with OSGi Remote Services (one per {@link ExportConfig} factory
 * configuration). The distribution provider serves this service; {@link ServedExecutor} does the work.
 */
@Designate(ocd = ExportConfig.class, factory = true)
@Component(
        service = RemoteExecutor.class,
        configurationPid = ExportConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE)
@ExportedService(
        service_exported_interfaces = RemoteExecutor.class,
        service_exported_configs = LinkProvider.CONFIG_TYPE)
public final class ExportedExecutor implements RemoteExecutor {

    private final ServedExecutor served;

    @Activate
    public ExportedExecutor(@Reference(name = "executor") Executor executor) {
        this.served = new ServedExecutor(executor);
    }

    @Override
    public String capabilities() {
        return served.capabilities();
    }

    @Override
    public String sessionIsolation() {
        return served.sessionIsolation();
    }

    @Override
    public String sharedDesktopContextHash(long deadlineAtMs) {
        return served.sharedDesktopContextHash(deadlineAtMs);
    }

    @Override
    public String observe(String target, long deadlineAtMs) {
        return served.observe(target, deadlineAtMs);
    }

    @Override
    public String resolve(String target, long deadlineAtMs) {
        return served.resolve(target, deadlineAtMs);
    }

    @Override
    public String dispatch(String action, String handle, String verification, long deadlineAtMs) {
        return served.dispatch(action, handle, verification, deadlineAtMs);
    }

    @Override
    public String observeSemantic(long deadlineAtMs) {
        return served.observeSemantic(deadlineAtMs);
    }

    @Override
    public String listSurfaces(long deadlineAtMs) {
        return served.listSurfaces(deadlineAtMs);
    }

    @Override
    public String observeSurface(String surfaceId, long deadlineAtMs) {
        return served.observeSurface(surfaceId, deadlineAtMs);
    }

    @Override
    public String observeCoordinates(long deadlineAtMs) {
        return served.observeCoordinates(deadlineAtMs);
    }
}
