package org.praefectus.linux.wayland;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * Reads the compositor's outputs over the Wayland wire protocol itself (a short-lived client connection: the
 * registry, then each {@code wl_output}'s geometry, current mode and scale), so the display layout on
 * Wayland comes from the compositor and not from any one desktop's private D-Bus API. No file descriptors
 * cross this connection; it speaks only the core protocol.
 */
final class WaylandOutputs {

    private static final int DISPLAY = 1;
    private static final int REGISTRY = 2;
    /** wl_output version 2 adds {@code scale} and {@code done}. */
    private static final int OUTPUT_VERSION = 2;

    private static final int MAX_OUTPUTS = 32;

    private final SocketChannel channel;
    private final ByteBuffer in = ByteBuffer.allocate(64 * 1024).order(ByteOrder.nativeOrder());
    private int nextId = 3;

    private WaylandOutputs(SocketChannel channel) {
        this.channel = channel;
        in.limit(0);
    }

    /** One output as far as its events told: position on the stage, current mode and scale. */
    private static final class Output {
        final long global;
        int x;
        int y;
        int transform;
        int modeWidth;
        int modeHeight;
        int scale = 1;

        Output(long global) {
            this.global = global;
        }
    }

    /**
     * The compositor's layout now.
     *
     * @throws PortalException unavailable when the socket cannot be reached or speaks no sense
     */
    static WaylandLayout read(Path socket) throws PortalException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return new WaylandOutputs(channel).layout();
        } catch (IOException | RuntimeException e) {
            throw new PortalException(Reason.UNAVAILABLE, "the compositor's outputs cannot be read");
        }
    }

    private WaylandLayout layout() throws IOException {
        send(DISPLAY, 1, ints(REGISTRY)); // wl_display.get_registry
        Map<Long, Integer> outputs = new LinkedHashMap<>(); // global name -> version
        roundTrip(event -> {
            if (event.object == REGISTRY && event.opcode == 0) { // wl_registry.global
                long name = event.body.getInt() & 0xFFFF_FFFFL;
                String iface = string(event.body);
                int version = event.body.getInt();
                if (iface.equals("wl_output") && outputs.size() < MAX_OUTPUTS) {
                    outputs.put(name, version);
                }
            }
        });
        Map<Integer, Output> bound = new LinkedHashMap<>();
        for (Map.Entry<Long, Integer> output : outputs.entrySet()) {
            int id = nextId++;
            byte[] iface = "wl_output".getBytes(StandardCharsets.US_ASCII);
            ByteBuffer args =
                    ByteBuffer.allocate(4 + 4 + pad(iface.length + 1) + 4 + 4).order(ByteOrder.nativeOrder());
            args.putInt((int) (long) output.getKey());
            args.putInt(iface.length + 1).put(iface).put(new byte[pad(iface.length + 1) - iface.length]);
            args.putInt(Math.min(OUTPUT_VERSION, output.getValue()));
            args.putInt(id);
            send(REGISTRY, 0, args.array()); // wl_registry.bind
            bound.put(id, new Output(output.getKey()));
        }
        roundTrip(event -> {
            Output output = bound.get(event.object);
            if (output == null) {
                return;
            }
            switch (event.opcode) {
                case 0 -> { // geometry: x, y, physical w, h, subpixel, make, model, transform
                    output.x = event.body.getInt();
                    output.y = event.body.getInt();
                    event.body.getInt();
                    event.body.getInt();
                    event.body.getInt();
                    string(event.body);
                    string(event.body);
                    output.transform = event.body.getInt();
                }
                case 1 -> { // mode: flags, width, height, refresh
                    int flags = event.body.getInt();
                    int width = event.body.getInt();
                    int height = event.body.getInt();
                    if ((flags & 1) != 0) { // current
                        output.modeWidth = width;
                        output.modeHeight = height;
                    }
                }
                case 3 -> output.scale = Math.max(1, event.body.getInt());
                default -> {
                    // done, and events of later versions
                }
            }
        });
        List<WaylandLayout.Output> layout = new ArrayList<>();
        for (Output output : bound.values()) {
            if (output.modeWidth <= 0 || output.modeHeight <= 0) {
                continue;
            }
            boolean turned = (output.transform & 1) != 0; // 90 and 270 degrees, flipped or not
            int width = (turned ? output.modeHeight : output.modeWidth) / output.scale;
            int height = (turned ? output.modeWidth : output.modeHeight) / output.scale;
            layout.add(new WaylandLayout.Output(output.global, output.x, output.y, width, height));
        }
        return new WaylandLayout(layout);
    }

    private record Event(int object, int opcode, ByteBuffer body) {}

    private interface Handler {
        void handle(Event event);
    }

    /** Sends wl_display.sync and hands every event to the handler until its callback is done. */
    private void roundTrip(Handler handler) throws IOException {
        int callback = nextId++;
        send(DISPLAY, 0, ints(callback));
        while (true) {
            Event event = next();
            if (event.object == DISPLAY && event.opcode == 0) {
                throw new IOException("the compositor reported a protocol error");
            }
            if (event.object == callback && event.opcode == 0) {
                return;
            }
            handler.handle(event);
        }
    }

    private Event next() throws IOException {
        fill(8);
        int object = in.getInt();
        int word = in.getInt();
        int size = word >>> 16;
        if (size < 8) {
            throw new IOException("a malformed event");
        }
        fill(size - 8);
        byte[] body = new byte[size - 8];
        in.get(body);
        return new Event(object, word & 0xFFFF, ByteBuffer.wrap(body).order(ByteOrder.nativeOrder()));
    }

    private void fill(int needed) throws IOException {
        if (needed > in.capacity()) {
            throw new IOException("an event larger than the buffer");
        }
        while (in.remaining() < needed) {
            in.compact();
            int read = channel.read(in);
            in.flip();
            if (read < 0) {
                throw new IOException("the compositor closed the connection");
            }
        }
    }

    private void send(int object, int opcode, byte[] args) throws IOException {
        ByteBuffer message = ByteBuffer.allocate(8 + args.length).order(ByteOrder.nativeOrder());
        message.putInt(object)
                .putInt(((8 + args.length) << 16) | opcode)
                .put(args)
                .flip();
        while (message.hasRemaining()) {
            channel.write(message);
        }
    }

    private static byte[] ints(int... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.nativeOrder());
        for (int value : values) {
            buffer.putInt(value);
        }
        return buffer.array();
    }

    private static String string(ByteBuffer body) {
        int length = body.getInt();
        if (length == 0) {
            return "";
        }
        byte[] bytes = new byte[length];
        body.get(bytes);
        body.position(body.position() + pad(length) - length);
        return new String(bytes, 0, length - 1, StandardCharsets.UTF_8);
    }

    private static int pad(int length) {
        return (length + 3) & ~3;
    }
}
