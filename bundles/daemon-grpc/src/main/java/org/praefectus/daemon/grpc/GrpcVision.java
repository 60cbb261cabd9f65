package org.praefectus.daemon.grpc;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.daemon.grpc.v1.CompareImagesRequest;
import org.praefectus.daemon.grpc.v1.OcrBlock;
import org.praefectus.daemon.grpc.v1.OcrResponse;
import org.praefectus.daemon.grpc.v1.OcrScreenRequest;
import org.praefectus.daemon.grpc.v1.Rect;
import org.praefectus.daemon.grpc.v1.UiElement;
import org.praefectus.daemon.grpc.v1.VisualDiffResponse;

/**
 * {@code OcrScreen} and {@code CompareImages} on the runtime's typed vision services: images in memory, options read
 * from the request's fields, results written as messages (no command line, no temporary files). A vision service
 * that is absent answers {@code UNAVAILABLE}; a field this daemon does not implement is refused.
 */
final class GrpcVision {

    private final Supplier<OcrEngine> ocr;
    private final Supplier<ScreenCapture> screen;
    private final Supplier<VisualComparator> comparator;
    private final Supplier<ImageCodec> codec;

    GrpcVision(
            Supplier<OcrEngine> ocr,
            Supplier<ScreenCapture> screen,
            Supplier<VisualComparator> comparator,
            Supplier<ImageCodec> codec) {
        this.ocr = ocr;
        this.screen = screen;
        this.comparator = comparator;
        this.codec = codec;
    }

    /** The screen's text, or a region's, in screen coordinates. */
    OcrResponse ocr(OcrScreenRequest request) {
        UnknownFields.refuse(request, "OcrScreenRequest");
        for (String field : List.of("image_path", "window_id", "window_title", "app")) {
            if (request.hasField(OcrScreenRequest.getDescriptor().findFieldByName(field))) {
                throw Status.INVALID_ARGUMENT
                        .withDescription("unsupported_field: OcrScreenRequest." + field
                                + " is not implemented by this daemon; nothing was done")
                        .asRuntimeException();
            }
        }
        OcrEngine engine = present(ocr.get(), "OCR");
        ScreenCapture capture = present(screen.get(), "screen capture");
        OcrOptions options;
        try {
            Map<String, String> variables = new HashMap<>();
            for (String entry : request.getConfigList()) {
                int equals = entry.indexOf('=');
                if (equals <= 0) {
                    throw invalid("config entries are key=value");
                }
                variables.put(entry.substring(0, equals), entry.substring(equals + 1));
            }
            options = new OcrOptions(
                    request.hasLanguage() ? request.getLanguage() : "eng",
                    request.hasPageSegmentationMode() ? request.getPageSegmentationMode() : 6,
                    request.hasEngineMode() ? request.getEngineMode() : null,
                    request.hasDpi() ? request.getDpi() : null,
                    request.hasMinConfidence() ? request.getMinConfidence() : 0,
                    request.hasWhitelist() ? request.getWhitelist() : null,
                    variables,
                    new OcrPreprocessing(
                            request.hasScale() ? (double) request.getScale() : null,
                            request.getGrayscale(),
                            request.hasThreshold() ? request.getThreshold() : null,
                            request.getInvert(),
                            request.hasContrast() ? (double) request.getContrast() : null,
                            request.getDeskew()));
        } catch (VisionException | IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
        try {
            Region region = request.hasRegion() ? region(request.getRegion()) : capture.screenBounds();
            Frame frame = capture.capture(region);
            OcrResult result = engine.recognize(frame, null, options);
            OcrResponse.Builder response = OcrResponse.newBuilder()
                    .setBackendName(result.backend())
                    .setText(result.text())
                    .addAllWarnings(result.warnings());
            // the frame is the region: its words are moved to screen coordinates
            result.blocks().forEach(block -> response.addBlocks(block(block, region)));
            result.words().forEach(word -> response.addWords(block(word, region)));
            return response.build();
        } catch (VisionException e) {
            throw failure(e);
        }
    }

    /** The difference of two images under the request's tolerance; a mismatch is a result, not an error. */
    VisualDiffResponse compare(CompareImagesRequest request) {
        UnknownFields.refuse(request, "CompareImagesRequest");
        VisualComparator compare = present(comparator.get(), "image comparison");
        ImageCodec images = present(codec.get(), "image decoding");
        VisualCompareOptions options;
        try {
            VisualCompareOptions.Builder builder = VisualCompareOptions.builder();
            if (request.hasRegion()) {
                builder.region(region(request.getRegion()));
            }
            for (Rect ignored : request.getIgnoreRegionsList()) {
                builder.ignoreRegion(region(ignored));
            }
            if (request.hasPerChannelThreshold()) {
                builder.perChannelThreshold(request.getPerChannelThreshold());
            }
            if (request.hasMaxChangedRatio()) {
                builder.maxChangedRatio(request.getMaxChangedRatio());
            }
            if (request.hasMaxChangedPixels()) {
                builder.maxChangedPixels(request.getMaxChangedPixels());
            }
            if (request.hasMaxMeanAbsoluteError()) {
                builder.maxMeanAbsoluteError((double) request.getMaxMeanAbsoluteError());
            }
            if (request.hasMaxChannelDelta()) {
                builder.maxChannelDelta(request.getMaxChannelDelta());
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
            VisualDiff diff = compare.compare(
                    images.decode(request.getExpectedImage().toByteArray()),
                    images.decode(request.getActualImage().toByteArray()),
                    options);
            return GrpcDetection.diff(diff);
        } catch (VisionException e) {
            throw failure(e);
        }
    }

    private static OcrBlock block(VisualElement element, Region region) {
        Region bounds = element.bounds();
        UiElement.Builder proto = UiElement.newBuilder()
                .setId(element.id())
                .setRole(element.role())
                .setConfidence((float) element.confidence())
                .addAllStates(element.states())
                .setBounds(Rect.newBuilder()
                        .setX(bounds.x() + region.x())
                        .setY(bounds.y() + region.y())
                        .setWidth(bounds.width())
                        .setHeight(bounds.height()));
        if (element.label() != null) {
            proto.setLabel(element.label());
        }
        return OcrBlock.newBuilder()
                .setText(element.label() == null ? "" : element.label())
                .setElement(proto)
                .build();
    }

    private static Region region(Rect rect) {
        if (rect.getWidth() == 0 || rect.getHeight() == 0) {
            throw invalid("a region has a positive width and height");
        }
        return new Region(rect.getX(), rect.getY(), rect.getWidth(), rect.getHeight());
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

    private static StatusRuntimeException failure(VisionException e) {
        return Envelopes.failure(e.code(), e.getMessage());
    }
}
