package org.praefectus.daemon.ipc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * One client connection: requests are lines, each answered by exactly one line, in order. A bad line gets
 * an error reply and the connection lives on; a line over {@value #MAX_LINE_BYTES} bytes is answered
 * {@code request_too_large} and skipped up to its end.
 */
final class IpcConnection {

    static final int MAX_LINE_BYTES = 4 * 1024 * 1024;
    /** How long, and how much, a refused peer may still send before the socket closes. */
    static final long LINGER_MILLIS = 1_000;

    static final int LINGER_BYTES = 64 * 1024;

    private final SocketChannel channel;
    private final IpcMethods methods;
    private final IpcSession session = new IpcSession();

    IpcConnection(SocketChannel channel, IpcMethods methods) {
        this.channel = channel;
        this.methods = methods;
    }

    void serve() {
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean skipping = false;
        try (channel) {
            while (channel.read(buffer) >= 0) {
                buffer.flip();
                while (buffer.hasRemaining()) {
                    byte b = buffer.get();
                    if (b == '\n') {
                        if (skipping) {
                            skipping = false;
                        } else if (line.size() > 0) {
                            write(methods.handle(line.toByteArray(), session));
                        }
                        line.reset();
                    } else if (!skipping) {
                        line.write(b);
                        if (line.size() > MAX_LINE_BYTES) {
                            write(Replies.failure("request_too_large", "a request line is at most 4 MiB"));
                            line.reset();
                            skipping = true;
                        }
                    }
                }
                buffer.clear();
            }
        } catch (IOException closed) {
            // the client went away, or the daemon is stopping
        }
    }

    private void write(byte[] reply) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(reply.length + 1)
                .put(reply)
                .put((byte) '\n')
                .flip();
        while (out.hasRemaining()) {
            channel.write(out);
        }
    }

    /** Answers once and closes: for peers that are not served at all. */
    /**
     * Answers one error line and disconnects. The peer usually sends its request right after connecting: the
     * reply is written and the write side shut first, and what the peer sends meanwhile is read and dropped
     * for a moment ({@value #LINGER_MILLIS} ms, at most {@value #LINGER_BYTES} bytes), so that it reads the
     * refusal instead of a broken pipe when it writes to a socket already closed.
     */
    static void refuse(SocketChannel channel, String code, String message) {
        try (channel) {
            byte[] reply = Replies.failure(code, message);
            ByteBuffer out = ByteBuffer.allocate(reply.length + 1)
                    .put(reply)
                    .put((byte) '\n')
                    .flip();
            while (out.hasRemaining()) {
                channel.write(out);
            }
            channel.shutdownOutput();
            drainBriefly(channel);
        } catch (IOException gone) {
            // nothing to tell a peer that left
        }
    }

    private static void drainBriefly(SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_READ);
            ByteBuffer sink = ByteBuffer.allocate(8192);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LINGER_MILLIS);
            int drained = 0;
            while (drained < LINGER_BYTES) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0 || selector.select(left) == 0) {
                    return;
                }
                selector.selectedKeys().clear();
                sink.clear();
                int read = channel.read(sink);
                if (read < 0) {
                    return;
                }
                drained += read;
            }
        }
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
