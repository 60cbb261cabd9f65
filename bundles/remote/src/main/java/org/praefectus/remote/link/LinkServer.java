package org.praefectus.remote.link;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PushbackInputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one exported service on one TCP port. Each accepted connection is persistent: it carries one call
 * after the other until the client closes it or stays silent for {@link #IDLE_TIMEOUT_MS}. What goes wrong
 * with one connection (a reset, a client that gave up while this side was stopped, a corrupt frame) ends that
 * connection only; the port keeps accepting until {@link #close}. At most {@link #MAX_CONNECTIONS} are
 * served at once; further clients wait in the listen queue. A client that went away while its call ran (its host
 * was killed: the kernel closed the connection with a plain FIN, which reads as an ordinary end) is seen before the
 * answer is written and logged: its answer is lost, and nothing else would say so.
 */
final class LinkServer implements Closeable {

    /** How long a connection may wait between two calls before this side closes it (ms). */
    static final int IDLE_TIMEOUT_MS = 300_000;

    /** Connections served at once. */
    static final int MAX_CONNECTIONS = 64;

    private static final Logger LOG = LoggerFactory.getLogger(LinkServer.class);

    private final ServerSocketChannel listener;
    private final int port;
    private final Object service;
    private final Map<String, Method> methods;
    private final ExecutorService threads;
    private final Semaphore slots = new Semaphore(MAX_CONNECTIONS);
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    LinkServer(int port, Object service, Map<String, Method> methods) throws IOException {
        this.service = service;
        this.methods = methods;
        this.listener = ServerSocketChannel.open();
        listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        listener.bind(new InetSocketAddress(port), MAX_CONNECTIONS);
        this.port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "praefectus-link-" + this.port + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        threads.execute(this::accept);
    }

    int port() {
        return port;
    }

    private void accept() {
        while (!closed) {
            try {
                slots.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (IOException e) {
                slots.release();
                if (closed) {
                    return;
                }
                // out of descriptors or an aborted handshake: this port keeps serving
                LOG.warn(
                        "link on port {}: accept failed ({}); still serving",
                        port,
                        e.getClass().getSimpleName());
                pause();
                continue;
            }
            Socket socket = channel.socket();
            open.add(socket);
            threads.execute(() -> {
                try {
                    serve(channel);
                } finally {
                    open.remove(socket);
                    slots.release();
                }
            });
        }
    }

    private void serve(SocketChannel channel) {
        try (channel) {
            Socket socket = channel.socket();
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            socket.setSoTimeout(IDLE_TIMEOUT_MS);
            PushbackInputStream received = new PushbackInputStream(new BufferedInputStream(socket.getInputStream()));
            DataInputStream in = new DataInputStream(received);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            LinkFrames.Request request;
            while (!closed && (request = LinkFrames.readRequest(in)) != null) {
                String answered = answer(request, out, channel, received);
                if (answered != null) {
                    // the kill of an engine host inside its call: the one trace of it on this side
                    LOG.info(
                            "link on port {}: connection ended (closed by the client during {}: its answer is lost);"
                                    + " still serving",
                            port,
                            answered);
                    return;
                }
            }
        } catch (SocketTimeoutException e) {
            LOG.debug("link on port {}: idle connection closed", port);
        } catch (IOException e) {
            if (!closed) {
                // a reset, or a client that stopped waiting (its timeout while this side was stalled)
                LOG.info(
                        "link on port {}: connection ended ({}); still serving",
                        port,
                        e.getClass().getSimpleName());
            }
        } catch (RuntimeException e) {
            LOG.warn("link on port {}: connection ended by an internal error; still serving", port, e);
        }
    }

    /**
     * Serves one call and writes its answer.
     *
     * @return null, or the method's name when the client ended the connection while the call ran
     */
    private String answer(
            LinkFrames.Request request, DataOutputStream out, SocketChannel channel, PushbackInputStream received)
            throws IOException {
        Method method = methods.get(request.method());
        if (method == null || method.getParameterCount() != request.arguments().length) {
            LinkFrames.writeFailure(out, NoSuchMethodException.class.getName());
            return null;
        }
        String value = null;
        String failure = null;
        try {
            value = (String) method.invoke(service, request.arguments());
        } catch (InvocationTargetException e) {
            // the type only: a message may quote what the call carried
            LOG.warn(
                    "link on port {}: {} threw {}",
                    port,
                    method.getName(),
                    e.getCause().getClass().getName());
            failure = e.getCause().getClass().getName();
        } catch (IllegalAccessException | IllegalArgumentException e) {
            failure = e.getClass().getName();
        }
        if (endedByClient(channel, received)) {
            return method.getName();
        }
        if (failure != null) {
            LinkFrames.writeFailure(out, failure);
        } else {
            LinkFrames.writeValue(out, value);
        }
        return null;
    }

    /**
     * Whether the client has ended the connection (end of stream, or a reset), checked without blocking. The
     * client never sends a second call before the first one's answer, so nothing is normally waiting; a byte that
     * is (a client that does) is put back for the next request.
     */
    private static boolean endedByClient(SocketChannel channel, PushbackInputStream received) throws IOException {
        if (received.available() > 0) {
            return false;
        }
        ByteBuffer next = ByteBuffer.allocate(1);
        int read;
        try {
            channel.configureBlocking(false);
            read = channel.read(next);
        } catch (IOException e) {
            return true;
        } finally {
            channel.configureBlocking(true);
        }
        if (read > 0) {
            received.unread(next.get(0));
        }
        return read < 0;
    }

    @SuppressWarnings("PMD.AvoidThreadSleep")
    private static void pause() {
        try {
            // without it a persistent accept failure (no descriptors) would spin a core
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops accepting, ends every connection and every thread this server started. */
    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        for (Socket socket : open) {
            socket.close();
        }
        threads.shutdownNow();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
