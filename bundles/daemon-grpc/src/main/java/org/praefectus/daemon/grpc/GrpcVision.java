package org.praefectus.daemon.grpc;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.ImageCodec;
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
 * {@code OcrScreen} and {@code CompareImages} on the runtime's typed vision services: OCR through
 * {@link ImageAnalysis}, the one implementation the socket's {@code ocr} and the CLI's {@code ocr} run too (an image
 * file, the screen, a region, a window's region); a comparison of the two images the request carries, decoded in
 * memory, through {@link VisualComparator}. Options are read from the request's fields, results written as messages.
 * A vision service that is absent answers {@code UNAVAILABLE}; a field this daemon does not know is refused.
 */
final class GrpcVision {

    private final Supplier<ImageAnalysis> analysis;
    private final Supplier<VisualComparator> comparator;
    private final Supplier<ImageCodec> codec;
    private final Supplier<ScreenCapture> capture;

    GrpcVision(
            Supplier<ImageAnalysis> analysis,
            Supplier<VisualComparator> comparator,
            Supplier<ImageCodec> codec,
            Supplier<ScreenCapture> capture) {
        this.analysis = analysis;
        this.capture = capture;
        this.comparator = comparator;
        this.codec = codec;
    }

    /**
     * The text of the image file {@code image_path}, or of the screen, a region of it, or the window {@code window}
     * (the region then relative to it): {@link ImageAnalysis#ocr}, as the socket's {@code ocr} and the CLI's
     * {@code ocr} read it, words in the image's or the screen's coordinates.
     *
     * A window's text carries the {@code occluded} warning among {@code warnings} when other windows lie over the
     * part read ({@link ScreenCapture#occlusion}): their text is read there, not the window's.
     *
     * @param named the window the request's window fields name (found by the caller through the desktop service),
     *              or {@code null} when it names none
     */
    OcrResponse ocr(OcrScreenRequest request, DesktopWindow named) {
        ImageAnalysis images = present(analysis.get(), "image analysis");
        OcrOptions options = options(request);
        Region region = request.hasRegion() ? region(request.getRegion()) : null;
        Region window = named == null ? null : bounds(named);
        if (window != null) {
            if (region == null) {
                region = window;
            } else {
                region = new Region(window.x() + region.x(), window.y() + region.y(), region.width(), region.height());
                if (!window.contains(region)) {
                    throw invalid("the region leaves the window");
                }
            }
        }
        try {
            OcrResult result = images.ocr(
                            request.hasImagePath() ? Path.of(request.getImagePath()) : null, region, options)
                    .result();
            OcrResponse.Builder response = OcrResponse.newBuilder()
                    .setBackendName(result.backend())
                    .setText(result.text())
                    .addAllWarnings(result.warnings());
            ScreenCapture screen = capture.get();
            if (named != null && screen != null) {
                // read right after the capture: the text of a window over the named one is never passed as its own
                screen.occlusion(named.id(), region).ifPresent(o -> response.addWarnings(o.line()));
            }
            result.blocks().forEach(block -> response.addBlocks(block(block)));
            result.words().forEach(word -> response.addWords(block(word)));
            return response.build();
        } catch (VisionException e) {
            throw failure(e);
        }
    }

    /** A listed window's bounds on the screen (the caller found it with bounds). */
    static Region bounds(DesktopWindow window) {
        org.praefectus.api.protocol.Rect b = window.bounds();
        return new Region((int) b.x(), (int) b.y(), (int) b.width(), (int) b.height());
    }

    /**
     * The window fields of an OCR request as the desktop service's window query, or {@code null} when it names no
     * window; a window and an image file together are refused.
     */
    static WindowQuery windowOf(OcrScreenRequest request) {
        UnknownFields.refuse(request, "OcrScreenRequest");
        if (!request.hasWindowId() && !request.hasWindowTitle() && !request.hasApp()) {
            return null;
        }
        if (request.hasImagePath()) {
            throw invalid("image_path reads a file: window_id, window_title and app name a window on the screen");
        }
        for (String field : List.of("window_id", "window_title", "app")) {
            var descriptor = OcrScreenRequest.getDescriptor().findFieldByName(field);
            if (request.hasField(descriptor) && ((String) request.getField(descriptor)).isBlank()) {
                throw invalid(field + " is not blank");
            }
        }
        return new WindowQuery(
                request.hasWindowId() ? request.getWindowId() : null,
                request.hasApp() ? request.getApp() : null,
                request.hasWindowTitle() ? request.getWindowTitle() : null,
                null,
                false,
                0,
                null,
                "auto",
                false);
    }

    /** The request's OCR options; unset ones at the defaults every surface uses ({@link OcrOptions#DEFAULTS}). */
    private static OcrOptions options(OcrScreenRequest request) {
        OcrOptions defaults = OcrOptions.DEFAULTS;
        try {
            return new OcrOptions(
                    request.hasLanguage() ? request.getLanguage() : defaults.language(),
                    request.hasPageSegmentationMode()
                            ? request.getPageSegmentationMode()
                            : defaults.pageSegmentationMode(),
                    request.hasEngineMode() ? request.getEngineMode() : null,
                    request.hasDpi() ? request.getDpi() : null,
                    request.hasMinConfidence() ? request.getMinConfidence() : defaults.minConfidence(),
                    request.hasWhitelist() ? request.getWhitelist() : null,
                    OcrOptions.variables(request.getConfigList()),
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

    private static OcrBlock block(VisualElement element) {
        Region bounds = element.bounds();
        UiElement.Builder proto = UiElement.newBuilder()
                .setId(element.id())
                .setRole(element.role())
                .setConfidence((float) element.confidence())
                .addAllStates(element.states())
                .setBounds(Rect.newBuilder()
                        .setX(bounds.x())
                        .setY(bounds.y())
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
