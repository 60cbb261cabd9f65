package org.praefectus.daemon.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.praefectus.daemon.grpc.v1.DesktopActionResponse;
import org.praefectus.daemon.grpc.v1.DesktopAssertRequest;
import org.praefectus.daemon.grpc.v1.DesktopClickRequest;
import org.praefectus.daemon.grpc.v1.DesktopDragRequest;
import org.praefectus.daemon.grpc.v1.DesktopFocusRequest;
import org.praefectus.daemon.grpc.v1.DesktopLocateRequest;
import org.praefectus.daemon.grpc.v1.DesktopLocateResponse;
import org.praefectus.daemon.grpc.v1.DesktopTypeIntoRequest;
import org.praefectus.daemon.grpc.v1.MouseButton;
import org.praefectus.daemon.grpc.v1.Point;
import org.praefectus.daemon.grpc.v1.Rect;

/**
 * PeekabooX's {@code Desktop*} messages as the socket's {@code desktop_*} parameters, and the {@code desktop}
 * command's data as their responses. The profile target is always read over accessibility, so
 * {@code prefer_accessibility} changes nothing; what this daemon cannot do ({@code image_path}, a vision
 * locate; {@code launch_if_needed}; text assertions; any button of a drag but the left one, which
 * {@code desktop drag} does not take) is refused {@code unsupported}, never ignored. A drag's {@code duration_ms} is
 * signed in the drag.
 */
final class DesktopRequests {

    private DesktopRequests() {}

    private static ObjectNode aim(String app, String target, String windowTitle, String windowId) {
        ObjectNode params = ProtoJson.JSON.createObjectNode();
        params.put("app", app);
        if (target != null) {
            params.put("target", target);
        }
        if (windowTitle != null) {
            params.put("window_title", windowTitle);
        }
        if (windowId != null) {
            params.put("window_id", windowId);
        }
        return params;
    }

    private static void noVision(boolean hasImagePath) {
        if (hasImagePath) {
            throw Envelopes.failure("unsupported", "a vision locate (image_path) is not implemented by this daemon");
        }
    }

    static ObjectNode locate(DesktopLocateRequest request) {
        noVision(request.hasImagePath());
        return aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
    }

    static ObjectNode assertion(DesktopAssertRequest request) {
        noVision(request.hasImagePath());
        ObjectNode params = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        switch (request.getAssertion()) {
            case DESKTOP_ASSERTION_KIND_UNSPECIFIED, DESKTOP_ASSERTION_KIND_PRESENT -> params.put("exists", true);
            case DESKTOP_ASSERTION_KIND_NOT_PRESENT -> params.put("not_exists", true);
            case DESKTOP_ASSERTION_KIND_ACTIVE -> params.put("active", true);
            case DESKTOP_ASSERTION_KIND_NOT_ACTIVE -> params.put("not_active", true);
            default -> throw Envelopes.failure("unsupported", "text assertions are not implemented by this daemon");
        }
        return params;
    }

    static ObjectNode click(DesktopClickRequest request) {
        noVision(request.hasImagePath());
        ObjectNode params = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        effectFlags(params, request.getDryRun(), request.getVerify());
        return params;
    }

    /** PeekabooX's four ratio fields as the socket's {@code from_ratio_x}…{@code to_ratio_y}; both points needed. */
    static ObjectNode drag(DesktopDragRequest request) {
        noVision(request.hasImagePath());
        if (request.hasButton()
                && request.getButton() != MouseButton.MOUSE_BUTTON_LEFT
                && request.getButton() != MouseButton.MOUSE_BUTTON_UNSPECIFIED) {
            throw Envelopes.failure("unsupported", "a profile drag uses the left button");
        }
        if (!request.hasFromRatioX() || !request.hasFromRatioY() || !request.hasToRatioX() || !request.hasToRatioY()) {
            throw Envelopes.failure(
                    "usage", "a desktop drag needs from_ratio_x, from_ratio_y, to_ratio_x and to_ratio_y");
        }
        ObjectNode params = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        params.put("from_ratio_x", request.getFromRatioX());
        params.put("from_ratio_y", request.getFromRatioY());
        params.put("to_ratio_x", request.getToRatioX());
        params.put("to_ratio_y", request.getToRatioY());
        if (request.hasDurationMs()) {
            params.put("duration_ms", request.getDurationMs());
        }
        effectFlags(params, request.getDryRun(), request.getVerify());
        return params;
    }

    static ObjectNode typeInto(DesktopTypeIntoRequest request) {
        noVision(request.hasImagePath());
        ObjectNode params = aim(
                request.getApp(),
                request.getTarget(),
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        params.put("text", request.getText());
        if (request.getClear()) {
            params.put("clear", true);
        }
        effectFlags(params, request.getDryRun(), request.getVerify());
        return params;
    }

    static ObjectNode focus(DesktopFocusRequest request) {
        if (request.hasLaunchIfNeeded() && request.getLaunchIfNeeded()) {
            throw Envelopes.failure("unsupported", "launching an application is not implemented by this daemon");
        }
        ObjectNode params = aim(
                request.getApp(),
                null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                request.hasWindowId() ? request.getWindowId() : null);
        if (request.getVerify()) {
            params.put("verify", true);
        }
        return params;
    }

    private static void effectFlags(ObjectNode params, boolean dryRun, boolean verify) {
        if (dryRun) {
            params.put("dry_run", true);
        }
        if (verify) {
            params.put("verify", true);
        }
    }

    /** {@code desktop locate}'s first element: its centre and bounds. */
    static DesktopLocateResponse located(JsonNode data) {
        JsonNode element = data.path("element");
        return DesktopLocateResponse.newBuilder()
                .setApp(data.path("app").asText())
                .setTarget(data.path("target_name").asText())
                .setPoint(ProtoJson.merge(element.path("center"), Point.newBuilder()))
                .setRect(ProtoJson.merge(element.path("bounds"), Rect.newBuilder()))
                .setSource("accessibility")
                .build();
    }

    /** An assertion's or an effect's data as PeekabooX's action response. */
    static DesktopActionResponse action(String action, JsonNode data) {
        boolean verified = switch (action) {
            case "assert" -> data.path("passed").asBoolean(false);
            case "focus" -> data.path("focused").asBoolean(false);
            default -> data.path("postcondition").path("passed").asBoolean(false);
        };
        String detail = switch (action) {
            case "assert" -> data.path("checks").toString();
            case "focus" -> "focused";
            default -> data.path("status").asText(data.path("dry_run").asBoolean(false) ? "dry_run" : "");
        };
        return DesktopActionResponse.newBuilder()
                .setApp(data.path("app").asText())
                .setAction(action)
                .setDetail(detail)
                .setBackendName(data.path("backend_name").asText("praefectus"))
                .setVerified(verified)
                .build();
    }
}
