package org.praefectus.bridge.component;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.servlet.runtime.HttpServiceRuntime;
import org.praefectus.bridge.Bridge;

/**
 * In the executable jar: prints {@code praetor-execd listening on HOST:PORT} once Jetty has bound the
 * bridge's socket (its runtime publishes the bound port as {@code osgi.http.endpoint}; with port 0 nothing
 * else knows it). Hosts and scripts wait for this line before connecting.
 */
@Component(
        service = {},
        immediate = true)
public final class ListeningAnnouncer {

    private final boolean main;
    private final Bridge bridge;
    private final AtomicBoolean announced = new AtomicBoolean();

    @Activate
    public ListeningAnnouncer(BundleContext context, @Reference Bridge bridge) {
        this.main = BridgeLaunchComponent.isMain(context);
        this.bridge = bridge;
    }

    @Reference(
            service = HttpServiceRuntime.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void bindRuntime(Map<String, Object> properties) {
        announce(properties);
    }

    void updatedRuntime(Map<String, Object> properties) {
        announce(properties);
    }

    void unbindRuntime(Map<String, Object> properties) {
        // the announcement is made once per start
    }

    private void announce(Map<String, Object> properties) {
        if (!main) {
            return;
        }
        int port = boundPort(properties.get("osgi.http.endpoint"));
        if (port > 0 && announced.compareAndSet(false, true)) {
            System.out.println(
                    "praetor-execd listening on " + bridge.settings().server().host() + ":" + port);
            System.out.flush();
        }
    }

    /** The first endpoint's port: a String or String[] of URLs such as {@code http://127.0.0.1:41234/}. */
    static int boundPort(Object endpoint) {
        Object first = endpoint instanceof String[] array && array.length > 0 ? array[0] : endpoint;
        if (!(first instanceof String url)) {
            return -1;
        }
        try {
            return URI.create(url).getPort();
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }
}
