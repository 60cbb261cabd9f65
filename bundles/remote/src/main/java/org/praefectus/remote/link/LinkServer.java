package org.praefectus.remote.link;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
 * served at once; further clients wait in the listen queue.
 */
final class LinkServer implements Closeable {

    /** How long a connection may wait between two calls before this side closes it (ms). */
    static final int IDLE_TIMEOUT_MS = 300_000;

    /** Connections served at once. */
    static final int MAX_CONNECTIONS = 64;

    private static final Logger LOG = LoggerFactory.getLogger(LinkServer.class);

    private final ServerSocket listener;
    private final Object service;
    private final Map<String, Method> methods;
    private final ExecutorService threads;
    private final Semaphore slots = new Semaphore(MAX_CONNECTIONS);
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    LinkServer(int port, Object service, Map<String, Method> methods) throws IOException {
        this.service = service;
        this.methods = methods;
        this.listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(port), MAX_CONNECTIONS);
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(task -> {
            Thread thread =
                    new Thread(task, "praefectus-link-" + listener.getLocalPort() + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        threads.execute(this::accept);
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!closed) {
            try {
                slots.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                slots.release();
                if (closed) {
                    return;
                }
                // out of descriptors or an aborted handshake: this port keeps serving
                LOG.warn(
                        "link on port {}: accept failed ({}); still serving",
                        port(),
                        e.getClass().getSimpleName());
                pause();
                continue;
            }
            open.add(socket);
            threads.execute(() -> {
                try {
                    serve(socket);
                } finally {
                    open.remove(socket);
                    slots.release();
                }
            });
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            socket.setSoTimeout(IDLE_TIMEOUT_MS);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            LinkFrames.Request request;
            while (!closed && (request = LinkFrames.readRequest(in)) != null) {
                answer(request, out);
            }
        } catch (SocketTimeoutException e) {
            LOG.debug("link on port {}: idle connection closed", port());
        } catch (IOException e) {
            if (!closed) {
                // a reset, or a client that stopped waiting (its timeout while this side was stalled)
                LOG.info(
                        "link on port {}: connection ended ({}); still serving",
                        port(),
                        e.getClass().getSimpleName());
            }
        } catch (RuntimeException e) {
            LOG.warn("link on port {}: connection ended by an internal error; still serving", port(), e);
        }
    }

    private void answer(LinkFrames.Request request, DataOutputStream out) throws IOException {
        Method method = methods.get(request.method());
        if (method == null || method.getParameterCount() != request.arguments().length) {
            LinkFrames.writeFailure(out, NoSuchMethodException.class.getName());
            return;
        }
        Object result;
        try {
            result = method.invoke(service, request.arguments());
        } catch (InvocationTargetException e) {
            // the type only: a message may quote what the call carried
            LOG.warn(
                    "link on port {}: {} threw {}",
                    port(),
                    method.getName(),
                    e.getCause().getClass().getName());
            LinkFrames.writeFailure(out, e.getCause().getClass().getName());
            return;
        } catch (IllegalAccessException | IllegalArgumentException e) {
            LinkFrames.writeFailure(out, e.getClass().getName());
            return;
        }
        LinkFrames.writeValue(out, (String) result);
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
