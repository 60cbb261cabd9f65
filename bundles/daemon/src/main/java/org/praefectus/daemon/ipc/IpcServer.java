package org.praefectus.daemon.ipc;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * The daemon's local socket: newline-delimited JSON on a Unix-domain socket, mode 0600, one thread per
 * connection. Each connection's peer is checked with {@code SO_PEERCRED}: a process of another user gets
 * one {@code peer_refused} reply and is disconnected, whatever the file mode says.
 */
public final class IpcServer implements AutoCloseable {

    /** More connections than this at once are answered {@code busy} and closed. */
    static final int MAX_CONNECTIONS = 64;

    private final Path socket;
    private final ServerSocketChannel server;
    private final IpcMethods methods;
    private final UserPrincipal owner;
    private final ExecutorService connections = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "praefectus-ipc");
        thread.setDaemon(true);
        return thread;
    });
    private final Set<SocketChannel> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger active = new AtomicInteger();
    private final Thread acceptor;

    private IpcServer(Path socket, ServerSocketChannel server, IpcMethods methods, UserPrincipal owner) {
        this.socket = socket;
        this.server = server;
        this.methods = methods;
        this.owner = owner;
        this.acceptor = new Thread(this::accept, "praefectus-ipc-accept");
        this.acceptor.setDaemon(true);
    }

    /**
     * Binds {@code socket}. A socket file that no daemon answers on is stale and replaced; one that answers
     * means another daemon runs.
     *
     * @throws IOException {@link DaemonRunningException} when another daemon answers there
     */
    public static IpcServer start(Path socket, IpcMethods methods) throws IOException {
        if (Files.exists(socket)) {
            try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                probe.connect(UnixDomainSocketAddress.of(socket));
                throw new DaemonRunningException();
            } catch (IOException stale) {
                if (stale instanceof DaemonRunningException running) {
                    throw running;
                }
                Files.deleteIfExists(socket);
            }
        }
        UserPrincipal owner = Files.getOwner(Path.of("/proc/self"));
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
        IpcServer ipc = new IpcServer(socket, server, methods, owner);
        ipc.acceptor.start();
        return ipc;
    }

    public Path socket() {
        return socket;
    }

    /** Connections being served now. */
    public int connections() {
        return active.get();
    }

    private void accept() {
        while (server.isOpen()) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (ClosedChannelException closed) {
                return;
            } catch (IOException failed) {
                continue;
            }
            if (active.incrementAndGet() > MAX_CONNECTIONS) {
                active.decrementAndGet();
                // off the accepting thread: a refusal lingers a moment for the peer's request (IpcConnection)
                connections.execute(() ->
                        IpcConnection.refuse(channel, "busy", "the daemon serves too many connections; try again"));
                continue;
            }
            open.add(channel);
            connections.execute(() -> {
                try {
                    if (samePeer(channel)) {
                        new IpcConnection(channel, methods).serve();
                    } else {
                        methods.audit()
                                .record(org.praefectus.api.host.AuditLine.of(
                                                org.praefectus.api.host.AuditLine.RUNTIME, "refused")
                                        .reason("peer_refused"));
                        IpcConnection.refuse(channel, "peer_refused", "only the daemon's own user may connect");
                    }
                } finally {
                    open.remove(channel);
                    active.decrementAndGet();
                }
            });
        }
    }

    private boolean samePeer(SocketChannel channel) {
        try {
            UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return peer != null && owner.equals(peer.user());
        } catch (IOException | UnsupportedOperationException unknown) {
            return false;
        }
    }

    /**
     * Stops accepting, cancels what is in flight and waits (at most {@code drainMillis}) until those requests
     * have ended with their honest terminals, then closes every connection and removes the socket file.
     */
    public void close(long drainMillis) {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        methods.cancelAll();
        methods.awaitIdle(drainMillis);
        for (SocketChannel channel : open) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        connections.shutdown();
        try {
            connections.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // a leftover socket file is detected as stale by the next start
        }
    }

    @Override
    public void close() {
        close(10_000);
    }

    /** Another daemon answers on the socket already. */
    public static final class DaemonRunningException extends IOException {
        private static final long serialVersionUID = 1L;

        DaemonRunningException() {
            super("another daemon answers on the socket");
        }
    }
}
