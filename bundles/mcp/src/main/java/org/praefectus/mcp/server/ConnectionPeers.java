package org.praefectus.mcp.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The loopback peer's user id per connection: the kernel's socket table is read once for a connection, not
 * for every request on it. Reading {@code /proc/net/tcp} walks the kernel's whole connection hash table,
 * which costs milliseconds of system time on a machine with much memory: per request it was most of a
 * Streamable HTTP round trip. Servlet 6 connection ids are unique for the container's life, so a uid cached
 * for one connection is never handed to a later connection that reuses its port. The least recently used
 * connections are forgotten beyond {@link #CAPACITY}; a forgotten one is simply looked up again.
 */
final class ConnectionPeers {

    /** The socket table lookup: server port, peer port → the peer's uid. */
    @FunctionalInterface
    interface Lookup {
        OptionalInt uid(int serverPort, int peerPort);
    }

    static final int CAPACITY = 256;

    private final Lookup lookup;
    private final Map<String, OptionalInt> uids = new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, OptionalInt> eldest) {
            return size() > CAPACITY;
        }
    };

    ConnectionPeers(Lookup lookup) {
        this.lookup = lookup;
    }

    /**
     * @param connectionId the container's id of the request's connection; {@code null} when it has none, then
     *     the table is read for this request alone
     */
    OptionalInt uid(String connectionId, int serverPort, int peerPort) {
        if (connectionId == null) {
            return lookup.uid(serverPort, peerPort);
        }
        synchronized (uids) {
            OptionalInt known = uids.get(connectionId);
            if (known != null) {
                return known;
            }
        }
        // read outside the lock: one connection's lookup does not hold up requests on others
        OptionalInt found = lookup.uid(serverPort, peerPort);
        synchronized (uids) {
            uids.put(connectionId, found);
        }
        return found;
    }
}
