package org.praefectus.remote.link;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.aries.rsa.annotations.RSADistributionProvider;
import org.apache.aries.rsa.spi.DistributionProvider;
import org.apache.aries.rsa.spi.Endpoint;
import org.apache.aries.rsa.spi.IntentUnsatisfiedException;
import org.apache.aries.rsa.util.StringPlus;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.service.remoteserviceadmin.RemoteConstants;

/**
 * A Remote Services distribution provider (Aries RSA's SPI, configuration type {@value #CONFIG_TYPE}) for
 * services whose methods carry strings and longs: persistent TCP connections with {@code TCP_NODELAY}, a
 * server that keeps serving after any client's reset or a stall of its own host ({@link LinkServer}), and
 * no Java deserialization. It replaces Aries RSA's TCP provider, whose server stops accepting for good after
 * a single connection error and which opens a connection per call. The bundle capability the annotation
 * declares is what Aries RSA's topology manager requires.
 */
@RSADistributionProvider(configs = LinkProvider.CONFIG_TYPE)
@Component(
        property = {
            RemoteConstants.REMOTE_INTENTS_SUPPORTED + "=" + LinkProvider.BASIC_INTENT,
            RemoteConstants.REMOTE_CONFIGS_SUPPORTED + "=" + LinkProvider.CONFIG_TYPE
        })
public final class LinkProvider implements DistributionProvider {

    /** The configuration type exporters name in {@code service.exported.configs}. */
    public static final String CONFIG_TYPE = "praefectus.tcp";

    /** Exported service property: the TCP port, one per exported service (0 or absent: any free port). */
    public static final String PORT = "praefectus.tcp.port";

    /** Exported service property: the address written into the endpoint id (default: this machine's). */
    public static final String ADDRESS = "praefectus.tcp.address";

    /** Endpoint property: the longest wait for an answer, in ms (default {@value #DEFAULT_TIMEOUT_MS}). */
    public static final String TIMEOUT = "osgi.basic.timeout";

    static final String BASIC_INTENT = "osgi.basic";
    static final int DEFAULT_TIMEOUT_MS = 300_000;

    private final Set<LinkServer> servers = ConcurrentHashMap.newKeySet();

    @Override
    public String[] getSupportedTypes() {
        return new String[] {CONFIG_TYPE};
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Endpoint exportService(
            Object service, BundleContext context, Map<String, Object> properties, Class[] interfaces) {
        for (String intent : intents(properties)) {
            if (!BASIC_INTENT.equals(intent)) {
                return null;
            }
        }
        int port = port(properties.get(PORT));
        LinkServer server;
        try {
            server = new LinkServer(port, service, LinkFrames.methods(interfaces));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on port " + port, e);
        }
        servers.add(server);
        String id = "tcp://" + address(properties.get(ADDRESS)) + ":" + server.port();
        properties.put(RemoteConstants.ENDPOINT_ID, id);
        properties.put(RemoteConstants.SERVICE_IMPORTED_CONFIGS, getSupportedTypes());
        properties.put(RemoteConstants.SERVICE_EXPORTED_CONFIGS, "");
        properties.put(RemoteConstants.SERVICE_INTENTS, BASIC_INTENT);
        EndpointDescription description = new EndpointDescription(properties);
        return new Endpoint() {
            @Override
            public EndpointDescription description() {
                return description;
            }

            @Override
            public void close() throws IOException {
                servers.remove(server);
                server.close();
            }
        };
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Object importEndpoint(
            ClassLoader loader, BundleContext context, Class[] interfaces, EndpointDescription endpoint)
            throws IntentUnsatisfiedException {
        URI uri = URI.create(endpoint.getId());
        if (uri.getHost() == null || uri.getPort() < 1) {
            throw new IllegalArgumentException("endpoint.id is not tcp://host:port: " + endpoint.getId());
        }
        Object timeout = endpoint.getProperties().get(TIMEOUT);
        int timeoutMs = timeout == null ? DEFAULT_TIMEOUT_MS : Integer.parseInt(timeout.toString());
        LinkClient client = new LinkClient(new InetSocketAddress(uri.getHost(), uri.getPort()), timeoutMs);
        return Proxy.newProxyInstance(loader, interfaces, client);
    }

    /** Closes every server this provider started (the framework is stopping it). */
    @Deactivate
    void deactivate() throws IOException {
        for (LinkServer server : servers) {
            server.close();
        }
        servers.clear();
    }

    private static List<String> intents(Map<String, Object> properties) {
        List<String> intents = new java.util.ArrayList<>();
        for (String key :
                List.of(RemoteConstants.SERVICE_EXPORTED_INTENTS, RemoteConstants.SERVICE_EXPORTED_INTENTS_EXTRA)) {
            List<String> named = StringPlus.normalize(properties.get(key));
            if (named != null) {
                intents.addAll(named);
            }
        }
        return intents;
    }

    private static int port(Object value) {
        int port = value == null ? 0 : Integer.parseInt(value.toString());
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException(PORT + " must be a port (0-65535)");
        }
        return port;
    }

    private static String address(Object value) {
        if (value != null && !value.toString().isBlank()) {
            return value.toString();
        }
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (UnknownHostException e) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
    }
}
