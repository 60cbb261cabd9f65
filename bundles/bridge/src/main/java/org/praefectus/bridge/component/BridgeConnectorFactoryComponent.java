package org.praefectus.bridge.component;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.felix.http.jetty.ConnectorFactory;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.bridge.Bridge;
import org.praefectus.bridge.http.ConnectorSwap;

/**
 * The bridge's own connector in Felix HTTP's Jetty, in place of the default one Felix opened on the bridge's host
 * and port ({@link ConnectorSwap}): Felix offers no other way to set the server's error handler or the connector's
 * HTTP configuration, so Jetty's own errors (duplicate Host, malformed URI, head too large) would be its HTML pages.
 * Felix consults this factory once its default connector listens. Only once the bridge's connector listens is the
 * bridge announced ({@link ListeningAnnouncer}): a client that connects after the announcement reaches it.
 */
@Component(service = ConnectorFactory.class)
public final class BridgeConnectorFactoryComponent implements ConnectorFactory {

    private final Bridge bridge;
    private final ListeningAnnouncer announcer;

    @Activate
    public BridgeConnectorFactoryComponent(@Reference Bridge bridge, @Reference ListeningAnnouncer announcer) {
        this.bridge = bridge;
        this.announcer = announcer;
    }

    @Override
    public Connector createConnector(Server server) {
        String host = bridge.settings().server().host();
        ServerConnector connector;
        try {
            connector = ConnectorSwap.replaceDefault(
                    server, host, bridge.settings().server().port());
        } catch (IOException e) {
            throw new UncheckedIOException("the bridge's socket " + host, e);
        }
        announcer.listening(host, connector.getLocalPort());
        return connector;
    }
}
