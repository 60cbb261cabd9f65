package org.praefectus.linux.wayland;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * The frames of one ScreenCast stream, as they arrive. No PipeWire client runs inside the JVM: a GStreamer
 * helper process ({@code gst-launch-1.0 pipewiresrc path=NODE ! videoconvert ! BGRx ! fdsink}, Debian's
 * {@code gstreamer1.0-tools} and {@code gstreamer1.0-pipewire}) connects to this user's PipeWire, names the node
 * the approved portal session's Start returned, and writes raw frames of exactly the stream's size to its
 * standard output, which a reader thread here keeps the newest of.
 *
 * <p>The compositor sends a frame when the screen changes, so the newest frame is the screen as of its last
 * change; a change made within the last frame interval (plus the helper's copy) may not be in it yet. A
 * stream whose size is not the one the portal announced fails negotiation, and the helper exits: a frame is
 * never scaled or misread. Frames are never written anywhere: they stay in this process's memory.
 */
final class PipeWireFrames implements AutoCloseable {

    private final RemoteDesktopSession.Stream stream;
    private final Process process;
    private final Thread reader;
    private final Object lock = new Object();
    private byte[] newest;
    private long frames;
    private boolean ended;

    private PipeWireFrames(RemoteDesktopSession.Stream stream, Process process) {
        this.stream = stream;
        this.process = process;
        this.reader = new Thread(this::read, "praefectus-pipewire-" + stream.node());
        this.reader.setDaemon(true);
    }

    /**
     * Starts the helper on a stream of an approved session.
     *
     * @param environment the executor's environment: {@code PATH}, and {@code XDG_RUNTIME_DIR} where this
     *     user's PipeWire socket is
     * @throws PortalException unavailable when the helper cannot start
     */
    static PipeWireFrames open(RemoteDesktopSession.Stream stream, Map<String, String> environment)
            throws PortalException {
        ProcessBuilder builder = new ProcessBuilder(command(stream))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(PipeWireHelper.environment(environment));
        try {
            PipeWireFrames frames = new PipeWireFrames(stream, builder.start());
            frames.reader.start();
            return frames;
        } catch (IOException e) {
            throw new PortalException(
                    Reason.UNAVAILABLE, "the PipeWire helper (" + PipeWireHelper.NAME + ") cannot start");
        }
    }

    /** The helper's command line for a stream: its node, and exactly its announced size in BGRx. */
    static List<String> command(RemoteDesktopSession.Stream stream) {
        return List.of(
                PipeWireHelper.NAME,
                "-q",
                "pipewiresrc",
                "path=" + stream.node(),
                "always-copy=true",
                "!",
                "videoconvert",
                "!",
                "video/x-raw,format=BGRx,width=" + stream.width() + ",height=" + stream.height(),
                "!",
                "fdsink",
                "fd=1",
                "sync=false");
    }

    private void read() {
        int size = stream.width() * stream.height() * 4;
        byte[] filling = new byte[size];
        try (InputStream in = process.getInputStream()) {
            while (in.readNBytes(filling, 0, size) == size) {
                synchronized (lock) {
                    byte[] done = filling;
                    filling = newest == null ? new byte[size] : newest;
                    newest = done;
                    frames++;
                    lock.notifyAll();
                }
            }
        } catch (IOException closed) {
            // the helper ended or was stopped
        } finally {
            synchronized (lock) {
                ended = true;
                lock.notifyAll();
            }
            process.destroy();
        }
    }

    /** The stream this reads. */
    RemoteDesktopSession.Stream stream() {
        return stream;
    }

    /** Whether frames can still arrive. */
    boolean alive() {
        synchronized (lock) {
            return !ended;
        }
    }

    /** How many frames arrived so far. */
    long frames() {
        synchronized (lock) {
            return frames;
        }
    }

    /**
     * The newest frame, at the stream's place on the stage; waits for the first one until {@code deadlineAtMs}.
     *
     * @throws PortalException unavailable when the stream ended or gave no frame in time
     */
    ScreenImage newest(long deadlineAtMs) throws PortalException {
        byte[] copy;
        synchronized (lock) {
            while (newest == null && !ended) {
                long left = deadlineAtMs - System.currentTimeMillis();
                if (left <= 0) {
                    throw new PortalException(Reason.UNAVAILABLE, "the screen cast gave no frame in time");
                }
                try {
                    lock.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new PortalException(Reason.UNAVAILABLE, "interrupted while waiting for a frame");
                }
            }
            if (ended) {
                throw new PortalException(Reason.UNAVAILABLE, "the screen cast stream ended");
            }
            copy = newest.clone();
        }
        int[] pixels = new int[stream.width() * stream.height()];
        ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(pixels);
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] &= 0x00FF_FFFF; // BGRx: the padding byte is no colour
        }
        return new ScreenImage(stream.x(), stream.y(), stream.width(), stream.height(), pixels);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            reader.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
