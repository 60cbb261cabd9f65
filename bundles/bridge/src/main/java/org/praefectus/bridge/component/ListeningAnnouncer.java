package org.praefectus.bridge.component;

import java.util.concurrent.atomic.AtomicBoolean;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * In the executable jar: prints {@code praetor-execd listening on HOST:PORT} once the bridge's own connector is bound
 * and listening ({@link BridgeConnectorFactoryComponent} says when; with port 0 nothing else knows the port). Hosts and
 * scripts wait for this line before connecting. It used to follow Felix HTTP's published endpoint, which names the
 * default connector the bridge then replaces: a client connecting on the line could be refused during the swap, or
 * accepted by the closing connector and never answered.
 */
@Component(service = ListeningAnnouncer.class)
public final class ListeningAnnouncer {

    private final boolean main;
    private final AtomicBoolean announced = new AtomicBoolean();

    @Activate
    public ListeningAnnouncer(BundleContext context) {
        this.main = BridgeLaunchComponent.isMain(context);
    }

    /** The bridge's connector listens on {@code host:port}: said once per start, and only in the executable jar. */
    void listening(String host, int port) {
        if (main && port > 0 && announced.compareAndSet(false, true)) {
            System.out.println("praetor-execd listening on " + host + ":" + port);
            System.out.flush();
        }
    }
}
