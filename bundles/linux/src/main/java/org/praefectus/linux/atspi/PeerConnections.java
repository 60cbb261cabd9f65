package org.praefectus.linux.atspi;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.connections.impl.DirectConnectionBuilder;
import org.praefectus.linux.proc.ListeningSocket;

/**
 * Peer-to-peer connections to applications, as libatspi makes them. A toolkit's AT-SPI bridge also serves
 * its objects on a private socket ({@code Application.GetApplicationBusAddress}); calls over it skip the bus
 * daemon, which otherwise routes every request and every reply.
 *
 * <p>The socket address comes from the application itself, so it is trusted only when it is a plain path
 * whose one listening socket is held by the process the bus daemon reports for the application's bus name,
 * checked before and after connecting. An application whose socket fails that is reached over the bus, as
 * is one that offers no socket.
 *
 * <p>A connection is made in the background and routed to only once {@link #activate activated}: the caller
 * activates it before it sends a wave of calls, so that one wave goes over one connection, in order.
 * Bounded: beyond {@value #CAPACITY} applications the least recently used is forgotten (its connection
 * closed); a connection that broke is dropped when next asked for.
 */
final class PeerConnections implements AutoCloseable {

    static final int CAPACITY = 16;
    private static final String UNIX_PATH = "unix:path=";

    /** One application: its connection once made ({@code null} while tried, or when refused). */
    private static final class Peer {
        private DirectConnection connection;
        private boolean routed;
    }

    private boolean closed;
    private final Map<String, Peer> peers = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Peer> eldest) {
            if (size() <= CAPACITY) {
                return false;
            }
            if (eldest.getValue().connection != null) {
                eldest.getValue().connection.disconnect();
            }
            return true;
        }
    };

    /** The activated peer connection of this application, or empty: then it is reached over the bus. */
    synchronized Optional<DirectConnection> route(String busName) {
        Peer peer = peers.get(busName);
        if (peer == null || !peer.routed) {
            return Optional.empty();
        }
        if (!peer.connection.isConnected()) {
            peer.connection.disconnect();
            peers.remove(busName);
            return Optional.empty();
        }
        return Optional.of(peer.connection);
    }

    /**
     * Claims the first try for this application: false when it was tried before (connected, refused, or
     * being tried now).
     */
    synchronized boolean claim(String busName) {
        if (closed || peers.containsKey(busName)) {
            return false;
        }
        peers.put(busName, new Peer());
        return true;
    }

    /** Routes this application's calls over its connection from now on, if one was made. */
    synchronized void activate(String busName) {
        Peer peer = peers.get(busName);
        if (peer != null && peer.connection != null) {
            peer.routed = true;
        }
    }

    /**
     * Connects to the socket the application at {@code busName} (process {@code processId}, as the bus
     * daemon reports it) gave as its address, if the socket is that process's; remembers a refusal.
     *
     * @return whether a connection was made (it is routed to once activated)
     */
    boolean open(String busName, long processId, String address) {
        Optional<Path> path = socketPath(address);
        OptionalLong inode = path.map(ListeningSocket::inode).orElse(OptionalLong.empty());
        DirectConnection connection = null;
        if (inode.isPresent() && ListeningSocket.heldBy(inode.getAsLong(), processId)) {
            try {
                connection = DirectConnectionBuilder.forAddress(UNIX_PATH + path.get())
                        .build();
            } catch (Exception | LinkageError refused) {
                connection = null;
            }
            // the path may have been bound anew while connecting: the listener must still be the same
            if (connection != null
                    && !(ListeningSocket.inode(path.get()).equals(inode)
                            && ListeningSocket.heldBy(inode.getAsLong(), processId))) {
                connection.disconnect();
                connection = null;
            }
        }
        synchronized (this) {
            Peer peer = peers.get(busName);
            if (closed || peer == null) {
                // closed, or forgotten while connecting
                if (connection != null) {
                    connection.disconnect();
                }
                return false;
            }
            peer.connection = connection;
        }
        return connection != null;
    }

    /** The socket path of an address that is exactly {@code unix:path=ABSOLUTE_PATH}, nothing escaped. */
    static Optional<Path> socketPath(String address) {
        if (address == null || !address.startsWith(UNIX_PATH) || address.length() > 4_096) {
            return Optional.empty();
        }
        String path = address.substring(UNIX_PATH.length());
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == ',' || c == ';' || c == '%' || c < 0x20 || c > 0x7e) {
                return Optional.empty();
            }
        }
        try {
            Path socket = Path.of(path);
            return socket.isAbsolute() && socket.normalize().toString().equals(path)
                    ? Optional.of(socket)
                    : Optional.empty();
        } catch (RuntimeException invalid) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (Peer peer : peers.values()) {
            if (peer.connection != null) {
                peer.connection.disconnect();
            }
        }
        peers.clear();
    }
}
