package org.praefectus.linux.atspi;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.spi.message.IMessageReader;
import org.freedesktop.dbus.spi.message.IMessageWriter;
import org.freedesktop.dbus.spi.message.ISocketProvider;
import org.freedesktop.dbus.spi.message.InputStreamMessageReader;

/**
 * dbus-java's socket provider with a writer that sends each message in one gathering write. The stock
 * writer makes one {@code write} system call per marshalled fragment (dozens per AT-SPI call), and every
 * partial message wakes the bus daemon: measured here, that made the sender thread cost as much CPU as the
 * whole observation on the shared core. Found through {@code META-INF/services} by dbus-java's transport,
 * which loads socket providers from its own (this bundle's) class space. Reading is dbus-java's own.
 */
public final class GatheringSocketProvider implements ISocketProvider {

    @Override
    public IMessageReader createReader(SocketChannel channel) throws IOException {
        return new InputStreamMessageReader(channel);
    }

    @Override
    public IMessageWriter createWriter(SocketChannel channel) throws IOException {
        return new GatheringWriter(channel);
    }

    @Override
    public void setFileDescriptorSupport(boolean support) {
        // AT-SPI passes no file descriptors; a message that carries some is refused by the writer
    }

    @Override
    public boolean isFileDescriptorPassingSupported() {
        return false;
    }

    private static final class GatheringWriter implements IMessageWriter {
        private final SocketChannel channel;

        GatheringWriter(SocketChannel channel) {
            this.channel = channel;
        }

        @Override
        public void writeMessage(Message message) throws IOException {
            if (message == null || message.getWireData() == null) {
                return;
            }
            if (!message.getFiledescriptors().isEmpty()) {
                throw new IOException("file descriptor passing is not supported");
            }
            List<ByteBuffer> buffers = new ArrayList<>();
            long remaining = 0;
            for (byte[] fragment : message.getWireData()) {
                if (fragment != null && fragment.length > 0) {
                    buffers.add(ByteBuffer.wrap(fragment));
                    remaining += fragment.length;
                }
            }
            ByteBuffer[] gathered = buffers.toArray(ByteBuffer[]::new);
            while (remaining > 0) {
                remaining -= channel.write(gathered);
            }
        }

        @Override
        public boolean isClosed() {
            return !channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            if (channel.isOpen()) {
                channel.close();
            }
        }
    }
}
