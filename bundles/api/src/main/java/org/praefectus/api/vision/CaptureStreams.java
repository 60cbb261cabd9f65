package org.praefectus.api.vision;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Capture streams keyed by a stream id: each keeps its previous frame and sequence number, so callers
 * receive only what changed since their last step.
 */
@ProviderType
public interface CaptureStreams {

    /**
     * The next step of {@code streamId} with a frame the caller captured.
     *
     * @throws VisionException {@code invalid_options} for an empty stream id
     */
    CaptureDelta next(String streamId, Frame current, CaptureStreamOptions options);

    /**
     * Captures the screen (or {@code region} of it, in screen coordinates; {@code null} for the whole screen)
     * through the {@link ScreenCapture} service and returns the next step of {@code streamId}.
     *
     * @throws VisionException {@code capture_unavailable} when no screen capture service is present or it fails
     */
    CaptureDelta capture(String streamId, Region region, CaptureStreamOptions options);

    /** Forgets a stream; its next step is a full frame with sequence 0. */
    void reset(String streamId);
}
