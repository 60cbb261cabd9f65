package org.praefectus.daemon.grpc;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementSort;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.UiStateResult;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualDiff;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.daemon.grpc.v1.DetectUiElementsRequest;
import org.praefectus.daemon.grpc.v1.DetectUiElementsResponse;
import org.praefectus.daemon.grpc.v1.DetectUiStateRequest;
import org.praefectus.daemon.grpc.v1.Rect;
import org.praefectus.daemon.grpc.v1.UiElement;
import org.praefectus.daemon.grpc.v1.UiStateKind;
import org.praefectus.daemon.grpc.v1.UiStateResponse;
import org.praefectus.daemon.grpc.v1.VisualDiffResponse;

/**
 * {@code DetectUiState} and {@code DetectUiElements} on the runtime's typed detectors, every option of PeekabooX's
 * current contract read into {@link UiStateOptions} or {@link UiElementDetectionOptions} (the defaults are theirs, the
 * CLI's {@code state} and {@code vision-elements} defaults). Images are decoded in memory; elements are found, and the
 * mask and overlay PNGs written where the request says, by {@link ImageAnalysis} as for {@code vision-elements}. A bad
 * option is {@code INVALID_ARGUMENT} naming it; an absent detector {@code UNAVAILABLE}.
 */
final class GrpcDetection {

    private final Supplier<UiStateDetector> states;
    private final Supplier<ImageAnalysis> analysis;
    private final Supplier<ImageCodec> codec;

    GrpcDetection(Supplier<UiStateDetector> states, Supplier<ImageAnalysis> analysis, Supplier<ImageCodec> codec) {
        this.states = states;
        this.analysis = analysis;
        this.codec = codec;
    }

    UiStateResponse state(DetectUiStateRequest request) {
        UnknownFields.refuse(request, "DetectUiStateRequest");
        UiStateDetector detector = present(states.get(), "UI-state detection");
        ImageCodec images = present(codec.get(), "image decoding");
        UiStateOptions options;
        try {
            UiStateOptions.Builder builder = UiStateOptions.builder();
            if (request.hasRegion()) {
                builder.region(region("region", request.getRegion()));
            }
            for (Rect ignored : request.getIgnoreRegionsList()) {
                builder.ignoreRegion(region("ignore_regions", ignored));
            }
            if (request.hasPerChannelThreshold()) {
                builder.perChannelThreshold(request.getPerChannelThreshold());
            }
            if (request.hasStableMaxChangedRatio()) {
                builder.stableMaxChangedRatio(request.getStableMaxChangedRatio());
            }
            if (request.hasStableMaxChangedPixels()) {
                builder.stableMaxChangedPixels(request.getStableMaxChangedPixels());
            }
            if (request.hasStableMaxMeanAbsoluteError()) {
                builder.stableMaxMeanAbsoluteError((double) request.getStableMaxMeanAbsoluteError());
            }
            if (request.hasStableMaxChannelDelta()) {
                builder.stableMaxChannelDelta(request.getStableMaxChannelDelta());
            }
            if (request.hasLoadingMinChangedRatio()) {
                builder.loadingMinChangedRatio(request.getLoadingMinChangedRatio());
            }
            if (request.hasLoadingMinChangedPixels()) {
                builder.loadingMinChangedPixels(request.getLoadingMinChangedPixels());
            }
            if (request.hasRequiredStableTransitions()) {
                builder.requiredStableTransitions(request.getRequiredStableTransitions());
            }
            if (request.hasSizePolicy()) {
                builder.sizePolicy(SizePolicy.parse(request.getSizePolicy()));
            }
            if (request.hasAlpha()) {
                builder.alphaMode(AlphaMode.parse(request.getAlpha()));
            }
            options = builder.build();
        } catch (VisionException | IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
        try {
            List<Frame> frames = new ArrayList<>();
            request.getImagesList().forEach(image -> frames.add(images.decode(image.toByteArray())));
            UiStateResult result = detector.detect(frames, options);
            UiStateResponse.Builder response = UiStateResponse.newBuilder()
                    .setState(
                            switch (result.state()) {
                                case STABLE -> UiStateKind.UI_STATE_KIND_STABLE;
                                case LOADING -> UiStateKind.UI_STATE_KIND_LOADING;
                                case CHANGING -> UiStateKind.UI_STATE_KIND_CHANGING;
                            })
                    .setComparedTransitions(result.comparedTransitions())
                    .setStableTransitions(result.stableTransitions())
                    .setLoadingTransitions(result.loadingTransitions())
                    .setTrailingStableTransitions(result.trailingStableTransitions())
                    .setLatestDiff(diff(result.latestDiff()))
                    .setMaxChangedRatio((float) result.maxChangedRatio())
                    .setMeanChangedRatio((float) result.meanChangedRatio());
            if (result.changedBounds() != null) {
                response.setChangedBounds(rect(result.changedBounds()));
            }
            return response.build();
        } catch (VisionException e) {
            throw Envelopes.failure(e.code(), e.getMessage());
        }
    }

    DetectUiElementsResponse elements(DetectUiElementsRequest request) {
        UnknownFields.refuse(request, "DetectUiElementsRequest");
        ImageAnalysis detector = present(analysis.get(), "UI-element detection");
        ImageCodec images = present(codec.get(), "image decoding");
        UiElementDetectionOptions options;
        try {
            UiElementDetectionOptions.Builder builder = UiElementDetectionOptions.builder();
            if (request.hasRegion()) {
                builder.region(region("region", request.getRegion()));
            }
            for (Rect ignored : request.getIgnoreRegionsList()) {
                builder.ignoreRegion(region("ignore_regions", ignored));
            }
            if (request.hasEdgeThreshold()) {
                builder.edgeThreshold(request.getEdgeThreshold());
            }
            if (request.hasMinWidth()) {
                builder.minWidth(request.getMinWidth());
            }
            if (request.hasMinHeight()) {
                builder.minHeight(request.getMinHeight());
            }
            if (request.hasMinComponentPixels()) {
                builder.minComponentPixels(request.getMinComponentPixels());
            }
            if (request.hasMinConfidence()) {
                builder.minConfidence((double) request.getMinConfidence());
            }
            if (request.hasMaxWidth()) {
                builder.maxWidth(request.getMaxWidth());
            }
            if (request.hasMaxHeight()) {
                builder.maxHeight(request.getMaxHeight());
            }
            if (request.hasMinArea()) {
                builder.minArea(request.getMinArea());
            }
            if (request.hasMaxArea()) {
                builder.maxArea(request.getMaxArea());
            }
            if (request.hasMaxElements()) {
                builder.maxElements(request.getMaxElements());
            }
            if (request.hasMergeDistance()) {
                builder.mergeDistance(request.getMergeDistance());
            }
            if (request.hasPadding()) {
                builder.padding(request.getPadding());
            }
            if (request.hasSort()) {
                builder.sort(sort(request.getSort()));
            }
            options = builder.build();
        } catch (VisionException | IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
        Path mask = request.hasMaskOutputPath() ? output("mask_output_path", request.getMaskOutputPath()) : null;
        Path overlay =
                request.hasOverlayOutputPath() ? output("overlay_output_path", request.getOverlayOutputPath()) : null;
        try {
            Frame frame = images.decode(request.getImage().toByteArray());
            List<VisualElement> found = detector.elements(frame, options, mask, overlay);
            DetectUiElementsResponse.Builder response = DetectUiElementsResponse.newBuilder()
                    .setBackendName("praefectus")
                    .setBackendKind("vision");
            found.forEach(element -> response.addElements(element(element)));
            return response.build();
        } catch (VisionException e) {
            throw Envelopes.failure(e.code(), e.getMessage());
        }
    }

    private static UiElementSort sort(String value) {
        try {
            return UiElementSort.parse(value);
        } catch (VisionException e) {
            throw invalid("sort '" + value + "' is position, area or confidence");
        }
    }

    /** An output file named by the request: an absolute path whose folder exists. */
    private static Path output(String field, String path) {
        Path file = Path.of(path);
        if (!file.isAbsolute() || file.getParent() == null || !Files.isDirectory(file.getParent())) {
            throw invalid(field + " is an absolute path in a folder that exists");
        }
        return file;
    }

    static VisualDiffResponse diff(VisualDiff diff) {
        VisualDiffResponse.Builder response = VisualDiffResponse.newBuilder()
                .setComparedRegion(rect(diff.comparedRegion()))
                .setComparedPixels(diff.comparedPixels())
                .setChangedPixels(diff.changedPixels())
                .setChangedRatio((float) diff.changedRatio())
                .setMeanAbsoluteError((float) diff.meanAbsoluteError())
                .setMaxChannelDelta(diff.maxChannelDelta())
                .setMatches(diff.matches());
        if (diff.changedBounds() != null) {
            response.setChangedBounds(rect(diff.changedBounds()));
        }
        return response.build();
    }

    private static UiElement element(VisualElement element) {
        UiElement.Builder proto = UiElement.newBuilder()
                .setId(element.id())
                .setRole(element.role())
                .setConfidence((float) element.confidence())
                .addAllStates(element.states())
                .setBounds(rect(element.bounds()));
        if (element.label() != null) {
            proto.setLabel(element.label());
        }
        return proto.build();
    }

    private static Region region(String field, Rect rect) {
        if (rect.getWidth() <= 0 || rect.getHeight() <= 0) {
            throw invalid(field + " has a positive width and height");
        }
        return new Region(rect.getX(), rect.getY(), rect.getWidth(), rect.getHeight());
    }

    private static Rect rect(Region region) {
        return Rect.newBuilder()
                .setX(region.x())
                .setY(region.y())
                .setWidth(region.width())
                .setHeight(region.height())
                .build();
    }

    private static <T> T present(T service, String what) {
        if (service == null) {
            throw Status.UNAVAILABLE
                    .withDescription("vision_unavailable: this runtime has no " + what + " service")
                    .asRuntimeException();
        }
        return service;
    }

    private static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT
                .withDescription("invalid_request: " + message)
                .asRuntimeException();
    }
}
