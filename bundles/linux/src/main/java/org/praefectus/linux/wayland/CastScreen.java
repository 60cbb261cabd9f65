package org.praefectus.linux.wayland;

import java.util.List;
import org.praefectus.linux.capture.CaptureFailure;
import org.praefectus.linux.capture.ScreenImage;
import org.praefectus.linux.capture.ScreenSource;

/**
 * Captures from an approved screen cast: the stage put together from the newest frame of each shared monitor
 * (see {@link PipeWireFrames} for how new that is). A point no monitor covers is black. A capture waits at
 * most {@link #FIRST_FRAME_MS} for a stream's first frame and fails after that, or when a stream ended.
 */
public final class CastScreen implements ScreenSource {

    /** The ceiling for a stream's first frame (the helper starts GStreamer and negotiates). */
    static final long FIRST_FRAME_MS = 10_000;

    private final List<PipeWireFrames> streams;

    CastScreen(List<PipeWireFrames> streams) {
        this.streams = List.copyOf(streams);
    }

    @Override
    public ScreenImage captureScreen() throws CaptureFailure {
        long deadline = System.currentTimeMillis() + FIRST_FRAME_MS;
        try {
            if (streams.size() == 1) {
                ScreenImage only = streams.get(0).newest(deadline);
                if (only.x() == 0 && only.y() == 0) {
                    return only;
                }
            }
            int right = 0;
            int bottom = 0;
            for (PipeWireFrames stream : streams) {
                right = Math.max(right, stream.stream().x() + stream.stream().width());
                bottom = Math.max(bottom, stream.stream().y() + stream.stream().height());
            }
            int[] stage = new int[right * bottom];
            for (PipeWireFrames stream : streams) {
                ScreenImage frame = stream.newest(deadline);
                for (int row = 0; row < frame.height(); row++) {
                    System.arraycopy(
                            frame.pixels(),
                            row * frame.width(),
                            stage,
                            (frame.y() + row) * right + frame.x(),
                            frame.width());
                }
            }
            return new ScreenImage(0, 0, right, bottom, stage);
        } catch (PortalException e) {
            throw new CaptureFailure(e.getMessage());
        }
    }

    @Override
    public ScreenImage captureRegion(int x, int y, int width, int height) throws CaptureFailure {
        return captureScreen().region(x, y, width, height);
    }
}
