package org.praefectus.daemon.ipc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * One client connection: requests are lines, each answered by exactly one line, in order. A bad line gets
 * an error reply and the connection lives on; a line over {@value #MAX_LINE_BYTES} bytes is answered
 * {@code request_too_large} and skipped up to its end.
 */
final class IpcConnection {

    static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

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
        } catch (IOException gone) {
            // nothing to tell a peer that left
        }
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
