package org.praefectus.remote;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.executor.Executor;
import org.praefectus.remote.api.RemoteExecutor;

/**
 * On an engine host: every {@link RemoteExecutor} that Remote Services imported (the endpoints come from
 * configuration: Aries RSA's config discovery) becomes an {@link Executor} service the engine binds, with
 * the backend, the desktop and the endpoint as service properties. When the import goes (the endpoint's
 * configuration is deleted), the executor goes, and the engine ends its in-flight operations as the SPI
 * says.
 */
@Component(immediate = true)
public final class ImportedExecutors {

    /** The service properties copied from the imported service to the executor. */
    static final List<String> COPIED = List.of(
            Executor.BACKEND_PROPERTY,
            RemoteExecutor.DESKTOP_PROPERTY,
            "service.imported",
            "endpoint.id",
            "endpoint.framework.uuid",
            "service.ranking");

    private final BundleContext context;
    private final Map<RemoteExecutor, ServiceRegistration<Executor>> registered = new ConcurrentHashMap<>();
    private volatile boolean active = true;

    @Activate
    public ImportedExecutors(BundleContext context) {
        this.context = context;
    }

    @Reference(
            service = RemoteExecutor.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            target = "(service.imported=*)")
    void bindRemote(RemoteExecutor remote, Map<String, Object> properties) {
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Dictionary<String, Object> copied = new Hashtable<>();
        for (String key : COPIED) {
            Object value = properties.get(key);
            if (value != null) {
                copied.put(key, value);
            }
        }
        synchronized (this) {
            if (active) {
                registered.put(
                        remote, context.registerService(Executor.class, new RemoteExecutorClient(remote), copied));
            }
        }
    }

    void unbindRemote(RemoteExecutor remote) {
        ServiceRegistration<Executor> registration = registered.remove(remote);
        if (registration != null) {
            unregister(registration);
        }
    }

    @Deactivate
    synchronized void deactivate() {
        active = false;
        registered.values().forEach(ImportedExecutors::unregister);
        registered.clear();
    }

    private static void unregister(ServiceRegistration<Executor> registration) {
        try {
            registration.unregister();
        } catch (IllegalStateException e) {
            // the framework already unregistered it (the bundle is stopping)
        }
    }
}
