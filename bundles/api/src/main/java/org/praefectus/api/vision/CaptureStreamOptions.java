package org.praefectus.api.vision;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Controls for one step of a capture stream.
 *
 * @param reset               forget the stream's previous frame and send a full frame with sequence 0
 * @param lowBandwidth        {@code true} (the default) sends changed-rectangle patches; {@code false} sends
 *                            a full frame for this step and keeps the stream's sequence
 * @param perChannelThreshold channel difference above which a pixel counts as changed (0–255, default 0)
 */
public record CaptureStreamOptions(
        @JsonProperty("reset") boolean reset,
        @JsonProperty("low_bandwidth") boolean lowBandwidth,
        @JsonProperty("per_channel_threshold") int perChannelThreshold) {

    /** No reset, low bandwidth, exact comparison. */
    public static final CaptureStreamOptions DEFAULTS = new CaptureStreamOptions(false, true, 0);

    public CaptureStreamOptions {
        Checks.channel("per_channel_threshold", perChannelThreshold);
    }
}
