package org.praefectus.daemon.ipc;

import java.util.List;
import org.praefectus.api.vision.CaptureBackendInspector;
import org.praefectus.api.vision.CaptureBackendQuery;
import org.praefectus.api.vision.CaptureBackendReport;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/**
 * The socket's {@code capture_delta} as an adapter of {@link CaptureStreams} (the next step of a stream the daemon
 * keeps, shared with the CLI's {@code capture-delta} and gRPC's {@code CaptureDelta} routed to this daemon) and its
 * {@code capture_backends} as an adapter of {@link CaptureBackendInspector}.
 */
final class SocketCapture {

    /** The methods this adapter serves. */
    static final List<String> METHODS = List.of("capture_delta", "capture_backends");

    private final SocketServices services;

    SocketCapture(SocketServices services) {
        this.services = services;
    }

    Object call(String method, RequestFields fields) throws IpcException {
        return method.equals("capture_backends") ? backends(fields) : delta(fields);
    }

    /** The capture backends; a failed probe is the error {@code capture_probe_failed} with the report as details. */
    private Object backends(RequestFields fields) throws IpcException {
        CaptureBackendQuery query;
        try {
            query = CaptureBackendQuery.of(
                    fields.text("format"),
                    fields.text("output"),
                    fields.text("probe"),
                    fields.flag("diagnose"),
                    region(fields.rect("region")));
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid("capture_backends: " + invalid.getMessage());
        }
        fields.noneLeft();
        CaptureBackendReport report = services.captureBackends().inspect(query);
        if (report.probeFailed()) {
            throw new IpcException(CaptureBackendInspector.PROBE_FAILED, "a capture probe failed", report);
        }
        return report;
    }

    private static Region region(long[] rect) throws IpcException {
        return rect == null ? null : SocketVision.region(rect);
    }

    private Object delta(RequestFields fields) throws IpcException {
        String stream = fields.text("stream_id");
        if (stream == null) {
            stream = fields.text("stream");
        }
        if (stream == null || stream.isEmpty()) {
            throw IpcException.invalid("capture_delta needs a stream_id");
        }
        long[] rect = fields.rect("region");
        boolean reset = fields.flag("reset");
        // PeekabooX's low_bandwidth (default on) and the CLI's full_frame say the same thing two ways
        boolean lowBandwidth = !fields.has("low_bandwidth") || fields.flag("low_bandwidth");
        boolean fullFrame = fields.flag("full_frame");
        Long threshold = fields.integer("per_channel_threshold", 0, 255);
        if (threshold == null) {
            threshold = fields.integer("threshold", 0, 255);
        }
        fields.noneLeft();
        try {
            Region region = region(rect);
            return services.captureStreams()
                    .capture(
                            stream,
                            region,
                            new CaptureStreamOptions(
                                    reset, lowBandwidth && !fullFrame, threshold == null ? 0 : threshold.intValue()));
        } catch (VisionException failed) {
            throw new IpcException(failed.code(), failed.getMessage());
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid(invalid.getMessage());
        }
    }
}
