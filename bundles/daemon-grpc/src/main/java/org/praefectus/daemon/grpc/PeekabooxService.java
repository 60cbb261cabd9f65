package org.praefectus.daemon.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileQuery;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.vision.Region;
import org.praefectus.daemon.grpc.v1.*;
import org.praefectus.daemon.rpc.DaemonMethods;

/**
 * peekaboox.v1 on the daemon's own methods: each RPC becomes the socket method of the same job (so the same
 * CLI command serves CLI, socket and gRPC), its reply envelope becomes the response message, an error
 * envelope a status. A capture travels through a private temporary file (0600 in a 0700 folder), deleted when
 * the call ends. RPCs without an implementation here answer {@code UNIMPLEMENTED}.
 */
final class PeekabooxService extends PeekabooXGrpc.PeekabooXImplBase {

    private final DaemonMethods methods;
    private final GrpcVision vision;
    private final GrpcDetection detection;

    PeekabooxService(DaemonMethods methods, GrpcVision vision, GrpcDetection detection) {
        this.methods = methods;
        this.vision = vision;
        this.detection = detection;
    }

    private interface Call<R> {
        R run() throws IOException;
    }

    private static <R> void unary(StreamObserver<R> observer, Call<R> call) {
        R response;
        try {
            response = call.run();
        } catch (StatusRuntimeException failure) {
            observer.onError(failure);
            return;
        } catch (IOException | RuntimeException unexpected) {
            observer.onError(Status.INTERNAL
                    .withDescription("internal_error: the call failed inside the daemon")
                    .asRuntimeException());
            return;
        }
        observer.onNext(response);
        observer.onCompleted();
    }

    private JsonNode call(String method, JsonNode params) {
        return Envelopes.data(
                methods.call(method, params.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    private static ObjectNode params(Message request) {
        return ProtoJson.toJson(request);
    }

    private static <B extends Message.Builder> B merge(JsonNode data, B builder) {
        return ProtoJson.merge(data, builder);
    }

    // ---- capture

    @Override
    public void captureScreen(CaptureScreenRequest request, StreamObserver<CaptureScreenResponse> observer) {
        unary(observer, () -> {
            try (Scratch scratch = new Scratch()) {
                ObjectNode params = ProtoJson.JSON.createObjectNode();
                Path output = scratch.path("capture.png");
                params.put("output", output.toString());
                target(request.getTarget(), params);
                JsonNode data = call("capture", params);
                CaptureScreenResponse.Builder response = CaptureScreenResponse.newBuilder()
                        .setImage(ByteString.copyFrom(Files.readAllBytes(output)))
                        .setMimeType("image/png")
                        .setMetadata(CaptureMetadata.newBuilder()
                                .setWidth(data.path("width").asInt())
                                .setHeight(data.path("height").asInt())
                                .setBackend(data.path("backend").asText("x11"))
                                .setCapturedAtUnixMs(System.currentTimeMillis()));
                if (request.getIncludeSemanticTree()) {
                    semanticTree(request.getTarget()).forEach(e -> response.addSemanticTree(GrpcDesktop.element(e)));
                }
                return response.build();
            }
        });
    }

    /**
     * The elements a capture shows, as the desktop service reads them: a window target's elements, else the active
     * window's.
     */
    private java.util.List<org.praefectus.api.selector.UiElement> semanticTree(CaptureTarget target) {
        if (target.hasWindowId()) {
            org.praefectus.api.desktop.ElementQuery query = new org.praefectus.api.desktop.ElementQuery(
                    org.praefectus.api.selector.Selector.any(),
                    new org.praefectus.api.desktop.ElementScope(null, null, target.getWindowId()),
                    0,
                    false,
                    null,
                    null);
            return desktop((desktop, host, token) -> desktop.findElements(query, token))
                    .elements();
        }
        return desktop((desktop, host, token) -> desktop.desktopState(0, token)).elements();
    }

    /** A window's bounds on the screen, as the desktop service lists it: {@code NOT_FOUND} when none has the ID. */
    private ObjectNode windowRegion(String windowId) {
        Region bounds = windowBounds(new WindowQuery(windowId, null, null, null, false, 0, null, "auto", false));
        return ProtoJson.toJson(Rect.newBuilder()
                .setX(bounds.x())
                .setY(bounds.y())
                .setWidth(bounds.width())
                .setHeight(bounds.height())
                .build());
    }

    /**
     * The bounds of the one window {@code query} names, as the desktop service lists it: {@code NOT_FOUND} when none
     * matches (or it has no bounds), {@code FAILED_PRECONDITION} ({@code ambiguous_window}) when several do.
     */
    private Region windowBounds(WindowQuery query) {
        return GrpcVision.bounds(window(query));
    }

    /**
     * The one window {@code query} names, as the desktop service lists it: {@code NOT_FOUND} when none matches (or it
     * has no bounds), {@code FAILED_PRECONDITION} ({@code ambiguous_window}) when several do.
     */
    private org.praefectus.api.desktop.DesktopWindow window(WindowQuery query) {
        var windows =
                desktop((desktop, host, token) -> desktop.windows(query, token)).windows();
        if (windows.size() > 1) {
            throw Envelopes.failure("ambiguous_window", "more than one window matches: use the window ID");
        }
        if (windows.isEmpty() || windows.get(0).bounds() == null) {
            throw io.grpc.Status.NOT_FOUND
                    .withDescription("window_not_found: no window matches")
                    .asRuntimeException();
        }
        return windows.get(0);
    }

    private static void target(CaptureTarget target, ObjectNode params) {
        switch (target.getTargetCase()) {
            case REGION -> params.set("region", ProtoJson.toJson(target.getRegion()));
            case WINDOW_ID -> params.put("window_id", target.getWindowId());
            default -> {
                // the full screen: nothing to say
            }
        }
    }

    @Override
    public void captureDelta(CaptureDeltaRequest request, StreamObserver<CaptureDeltaResponse> observer) {
        unary(observer, () -> {
            ObjectNode params = ProtoJson.JSON.createObjectNode();
            String stream = request.getStreamId().isEmpty() ? "default" : request.getStreamId();
            params.put("stream_id", stream);
            if (request.getReset()) {
                params.put("reset", true);
            }
            if (request.hasRegion()) {
                params.set("region", ProtoJson.toJson(request.getRegion()));
            } else if (request.getTarget().hasRegion()) {
                params.set("region", ProtoJson.toJson(request.getTarget().getRegion()));
            } else if (request.getTarget().hasWindowId()) {
                // the window's region on the screen now; the stream compares what is there, whatever covers it
                params.set("region", windowRegion(request.getTarget().getWindowId()));
            }
            if (request.hasPerChannelThreshold()) {
                params.put("per_channel_threshold", request.getPerChannelThreshold());
            }
            boolean lowBandwidth = !request.hasLowBandwidth() || request.getLowBandwidth();
            params.put("low_bandwidth", lowBandwidth);
            JsonNode data = call("capture_delta", params);
            ObjectNode renamed = data.deepCopy();
            renamed.set("pixel_format", data.path("format"));
            renamed.set("patch", data.path("patch_base64"));
            CaptureDeltaResponse.Builder response = merge(renamed, CaptureDeltaResponse.newBuilder())
                    .setStreamId(stream)
                    .setLowBandwidth(lowBandwidth)
                    .setMetadata(CaptureMetadata.newBuilder()
                            .setWidth(data.path("frame_width").asInt())
                            .setHeight(data.path("frame_height").asInt())
                            .setBackend("x11")
                            .setCapturedAtUnixMs(System.currentTimeMillis()));
            if (params.has("region")) {
                response.setCaptureRegion(merge(params.get("region"), Rect.newBuilder()));
            }
            return response.build();
        });
    }

    @Override
    public void captureBackends(CaptureBackendsRequest request, StreamObserver<CaptureBackendsResponse> observer) {
        unary(observer, () -> {
            ObjectNode params = ProtoJson.JSON.createObjectNode();
            if (request.getDiagnose()) {
                params.put("diagnose", true);
            }
            String probe = switch (request.getProbe()) {
                case CAPTURE_BACKEND_PROBE_FILE -> "file";
                case CAPTURE_BACKEND_PROBE_FRAME -> "frame";
                case CAPTURE_BACKEND_PROBE_REGION -> "region";
                case CAPTURE_BACKEND_PROBE_ALL -> "all";
                case CAPTURE_BACKEND_PROBE_DMA_BUF ->
                    throw Envelopes.failure("unsupported", "the dma-buf probe is not implemented by this daemon");
                default -> null;
            };
            if (probe != null) {
                params.put("probe", probe);
            }
            if (request.hasRegion()) {
                params.set("region", ProtoJson.toJson(request.getRegion()));
            }
            if (!request.getOutput().isEmpty()) {
                params.put("output", request.getOutput());
            }
            return merge(call("capture_backends", params), CaptureBackendsResponse.newBuilder())
                    .build();
        });
    }

    // ---- input, windows, elements: the desktop service's verbs, typed

    /** One typed call of the daemon's desktop service; its refusal as the status its code maps to. */
    private <T> T desktop(DaemonMethods.DesktopCall<T> call) {
        try {
            return methods.desktop(call);
        } catch (DesktopException refused) {
            throw GrpcDesktop.refused(refused);
        }
    }

    private ActionResponse input(InputRequest request) {
        return GrpcDesktop.answer(desktop((desktop, host, token) -> desktop.input(request, host, token)));
    }

    @Override
    public void moveMouse(MoveMouseRequest request, StreamObserver<ActionResponse> observer) {
        unary(observer, () -> input(InputRequests.move(request)));
    }

    @Override
    public void click(ClickRequest request, StreamObserver<ActionResponse> observer) {
        unary(observer, () -> input(InputRequests.click(request)));
    }

    @Override
    public void drag(DragRequest request, StreamObserver<ActionResponse> observer) {
        unary(observer, () -> input(InputRequests.drag(request)));
    }

    @Override
    public void typeText(TypeTextRequest request, StreamObserver<ActionResponse> observer) {
        unary(observer, () -> input(InputRequests.type(request)));
    }

    @Override
    public void pasteText(PasteTextRequest request, StreamObserver<ActionResponse> observer) {
        unary(observer, () -> input(InputRequests.paste(request)));
    }

    @Override
    public void hotkey(HotkeyRequest request, StreamObserver<ActionResponse> observer) {
        unary(observer, () -> input(InputRequests.hotkey(request)));
    }

    @Override
    public void findElement(FindElementRequest request, StreamObserver<FindElementResponse> observer) {
        unary(observer, () -> {
            ElementQuery query = GrpcDesktop.elements(request, methods.visionFallback());
            return GrpcDesktop.found(desktop((desktop, host, token) -> desktop.findElements(query, token)));
        });
    }

    @Override
    public void listWindows(ListWindowsRequest request, StreamObserver<ListWindowsResponse> observer) {
        unary(observer, () -> {
            WindowQuery query = GrpcDesktop.windows(request);
            return GrpcDesktop.listing(desktop((desktop, host, token) -> desktop.windows(query, token)));
        });
    }

    @Override
    public void getDesktopState(GetDesktopStateRequest request, StreamObserver<DesktopState> observer) {
        unary(observer, () -> {
            UnknownFields.refuse(request, "GetDesktopStateRequest");
            return GrpcDesktop.state(desktop((desktop, host, token) -> desktop.desktopState(0, token)));
        });
    }

    // ---- desktop profiles: the typed DesktopProfiles service, effects signed by the daemon's host

    /** One typed call of the daemon's desktop profiles; its refusal as the status its code or terminal maps to. */
    private <T> T profiles(DaemonMethods.ProfilesCall<T> call) {
        try {
            return methods.profiles(call);
        } catch (DesktopException refused) {
            throw DesktopRequests.refused(refused);
        }
    }

    @Override
    public void desktopProfiles(DesktopProfilesRequest request, StreamObserver<DesktopProfilesResponse> observer) {
        unary(observer, () -> {
            ProfileQuery query = DesktopRequests.query(request);
            return DesktopRequests.profiles(profiles((p, host, token) -> p.profiles(query)), query.checks());
        });
    }

    @Override
    public void desktopLocate(DesktopLocateRequest request, StreamObserver<DesktopLocateResponse> observer) {
        unary(observer, () -> {
            ProfileAim aim = DesktopRequests.locate(request);
            return DesktopRequests.located(profiles((p, host, token) -> p.locate(aim, token)));
        });
    }

    @Override
    public void desktopAssert(DesktopAssertRequest request, StreamObserver<DesktopActionResponse> observer) {
        unary(observer, () -> {
            ProfileAim aim = DesktopRequests.assertAim(request);
            ProfileExpectation expected = DesktopRequests.expectation(request);
            return DesktopRequests.asserted(profiles((p, host, token) -> p.check(aim, expected, token)));
        });
    }

    @Override
    public void desktopClick(DesktopClickRequest request, StreamObserver<DesktopActionResponse> observer) {
        unary(observer, () -> act("click", DesktopRequests.click(request)));
    }

    @Override
    public void desktopDrag(DesktopDragRequest request, StreamObserver<DesktopActionResponse> observer) {
        unary(observer, () -> act("drag", DesktopRequests.drag(request)));
    }

    @Override
    public void desktopTypeInto(DesktopTypeIntoRequest request, StreamObserver<DesktopActionResponse> observer) {
        unary(observer, () -> act("type_into", DesktopRequests.typeInto(request)));
    }

    private DesktopActionResponse act(String name, ProfileAction action) {
        return DesktopRequests.acted(name, profiles((p, host, token) -> p.act(action, host, token)));
    }

    @Override
    public void desktopFocus(DesktopFocusRequest request, StreamObserver<DesktopActionResponse> observer) {
        unary(observer, () -> {
            ProfileAim aim = DesktopRequests.focus(request);
            // PeekabooX's verify: the focus action is verified by the engine whether asked or not
            boolean launch = request.getLaunchIfNeeded();
            return DesktopRequests.focused(profiles((p, host, token) -> p.focus(aim, launch, false, host, token)));
        });
    }

    // ---- vision

    @Override
    public void ocrScreen(OcrScreenRequest request, StreamObserver<OcrResponse> observer) {
        unary(observer, () -> {
            WindowQuery window = GrpcVision.windowOf(request);
            // the window found before anything is captured: an unknown window reads nothing
            return vision.ocr(request, window == null ? null : window(window));
        });
    }

    @Override
    public void compareImages(CompareImagesRequest request, StreamObserver<VisualDiffResponse> observer) {
        unary(observer, () -> vision.compare(request));
    }

    @Override
    public void detectUiState(DetectUiStateRequest request, StreamObserver<UiStateResponse> observer) {
        unary(observer, () -> detection.state(request));
    }

    @Override
    public void detectUiElements(DetectUiElementsRequest request, StreamObserver<DetectUiElementsResponse> observer) {
        unary(observer, () -> detection.elements(request));
    }

    // ---- plugins

    @Override
    public void listPlugins(ListPluginsRequest request, StreamObserver<PluginListResponse> observer) {
        unary(
                observer,
                () -> merge(call("list_plugins", params(request)), PluginListResponse.newBuilder())
                        .build());
    }

    @Override
    public void callPluginTool(CallPluginToolRequest request, StreamObserver<PluginToolExecutionResponse> observer) {
        unary(observer, () -> {
            ObjectNode params = params(request);
            params.remove("arguments_json");
            if (!request.getArgumentsJson().isBlank()) {
                params.set("arguments", ProtoJson.JSON.readTree(request.getArgumentsJson()));
            }
            return merge(call("call_plugin_tool", params), PluginToolExecutionResponse.newBuilder())
                    .setOk(true)
                    .setPluginId(request.getPluginId())
                    .setTool(request.getTool())
                    .build();
        });
    }

    /** A private folder for one call's image files, deleted with everything in it. */
    private static final class Scratch implements AutoCloseable {
        private final Path folder;

        Scratch() throws IOException {
            folder = Files.createTempDirectory(
                    "praefectus-grpc-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }

        Path path(String name) {
            return folder.resolve(name);
        }

        @Override
        public void close() throws IOException {
            try (Stream<Path> paths = Files.walk(folder)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                    try {
                        Files.deleteIfExists(path);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }
}
