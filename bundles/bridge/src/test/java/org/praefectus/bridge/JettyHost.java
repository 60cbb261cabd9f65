package org.praefectus.bridge;

import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.praefectus.bridge.http.BridgeConnector;

/**
 * The bridge's servlet behind its guard filter in the Jetty 12 that Felix HTTP embeds, on the bridge's
 * connector on a loopback port: the same objects and order the HTTP Whiteboard (and the bridge's
 * connector factory) wire in the framework, without a framework.
 */
final class JettyHost implements AutoCloseable {

    private final Server server = new Server();
    private final ServerConnector connector;

    JettyHost(Bridge bridge, String host, int port) throws Exception {
        connector = BridgeConnector.open(server, host, port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler("/");
        context.addFilter(new FilterHolder(bridge.guard()), "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder(bridge.servlet()), "/*");
        server.setHandler(context);
        server.start();
    }

    int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
