package org.praefectus.linux.wayland;

import java.io.File;
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
 * <p>The compositor sends a frame when the screen changes, and one when a reader starts streaming, so the newest
 * frame is the screen as of its last change; a change made within the last frame interval (plus the helper's
 * copy) may not be in it yet. That first frame can be lost (mutter records it only if the stream has a buffer
 * free at that moment), and a static screen then sends nothing: a helper that has given no frame after {@link
 * #RESTART_MS} is replaced by a new one, whose start makes the compositor paint again. A stream whose size is
 * not the one the portal announced fails negotiation, and the helper exits: a frame is never scaled or
 * misread. Frames are never written anywhere: they stay in this process's memory.
 */
final class PipeWireFrames implements AutoCloseable {

    /** How long a helper may stay without a first frame before it is replaced. */
    static final long RESTART_MS = 3_000;

    private final RemoteDesktopSession.Stream stream;
    private final Map<String, String> environment;
    private final Object lock = new Object();
    private Helper helper;
    private long helperStartedAtMs;
    private int restarts;
    private byte[] newest;
    private long frames;
    private boolean ended;

    private PipeWireFrames(RemoteDesktopSession.Stream stream, Map<String, String> environment) {
        this.stream = stream;
        this.environment = Map.copyOf(environment);
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
        PipeWireFrames frames = new PipeWireFrames(stream, environment);
        synchronized (frames.lock) {
            frames.startHelper();
        }
        return frames;
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

    /** Starts a helper process and its readers (the lock held). */
    private void startHelper() throws PortalException {
        ProcessBuilder builder =
                new ProcessBuilder(command(stream)).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(PipeWireHelper.environment(environment));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            ended = true;
            throw new PortalException(
                    Reason.UNAVAILABLE, "the PipeWire helper (" + PipeWireHelper.NAME + ") cannot start");
        }
        Helper started = new Helper(process);
        helper = started;
        helperStartedAtMs = System.currentTimeMillis();
        started.reader.start();
    }

    /**
     * Replaces a helper that gave no frame yet (the lock held): the old one is stopped, its reader's end is not
     * the stream's end.
     */
    private void restartHelper() throws PortalException {
        Helper old = helper;
        restarts++;
        try {
            startHelper();
        } finally {
            old.process.destroy();
        }
    }

    private void read(Helper from) {
        int size = stream.width() * stream.height() * 4;
        byte[] filling = new byte[size];
        try (InputStream in = from.process.getInputStream()) {
            while (in.readNBytes(filling, 0, size) == size) {
                synchronized (lock) {
                    if (helper != from) {
                        return;
                    }
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
                if (helper == from) {
                    ended = true;
                    lock.notifyAll();
                }
            }
            from.process.destroy();
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

    /** How many times a helper without a first frame was replaced. */
    int restarts() {
        synchronized (lock) {
            return restarts;
        }
    }

    /**
     * The newest frame, at the stream's place on the stage; waits for the first one until {@code deadlineAtMs},
     * replacing a helper that stays without one for {@link #RESTART_MS}.
     *
     * @throws PortalException unavailable when the stream ended or gave no frame in time
     */
    ScreenImage newest(long deadlineAtMs) throws PortalException {
        byte[] copy;
        synchronized (lock) {
            while (newest == null && !ended) {
                long now = System.currentTimeMillis();
                long left = deadlineAtMs - now;
                if (left <= 0) {
                    throw new PortalException(
                            Reason.UNAVAILABLE,
                            helper.messages.explain(
                                    "the screen cast gave no frame in time",
                                    "nothing linked the stream to the helper: is a PipeWire session manager"
                                            + " (WirePlumber) running in this session?"));
                }
                long restartAt = helperStartedAtMs + RESTART_MS;
                if (now >= restartAt) {
                    restartHelper();
                    continue;
                }
                try {
                    lock.wait(Math.min(left, restartAt - now));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new PortalException(Reason.UNAVAILABLE, "interrupted while waiting for a frame");
                }
            }
            if (ended) {
                throw new PortalException(
                        Reason.UNAVAILABLE,
                        helper.messages.explain("the screen cast stream ended", "the helper exited without a message"));
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
        Helper last;
        synchronized (lock) {
            last = helper;
        }
        last.process.destroy();
        try {
            if (!last.process.waitFor(2, TimeUnit.SECONDS)) {
                last.process.destroyForcibly();
            }
            last.reader.join(2_000);
            last.messages.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One helper process, the thread reading its frames and what it said on standard error. */
    private final class Helper {
        final Process process;
        final Thread reader;
        final HelperMessages messages;

        Helper(Process process) {
            this.process = process;
            this.reader = new Thread(() -> read(this), "praefectus-pipewire-" + stream.node());
            this.reader.setDaemon(true);
            this.messages =
                    HelperMessages.follow(process.getErrorStream(), "praefectus-pipewire-messages-" + stream.node());
        }
    }
}
