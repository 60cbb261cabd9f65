package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.vision.CaptureBackendInspector;
import org.praefectus.api.vision.CaptureBackendQuery;
import org.praefectus.api.vision.CaptureBackendReport;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/**
 * The socket's {@code capture} as an adapter of {@link org.praefectus.api.desktop.DesktopCapture}, its
 * {@code capture_delta} as an adapter of {@link CaptureStreams} (the next step of a stream the daemon
 * keeps, shared with the CLI's {@code capture-delta} and gRPC's {@code CaptureDelta} routed to this daemon) and its
 * {@code capture_backends} as an adapter of {@link CaptureBackendInspector}.
 */
final class SocketCapture {

    /** The methods this adapter serves. */
    static final List<String> METHODS = List.of("capture", "capture_delta", "capture_backends");

    private final SocketServices services;

    SocketCapture(SocketServices services) {
        this.services = services;
    }

    Object call(String method, RequestFields fields, CancellationToken cancellation) throws IpcException {
        return switch (method) {
            case "capture" -> capture(fields, cancellation);
            case "capture_backends" -> backends(fields);
            default -> delta(fields);
        };
    }

    /**
     * A PNG file of the screen, a region or a window ({@code output}, a new {@code .png} file; {@code region}
     * relative to the window that {@code window_id} or the filters {@code window_title}, {@code app},
     * {@code title_regex} name; {@code include_semantic_tree}): its metadata, never the pixels.
     */
    private Object capture(RequestFields fields, CancellationToken cancellation) throws IpcException {
        String format = fields.text("format");
        if (format != null && !format.equals("png")) {
            throw IpcException.invalid("capture writes png only");
        }
        fields.flag("no_overwrite"); // a capture never overwrites: the flag says what always holds
        String regex = fields.text("title_regex");
        CaptureRequest request;
        try {
            JsonNode window = fields.node("window_id");
            request = new CaptureRequest(
                    region(fields.rect("region")),
                    window == null ? null : CaptureRequest.windowId(window.asText()),
                    fields.text("window_title"),
                    fields.text("app"),
                    regex == null ? null : Pattern.compile(regex),
                    Path.of(fields.requiredText("output")),
                    fields.flag("include_semantic_tree"));
        } catch (PatternSyntaxException invalid) {
            throw new IpcException("invalid_regex", "title_regex is not a valid regular expression");
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid("capture: " + invalid.getMessage());
        }
        fields.noneLeft();
        try {
            return services.desktopCapture().capture(request, cancellation);
        } catch (DesktopException failed) {
            throw new IpcException(failed.code(), failed.getMessage(), failed.details());
        }
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
