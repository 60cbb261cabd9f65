package org.praefectus.vision.compare;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;

/**
 * The state of capture streams: per stream id, the previous frame and the next sequence number. Bounded:
 * when more than {@code maxStreams} exist the least recently used one is forgotten.
 */
public final class StreamRegistry {

    private record State(Frame previous, long nextSequence) {}

    private final Map<String, State> streams;

    public StreamRegistry(int maxStreams) {
        if (maxStreams <= 0) {
            throw new IllegalArgumentException("maxStreams must be positive");
        }
        this.streams = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, State> eldest) {
                return size() > maxStreams;
            }
        };
    }

    /**
     * The next step of a stream. A reset starts over at sequence 0 with a full frame; {@code lowBandwidth=false}
     * sends a full frame but keeps counting; a frame of another size or format than the previous one is sent
     * whole too.
     */
    public synchronized CaptureDelta next(String streamId, Frame current, CaptureStreamOptions options) {
        if (streamId == null || streamId.isBlank() || streamId.length() > 200) {
            throw new VisionException(VisionException.INVALID_OPTIONS, "a stream id is 1 to 200 characters");
        }
        State state = options.reset() ? null : streams.get(streamId);
        long sequence = state == null ? 0 : state.nextSequence();
        Frame previous = state == null || !options.lowBandwidth() || !sameShape(state.previous(), current)
                ? null
                : state.previous();
        CaptureDelta delta = CaptureDeltas.delta(
                previous,
                current,
                sequence,
                VisualCompareOptions.builder()
                        .perChannelThreshold(options.perChannelThreshold())
                        .build());
        streams.put(streamId, new State(current, sequence + 1));
        return delta;
    }

    public synchronized void reset(String streamId) {
        streams.remove(streamId);
    }

    public synchronized int size() {
        return streams.size();
    }

    private static boolean sameShape(Frame a, Frame b) {
        return a.width() == b.width() && a.height() == b.height() && a.format() == b.format();
    }
}
