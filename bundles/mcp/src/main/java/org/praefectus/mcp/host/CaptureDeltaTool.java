package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.vision.CaptureDelta;
import org.praefectus.api.vision.CaptureStreamOptions;
import org.praefectus.api.vision.CaptureStreams;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;

/**
 * {@code capture_delta} (PeekabooX's low-bandwidth capture stream): the first step of a {@code stream_id}, a
 * {@code reset} or {@code low_bandwidth: false} is the whole frame; later steps carry only the densely packed
 * patch of the changed bounds, nothing when nothing changed. The frame is what {@code capture_screen} would
 * capture (screen, region, surface or one named window). Streams belong to the connection that made them: the
 * vision bundle's {@link CaptureStreams} is shared by every client of the runtime, so the stream id is qualified
 * by the session.
 */
final class CaptureDeltaTool implements Tool {

    private final HostServices services;
    private final AuditLog audit;
    private final Clock clock;

    CaptureDeltaTool(HostServices services, AuditLog audit, Clock clock) {
        this.services = services;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "capture_delta";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        String streamId = ToolArguments.stringArgument(args, "stream_id", true);
        if (!streamId.matches("[A-Za-z0-9._:-]{1,128}")) {
            throw new ToolArguments.InvalidArgument("stream_id must be 1-128 characters of letters, digits, . _ : -");
        }
        boolean lowBandwidth = args.get("low_bandwidth") == null || ToolArguments.boolArgument(args, "low_bandwidth");
        CaptureStreamOptions options = new CaptureStreamOptions(
                ToolArguments.boolArgument(args, "reset"),
                lowBandwidth,
                ToolArguments.intArgument(args, "per_channel_threshold", 0, 0, 255));
        Optional<ScreenCapture> capture = services.screenCapture();
        Optional<CaptureStreams> streams = services.captureStreams();
        if (capture.isEmpty() || streams.isEmpty()) {
            audit.record(AuditIds.line(AuditLine.CALL, name(), "refused", "capture_unavailable", Map.of()));
            return ToolResult.failure(
                    "capture_unavailable",
                    "no screen capture stream is available",
                    "start the desktop session (and the vision bundle)",
                    true);
        }
        try {
            ScreenSource.Captured captured = ScreenSource.captureNamed(
                    capture.get(), services, args, clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
            CaptureDelta delta = streams.get().next(context.sessionKey() + "/" + streamId, captured.frame(), options);
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    name(),
                    "allowed",
                    null,
                    Map.of(
                            "source",
                            ScreenSource.sourceKind(args),
                            "full_frame",
                            delta.fullFrame(),
                            "patch_bytes",
                            delta.patchBuffer().remaining())));
            return ToolResult.ok(body(streamId, lowBandwidth, captured.bounds(), delta));
        } catch (ScreenSource.NoSingleWindow e) {
            return e.failure();
        } catch (ScreenSource.UnknownSurface e) {
            return ToolResult.failure(
                    "unknown_surface",
                    "the surface is not on the screen now",
                    "call surfaces and use a current surface id",
                    true);
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return ExecutorFailures.observationFailure(e);
        } catch (VisionException e) {
            return ScreenSource.failure(e);
        }
    }

    /** PeekabooX's delta fields; {@code x}/{@code y} say where the frame's top-left pixel is on the screen. */
    private static Map<String, Object> body(String streamId, boolean lowBandwidth, Region at, CaptureDelta delta) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("stream_id", streamId);
        body.put("sequence", delta.sequence());
        body.put("x", at.x());
        body.put("y", at.y());
        body.put("frame_width", delta.frameWidth());
        body.put("frame_height", delta.frameHeight());
        body.put("format", delta.format().wireName());
        body.put("full_frame", delta.fullFrame());
        body.put("changed", delta.changed());
        Map<String, Object> bounds = null;
        if (delta.changedBounds() != null) {
            Region changed = delta.changedBounds();
            bounds = new LinkedHashMap<>();
            bounds.put("x", changed.x());
            bounds.put("y", changed.y());
            bounds.put("width", changed.width());
            bounds.put("height", changed.height());
        }
        body.put("changed_bounds", bounds);
        body.put("changed_pixels", delta.changedPixels());
        body.put("changed_ratio", delta.changedRatio());
        body.put("patch_stride", delta.patchStride());
        body.put("patch_base64", Base64.getEncoder().encodeToString(delta.patch()));
        body.put("low_bandwidth", lowBandwidth);
        return body;
    }
}
