package org.praefectus.daemon.grpc;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.daemon.grpc.v1.ActionResponse;
import org.praefectus.daemon.grpc.v1.DesktopState;
import org.praefectus.daemon.grpc.v1.FindElementRequest;
import org.praefectus.daemon.grpc.v1.FindElementResponse;
import org.praefectus.daemon.grpc.v1.ListWindowsRequest;
import org.praefectus.daemon.grpc.v1.ListWindowsResponse;
import org.praefectus.daemon.grpc.v1.Point;
import org.praefectus.daemon.grpc.v1.Rect;
import org.praefectus.daemon.grpc.v1.WindowBackendReport;
import org.praefectus.daemon.grpc.v1.WindowInfo;

/**
 * peekaboox.v1's desktop messages read into the desktop service's typed requests, and its typed results written as
 * messages. An input verb answers {@code ok=true} only when its terminal is {@code succeeded}; a {@code failed}
 * terminal is {@code ok=false} with its code; a rejection is a status ({@code INVALID_ARGUMENT},
 * {@code PERMISSION_DENIED} or {@code FAILED_PRECONDITION}), an unknown outcome {@code UNKNOWN}, a verb ended before
 * any effect {@code ABORTED} or {@code DEADLINE_EXCEEDED}; a dry run answers {@code ok=true} with the request it
 * would sign as the message (the JSON the socket's dry run shows). The input messages are read by
 * {@link InputRequests}.
 */
final class GrpcDesktop {

    private GrpcDesktop() {}

    /** The verb's answer: {@code ok} only for a succeeded terminal; a refusal or unknown outcome is a status. */
    static ActionResponse answer(InputOutcome outcome) {
        ActionResponse.Builder response =
                ActionResponse.newBuilder().setBackendName(InputFields.ENGINE).setBackendKind("engine");
        if (outcome.request().dryRun()) {
            // what would be signed, as the socket's and the CLI's dry runs show it (texts redacted to their length)
            return response.setOk(true).setMessage(dryRun(outcome)).build();
        }
        if (outcome.succeeded()) {
            return response.setOk(true)
                    .setMessage(outcome.actionKind() + " succeeded")
                    .build();
        }
        if (outcome.terminal() instanceof Terminal.Failed) {
            return response.setOk(false)
                    .setMessage(outcome.errorCode() + ": " + outcome.failure().getMessage())
                    .build();
        }
        throw status(outcome)
                .withDescription(outcome.errorCode() + ": " + outcome.failure().getMessage())
                .asRuntimeException();
    }

    /**
     * The status of a terminal that is not {@code succeeded}: a rejection {@code INVALID_ARGUMENT},
     * {@code PERMISSION_DENIED} or {@code FAILED_PRECONDITION}, an unknown outcome {@code UNKNOWN}, an end before any
     * effect {@code DEADLINE_EXCEEDED} or {@code ABORTED}, a failure {@code FAILED_PRECONDITION}.
     */
    static Status status(InputOutcome outcome) {
        Terminal terminal = outcome.terminal();
        if (terminal instanceof Terminal.Rejected rejected) {
            return switch (rejected.code()) {
                case INVALID_REQUEST -> Status.INVALID_ARGUMENT;
                case PERMISSION_DENIED -> Status.PERMISSION_DENIED;
                default -> Status.FAILED_PRECONDITION;
            };
        }
        if (terminal instanceof Terminal.OutcomeUnknown) {
            return Status.UNKNOWN;
        }
        if (terminal instanceof Terminal.ExpiredBeforeEffect) {
            return Status.DEADLINE_EXCEEDED;
        }
        if (terminal instanceof Terminal.Failed) {
            return Status.FAILED_PRECONDITION;
        }
        return Status.ABORTED;
    }

    private static String dryRun(InputOutcome outcome) {
        try {
            return ProtoJson.JSON.writeValueAsString(outcome);
        } catch (JsonProcessingException e) {
            throw Status.INTERNAL
                    .withDescription("serialization_error: the dry run cannot be written")
                    .asRuntimeException();
        }
    }

    /** A refusal before anything was signed, as the status its code maps to. */
    static StatusRuntimeException refused(DesktopException e) {
        return Envelopes.failure(e.code(), e.getMessage());
    }

    static WindowQuery windows(ListWindowsRequest request) {
        UnknownFields.refuse(request, "ListWindowsRequest");
        Pattern regex;
        try {
            regex = request.hasTitleRegex() ? Pattern.compile(request.getTitleRegex()) : null;
        } catch (PatternSyntaxException e) {
            throw invalid("title_regex is not a valid regular expression");
        }
        String backend = request.hasBackend() ? request.getBackend() : "auto";
        if (backend.equals("xdotool")) {
            backend = "x11";
        }
        try {
            return new WindowQuery(
                    request.hasId() ? request.getId() : null,
                    request.hasApp() ? request.getApp() : null,
                    request.hasTitle() ? request.getTitle() : null,
                    regex,
                    request.getFocused(),
                    request.hasLimit() ? request.getLimit() : 0,
                    request.hasSort() ? request.getSort() : null,
                    backend,
                    request.getDiagnose());
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
    }

    static ListWindowsResponse listing(WindowListing listing) {
        ListWindowsResponse.Builder response = ListWindowsResponse.newBuilder()
                .setBackendName(listing.backendName())
                .setBackendKind(listing.backendKind())
                .addAllWarnings(listing.warnings());
        listing.windows().forEach(window -> response.addWindows(window(window)));
        if (listing.diagnostics() != null) {
            for (WindowListing.BackendReport report : listing.diagnostics()) {
                WindowBackendReport.Builder backend = WindowBackendReport.newBuilder()
                        .setBackendName(report.backend())
                        .setBackendKind(report.backend().replace('-', '_'))
                        .setRawWindowCount((int) report.windows())
                        .setMatchedWindowCount((int) listing.windows().stream()
                                .filter(w -> w.backend().contains(report.backend()))
                                .count())
                        .setSelected(report.attempted() && report.available());
                if (report.reason() != null) {
                    backend.setError(report.reason());
                }
                response.addBackendReports(backend);
            }
        }
        return response.build();
    }

    static ElementQuery elements(FindElementRequest request, boolean daemonVisionFallback) {
        UnknownFields.refuse(request, "FindElementRequest");
        if (request.getSelector().isBlank()) {
            throw invalid("invalid_selector: the selector is empty");
        }
        UiElementDetectionOptions.Builder vision = UiElementDetectionOptions.builder();
        if (request.hasVisionEdgeThreshold()) {
            vision.edgeThreshold(request.getVisionEdgeThreshold());
        }
        if (request.hasVisionMinWidth()) {
            vision.minWidth(request.getVisionMinWidth());
        }
        if (request.hasVisionMinHeight()) {
            vision.minHeight(request.getVisionMinHeight());
        }
        if (request.hasVisionMinComponentPixels()) {
            vision.minComponentPixels(request.getVisionMinComponentPixels());
        }
        if (request.hasVisionMaxElements()) {
            vision.maxElements(request.getVisionMaxElements());
        }
        if (request.hasVisionMergeDistance()) {
            vision.mergeDistance(request.getVisionMergeDistance());
        }
        Region region = null;
        if (request.hasVisionRegion()) {
            Rect r = request.getVisionRegion();
            if (r.getWidth() == 0 || r.getHeight() == 0) {
                throw invalid("vision_region has no area");
            }
            region = new Region(r.getX(), r.getY(), r.getWidth(), r.getHeight());
        }
        try {
            return new ElementQuery(
                    selector(request.getSelector()),
                    new ElementScope(
                            request.hasApp() ? request.getApp() : null,
                            request.hasWindowTitle() ? request.getWindowTitle() : null,
                            request.hasWindowId() ? request.getWindowId() : null),
                    0,
                    request.getVisionFallback() || daemonVisionFallback,
                    region,
                    vision.build());
        } catch (RuntimeException e) {
            throw invalid("the vision options are out of range");
        }
    }

    static FindElementResponse found(ElementMatches matches) {
        FindElementResponse.Builder response = FindElementResponse.newBuilder()
                .setBackendName(matches.backendName())
                .setBackendKind(matches.backendKind())
                .addAllWarnings(matches.warnings())
                .setCacheHit(matches.cacheHit())
                .setCacheAgeMs(matches.cacheAgeMs())
                .setVisionFallbackUsed(matches.visionFallbackUsed());
        matches.elements().forEach(element -> response.addElements(element(element)));
        return response.build();
    }

    static DesktopState state(org.praefectus.api.desktop.DesktopState state) {
        DesktopState.Builder response = DesktopState.newBuilder();
        if (state.activeWindow() != null) {
            response.setActiveWindow(window(state.activeWindow()));
        }
        state.windows().forEach(window -> response.addWindows(window(window)));
        state.elements().forEach(element -> response.addElements(element(element)));
        return response.build();
    }

    static WindowInfo window(DesktopWindow window) {
        WindowInfo.Builder info = WindowInfo.newBuilder()
                .setId(window.id())
                .setTitle(window.title() == null ? "" : window.title())
                .setFocused(window.focused())
                .setState(window.state());
        if (window.appId() != null) {
            info.setAppId(window.appId());
        }
        if (window.bounds() != null) {
            info.setBounds(rect(window.bounds()));
        }
        return info.build();
    }

    static org.praefectus.daemon.grpc.v1.UiElement element(UiElement element) {
        org.praefectus.daemon.grpc.v1.UiElement.Builder proto = org.praefectus.daemon.grpc.v1.UiElement.newBuilder()
                .setId(element.id())
                .setRole(element.role() == null ? "" : element.role())
                .setConfidence((float) element.confidence())
                .addAllStates(element.states())
                .addAllChildIds(element.childIds());
        if (element.label() != null) {
            proto.setLabel(element.label());
        }
        if (element.bounds() != null) {
            proto.setBounds(rect(element.bounds()));
        }
        if (element.center() != null) {
            proto.setCenter(Point.newBuilder().setX((int) element.center().x()).setY((int)
                    element.center().y()));
        }
        if (element.windowId() != null) {
            proto.setWindowId(element.windowId());
        }
        if (element.windowTitle() != null) {
            proto.setWindowTitle(element.windowTitle());
        }
        if (element.appId() != null) {
            proto.setAppId(element.appId());
        }
        if (element.parentId() != null) {
            proto.setParentId(element.parentId());
        }
        return proto.build();
    }

    static Rect rect(org.praefectus.api.protocol.Rect rect) {
        return Rect.newBuilder()
                .setX((int) rect.x())
                .setY((int) rect.y())
                .setWidth((int) rect.width())
                .setHeight((int) rect.height())
                .build();
    }

    private static Selector selector(String text) {
        try {
            return Selector.parse(text);
        } catch (SelectorException e) {
            throw Status.INVALID_ARGUMENT
                    .withDescription(e.code() + ": " + e.getMessage())
                    .asRuntimeException();
        }
    }

    private static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT
                .withDescription("invalid_request: " + message)
                .asRuntimeException();
    }
}
