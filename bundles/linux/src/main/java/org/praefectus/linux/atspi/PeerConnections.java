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
 * is one that offers no socket. Bounded: beyond {@value #CAPACITY} applications the least recently used is
 * forgotten (its connection closed); a connection that broke is dropped when next asked for.
 */
final class PeerConnections implements AutoCloseable {

    static final int CAPACITY = 16;
    private static final String UNIX_PATH = "unix:path=";

    /** Connected peers by the application's unique bus name, and {@code null} for applications refused. */
    private final Map<String, DirectConnection> peers = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, DirectConnection> eldest) {
            if (size() <= CAPACITY) {
                return false;
            }
            if (eldest.getValue() != null) {
                eldest.getValue().disconnect();
            }
            return true;
        }
    };

    /** The peer connection of this application, or empty: then it is reached over the bus. */
    synchronized Optional<DirectConnection> route(String busName) {
        DirectConnection peer = peers.get(busName);
        if (peer != null && !peer.isConnected()) {
            peer.disconnect();
            peers.remove(busName);
            return Optional.empty();
        }
        return Optional.ofNullable(peer);
    }

    /** Whether this application was tried already: connected, or refused. */
    synchronized boolean tried(String busName) {
        return peers.containsKey(busName);
    }

    /**
     * Connects to the socket the application at {@code busName} (process {@code processId}, as the bus
     * daemon reports it) gave as its address, if the socket is that process's; remembers a refusal.
     *
     * @return whether the application is now reached peer-to-peer
     */
    boolean open(String busName, long processId, String address) {
        Optional<Path> path = socketPath(address);
        OptionalLong inode = path.map(ListeningSocket::inode).orElse(OptionalLong.empty());
        DirectConnection peer = null;
        if (inode.isPresent() && ListeningSocket.heldBy(inode.getAsLong(), processId)) {
            try {
                peer = DirectConnectionBuilder.forAddress(UNIX_PATH + path.get()).build();
            } catch (Exception | LinkageError refused) {
                peer = null;
            }
            // the path may have been bound anew while connecting: the listener must still be the same
            if (peer != null && !(ListeningSocket.inode(path.get()).equals(inode)
                    && ListeningSocket.heldBy(inode.getAsLong(), processId))) {
                peer.disconnect();
                peer = null;
            }
        }
        synchronized (this) {
            DirectConnection previous = peers.put(busName, peer);
            if (previous != null) {
                previous.disconnect();
            }
        }
        return peer != null;
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
            return socket.isAbsolute() && socket.normalize().toString().equals(path) ? Optional.of(socket)
                    : Optional.empty();
        } catch (RuntimeException invalid) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized void close() {
        for (DirectConnection peer : peers.values()) {
            if (peer != null) {
                peer.disconnect();
            }
        }
        peers.clear();
    }
}
