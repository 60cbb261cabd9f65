package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;

/**
 * {@code capture_screen}: a PNG image block of the screen, a {@code region}, a {@code surface}, or the one
 * window that {@code window_title}, {@code app} or {@code window_id} names (as {@code list_windows} matches); a window
 * that others cover is answered with the {@code occluded} warning in {@code warnings}.
 */
final class CaptureScreenTool implements Tool {

    private final HostServices services;
    private final AuditLog audit;
    private final Clock clock;

    CaptureScreenTool(HostServices services, AuditLog audit, Clock clock) {
        this.services = services;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "capture_screen";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        Optional<ScreenCapture> capture = services.screenCapture();
        Optional<ImageCodec> codec = services.imageCodec();
        if (capture.isEmpty() || codec.isEmpty()) {
            return ToolResult.failure(
                    "capture_unavailable", "no screen capture is available", "start the desktop session", true);
        }
        long deadline = clock.millis() + ToolHost.OBSERVE_DEADLINE_MS;
        try {
            ScreenSource.Captured captured = ScreenSource.captureNamed(capture.get(), services, args, deadline);
            Frame frame = captured.frame();
            byte[] png = codec.get().encodePng(frame);
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    name(),
                    "allowed",
                    null,
                    Map.of("png_bytes", png.length, "source", ScreenSource.sourceKind(args))));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("width", frame.width());
            body.put("height", frame.height());
            body.put("x", captured.bounds().x());
            body.put("y", captured.bounds().y());
            body.put("mime_type", "image/png");
            body.put("byte_length", png.length);
            body.put("sha256", Sha256.hex(png));
            captured.occlusion().ifPresent(o -> body.put("warnings", List.of(ScreenSource.warning(o))));
            return new ToolResult(false, body, Base64.getEncoder().encodeToString(png));
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
}
