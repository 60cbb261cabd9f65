package org.praefectus.remote.link;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Deque;
import org.osgi.framework.ServiceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The calling side of a link: a proxy's handler that sends each call over a persistent connection to the
 * serving host. Connections are kept between calls (one per concurrent call, at most {@link #MAX_IDLE}
 * idle); before an idle one is reused it is checked without blocking, and one the serving side closed is
 * dropped. A call that fails in any way resets its connection (a late answer must never be read as the next
 * call's; the reset, unlike a close, makes the serving host end the connection, and log it, as soon as anything of
 * it reaches this host again), logs the failure (the address, the method and the exception's type, never an
 * argument) and throws a {@link ServiceException} whose cause is the I/O failure: a {@link
 * java.net.ConnectException} when the call never left (the connection could not be made in any way, a timeout
 * included).
 */
final class LinkClient implements InvocationHandler, Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(LinkClient.class);

    /** Idle connections kept for the next calls. */
    static final int MAX_IDLE = 8;

    /** Idle connections older than this are closed rather than reused (ms); the server keeps them longer. */
    static final long MAX_IDLE_MS = 60_000;

    private final InetSocketAddress address;
    private final int timeoutMs;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private boolean closed;

    LinkClient(InetSocketAddress address, int timeoutMs) {
        this.address = address;
        this.timeoutMs = timeoutMs;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "link to " + address;
            };
        }
        LinkFrames.Answer answer = call(method.getName(), args);
        if (answer.failure() != null) {
            throw new ServiceException("the served method threw " + answer.failure(), ServiceException.REMOTE);
        }
        return answer.value();
    }

    private LinkFrames.Answer call(String method, Object[] args) {
        Connection connection = null;
        try {
            connection = take();
            LinkFrames.writeRequest(connection.out, method, args);
            LinkFrames.Answer answer = LinkFrames.readAnswer(connection.in);
            give(connection);
            return answer;
        } catch (IOException e) {
            if (connection != null) {
                connection.abort();
            }
            // an engine host's trace of a lost link, a stalled desktop or a blackhole: what the operator sees
            LOG.warn("link to {}: {} failed ({})", address, method, e.getClass().getSimpleName());
            throw new ServiceException("link to " + address + " failed", ServiceException.REMOTE, e);
        } catch (RuntimeException e) {
            // an argument the link cannot carry: the connection may hold half a frame
            if (connection != null) {
                connection.abort();
            }
            throw e;
        }
    }

    private Connection take() throws IOException {
        while (true) {
            Connection connection;
            synchronized (this) {
                if (closed) {
                    throw new IOException("link closed");
                }
                connection = idle.pollFirst();
            }
            if (connection == null) {
                return new Connection(address, timeoutMs);
            }
            if (connection.reusable()) {
                return connection;
            }
            connection.close();
        }
    }

    private void give(Connection connection) {
        synchronized (this) {
            if (!closed && idle.size() < MAX_IDLE) {
                connection.idleSince = System.nanoTime();
                idle.addFirst(connection);
                return;
            }
        }
        connection.close();
    }

    /** Closes every idle connection; calls after it fail. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            idle.forEach(Connection::close);
            idle.clear();
        }
    }

    /** One persistent connection. */
    private static final class Connection {
        final SocketChannel channel;
        final DataInputStream in;
        final DataOutputStream out;
        long idleSince;

        Connection(InetSocketAddress address, int timeoutMs) throws IOException {
            channel = SocketChannel.open();
            try {
                Socket socket = channel.socket();
                socket.setTcpNoDelay(true);
                socket.setKeepAlive(true);
                connect(socket, address, timeoutMs);
                socket.setSoTimeout(timeoutMs);
                in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
                out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        /**
         * A connection that could not be made (refused, unreachable, or timed out because its SYN was dropped)
         * carried no call: every such failure is a {@link ConnectException}, which the engine host reads as
         * "never reached the desktop host".
         */
        private static void connect(Socket socket, InetSocketAddress address, int timeoutMs) throws IOException {
            try {
                socket.connect(address, timeoutMs);
            } catch (ConnectException e) {
                throw e;
            } catch (IOException e) {
                ConnectException never = new ConnectException("connection to " + address + " not made ("
                        + e.getClass().getSimpleName() + ")");
                never.initCause(e);
                throw never;
            }
        }

        /**
         * Whether the serving side still holds this connection: nothing may be waiting to be read (a close
         * reads as end of stream, a reset as an exception), checked without blocking.
         */
        boolean reusable() {
            if (System.nanoTime() - idleSince > MAX_IDLE_MS * 1_000_000) {
                return false;
            }
            try {
                channel.configureBlocking(false);
                int read = channel.read(ByteBuffer.allocate(1));
                channel.configureBlocking(true);
                return read == 0;
            } catch (IOException e) {
                return false;
            }
        }

        /** Ends the connection with a reset (SO_LINGER 0): nothing of it is sent or answered any more. */
        void abort() {
            try {
                channel.socket().setSoLinger(true, 0);
            } catch (IOException e) {
                // a socket that failed may refuse the option: it is closed all the same
            }
            close();
        }

        void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // closing a connection that already failed
            }
        }
    }
}
