package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.Occlusion;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * {@code ocr}, {@code compare_images}, {@code detect_ui_state} and {@code detect_ui_elements} over the vision
 * bundle's services, each optional (missing: {@code vision_unavailable}). Images come as
 * {@link ImageArguments} or, for {@code ocr} and {@code detect_ui_elements}, from the live screen
 * ({@link ScreenSource}); screen results are in screen coordinates. The audit gets sources, byte counts, text
 * lengths and counts: never pixels, paths or recognised text.
 */
final class VisionTools {

    static final int MAX_STATE_IMAGES = 16;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HostServices services;
    private final AuditLog audit;
    private final long deadlineMs;

    VisionTools(HostServices services, AuditLog audit, long deadlineMs) {
        this.services = services;
        this.audit = audit;
        this.deadlineMs = deadlineMs;
    }

    /** A frame to analyse, where it came from, and what covered the window it shows. */
    private record Input(Frame frame, String source, int bytes, Region screenBounds, Optional<Occlusion> occlusion) {}

    ToolResult ocr(Map<String, Object> args, Progress progress) {
        Optional<OcrEngine> ocr = services.ocrEngine();
        if (ocr.isEmpty()) {
            return unavailable("ocr");
        }
        OcrOptions options = ocrOptions(args);
        return analyse("ocr", args, progress, "recognising text", input -> {
            Region crop = input.screenBounds() == null ? ImageArguments.region(args.get("region"), "region") : null;
            OcrResult result = ocr.get().recognize(input.frame(), crop, options);
            if (input.screenBounds() != null) {
                Region at = input.screenBounds();
                result = new OcrResult(
                        result.backend(),
                        result.text(),
                        moved(result.blocks(), at),
                        moved(result.words(), at),
                        warned(result.warnings(), input.occlusion()));
            }
            Map<String, Object> body = described(input);
            body.putAll(toMap(result));
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    "ocr",
                    "allowed",
                    null,
                    Map.of(
                            "source",
                            input.source(),
                            "image_bytes",
                            input.bytes(),
                            "text_length",
                            result.text().length(),
                            "words",
                            result.words().size())));
            return ToolResult.ok(body);
        });
    }

    ToolResult detectUiElements(Map<String, Object> args, Progress progress) {
        Optional<UiElementDetector> detector = services.uiElementDetector();
        if (detector.isEmpty()) {
            return unavailable("detect_ui_elements");
        }
        int maxElements = ToolArguments.intArgument(args, "max_elements", 100, 1, 1_000);
        int threshold = ToolArguments.intArgument(args, "edge_threshold", 24, 1, 255);
        return analyse("detect_ui_elements", args, progress, "detecting elements", input -> {
            Region crop = input.screenBounds() == null ? ImageArguments.region(args.get("region"), "region") : null;
            UiElementDetectionOptions options = UiElementDetectionOptions.builder()
                    .region(crop)
                    .maxElements(maxElements)
                    .edgeThreshold(threshold)
                    .build();
            List<VisualElement> elements = detector.get().detect(input.frame(), options);
            if (input.screenBounds() != null) {
                elements = moved(elements, input.screenBounds());
            }
            Map<String, Object> body = described(input);
            body.put("elements", JSON.convertValue(elements, new TypeReference<List<Object>>() {}));
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    "detect_ui_elements",
                    "allowed",
                    null,
                    Map.of("source", input.source(), "image_bytes", input.bytes(), "elements", elements.size())));
            return ToolResult.ok(body);
        });
    }

    ToolResult compareImages(Map<String, Object> args) {
        Optional<VisualComparator> comparator = services.visualComparator();
        Optional<ImageCodec> codec = services.imageCodec();
        if (comparator.isEmpty() || codec.isEmpty()) {
            return unavailable("compare_images");
        }
        ImageArguments.Png expected = ImageArguments.png(args.get("expected"), "expected");
        ImageArguments.Png actual = ImageArguments.png(args.get("actual"), "actual");
        VisualCompareOptions options = guarded(() -> VisualCompareOptions.builder()
                .region(ImageArguments.region(args.get("region"), "region"))
                .perChannelThreshold(ToolArguments.intArgument(args, "threshold", 0, 0, 255))
                .maxChangedRatio(ratio(args, "max_changed_ratio", 0))
                .build());
        try {
            var diff = comparator
                    .get()
                    .compare(codec.get().decode(expected.bytes()), codec.get().decode(actual.bytes()), options);
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    "compare_images",
                    "allowed",
                    null,
                    Map.of("image_bytes", expected.bytes().length + actual.bytes().length, "matches", diff.matches())));
            return ToolResult.ok(toMap(diff));
        } catch (VisionException e) {
            return failure("compare_images", e);
        }
    }

    ToolResult detectUiState(Map<String, Object> args) {
        Optional<UiStateDetector> detector = services.uiStateDetector();
        Optional<ImageCodec> codec = services.imageCodec();
        if (detector.isEmpty() || codec.isEmpty()) {
            return unavailable("detect_ui_state");
        }
        if (!(args.get("images") instanceof List<?> images) || images.size() < 2 || images.size() > MAX_STATE_IMAGES) {
            throw new InvalidArgument("images must be an array of 2 to " + MAX_STATE_IMAGES + " images, oldest first");
        }
        List<ImageArguments.Png> pngs = new ArrayList<>();
        for (int i = 0; i < images.size(); i++) {
            pngs.add(ImageArguments.png(images.get(i), "images[" + i + "]"));
        }
        UiStateOptions options = guarded(() -> UiStateOptions.builder()
                .region(ImageArguments.region(args.get("region"), "region"))
                .perChannelThreshold(ToolArguments.intArgument(args, "threshold", 2, 0, 255))
                .stableMaxChangedRatio(ratio(args, "stable_max_changed_ratio", 0.001))
                .loadingMinChangedRatio(ratio(args, "loading_min_changed_ratio", 0.02))
                .build());
        try {
            List<Frame> frames = new ArrayList<>();
            int bytes = 0;
            for (ImageArguments.Png png : pngs) {
                frames.add(codec.get().decode(png.bytes()));
                bytes += png.bytes().length;
            }
            var result = detector.get().detect(frames, options);
            audit.record(AuditIds.line(
                    AuditLine.CALL,
                    "detect_ui_state",
                    "allowed",
                    null,
                    Map.of(
                            "images",
                            frames.size(),
                            "image_bytes",
                            bytes,
                            "state",
                            result.state().wireName())));
            return ToolResult.ok(toMap(result));
        } catch (VisionException e) {
            return failure("detect_ui_state", e);
        }
    }

    /**
     * Decodes the {@code image} argument or captures the screen, then runs {@code analysis}; a client that sent a
     * progress token hears of each step ({@code working}: what the analysis does, fixed text). The answer itself
     * is the last step: a "done" notification could reach the client after it (the SDK sends notifications
     * without waiting), when the client no longer listens.
     */
    private ToolResult analyse(
            String tool,
            Map<String, Object> args,
            Progress progress,
            String working,
            Function<Input, ToolResult> analysis) {
        progress.report(0, 2.0, args.get("image") != null ? "reading the image" : "capturing the screen");
        Input input;
        try {
            input = input(args);
        } catch (ScreenSource.UnknownSurface e) {
            return ToolResult.failure(
                    "unknown_surface",
                    "the surface is not on the screen now",
                    "call surfaces and use a current surface id",
                    true);
        } catch (ExecutorException e) {
            return ToolResult.failure(
                    "observation_failed",
                    "the surfaces could not be listed",
                    "check that the desktop session is running and call again",
                    true);
        } catch (VisionException e) {
            return failure(tool, e);
        }
        progress.report(1, 2.0, working);
        try {
            return analysis.apply(input);
        } catch (VisionException e) {
            return failure(tool, e);
        }
    }

    private Input input(Map<String, Object> args) throws ScreenSource.UnknownSurface, ExecutorException {
        Object image = args.get("image");
        if (image != null) {
            if (args.get("surface") != null) {
                throw new InvalidArgument("surface is for the live screen; with image, use region");
            }
            Optional<ImageCodec> codec = services.imageCodec();
            if (codec.isEmpty()) {
                throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, "no image codec");
            }
            ImageArguments.Png png = ImageArguments.png(image, "image");
            return new Input(codec.get().decode(png.bytes()), png.source(), png.bytes().length, null, Optional.empty());
        }
        Optional<ScreenCapture> capture = services.screenCapture();
        if (capture.isEmpty()) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, "no screen capture");
        }
        ScreenSource.Captured captured =
                ScreenSource.capture(capture.get(), services, args, System.currentTimeMillis() + deadlineMs);
        return new Input(captured.frame(), "screen", 0, captured.bounds(), captured.occlusion());
    }

    /** OCR's warnings and, when windows covered the one read, the {@code occluded} warning as its line. */
    private static List<String> warned(List<String> warnings, Optional<Occlusion> occlusion) {
        if (occlusion.isEmpty()) {
            return warnings;
        }
        List<String> all = new ArrayList<>(warnings);
        all.add(occlusion.get().line());
        return all;
    }

    private static Map<String, Object> described(Input input) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("source", input.source());
        body.put("width", input.frame().width());
        body.put("height", input.frame().height());
        if (input.screenBounds() != null) {
            body.put("screen_bounds", toMap(input.screenBounds()));
        }
        return body;
    }

    private static OcrOptions ocrOptions(Map<String, Object> args) {
        String language = ToolArguments.stringArgument(args, "language", false);
        int psm = ToolArguments.intArgument(args, "page_segmentation_mode", 6, 0, 13);
        Object scale = args.get("scale");
        return guarded(() -> {
            OcrOptions options = OcrOptions.DEFAULTS
                    .withLanguage(language == null ? "eng" : language)
                    .withPageSegmentationMode(psm);
            if (scale != null) {
                if (!(scale instanceof Number n) || n.doubleValue() < 0.1 || n.doubleValue() > 8) {
                    throw new InvalidArgument("scale must be a number between 0.1 and 8");
                }
                options = options.withPreprocessing(
                        new OcrPreprocessing(n.doubleValue(), false, null, false, null, false));
            }
            return options;
        });
    }

    private static double ratio(Map<String, Object> args, String name, double fallback) {
        Object value = args.get(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Number n) || n.doubleValue() < 0 || n.doubleValue() > 1) {
            throw new InvalidArgument(name + " must be a number between 0 and 1");
        }
        return n.doubleValue();
    }

    /** Option records validate themselves with {@link VisionException}: that is an argument error here. */
    private static <T> T guarded(java.util.function.Supplier<T> options) {
        try {
            return options.get();
        } catch (VisionException e) {
            throw new InvalidArgument("the options are out of range");
        }
    }

    private static List<VisualElement> moved(List<VisualElement> elements, Region at) {
        return elements.stream()
                .map(e -> new VisualElement(
                        e.id(), e.role(), e.label(), e.bounds().translate(at.x(), at.y()), e.confidence(), e.states()))
                .toList();
    }

    private static Map<String, Object> toMap(Object value) {
        return JSON.convertValue(value, new TypeReference<Map<String, Object>>() {});
    }

    private ToolResult unavailable(String tool) {
        audit.record(AuditIds.line(AuditLine.CALL, tool, "refused", "vision_unavailable", Map.of()));
        return ToolResult.failure(
                "vision_unavailable",
                "the vision services are not installed in this runtime",
                "run Praefectus with the vision bundle, or use observe instead",
                true);
    }

    private ToolResult failure(String tool, VisionException e) {
        audit.record(AuditIds.line(AuditLine.CALL, tool, "failed", e.code(), Map.of()));
        String next = switch (e.code()) {
            case VisionException.INVALID_IMAGE -> "send a valid PNG";
            case VisionException.INVALID_REGION -> "use a region inside the image or screen";
            case VisionException.SIZE_MISMATCH -> "compare images of the same size";
            case VisionException.UNKNOWN_LANGUAGE -> "use an installed OCR language (eng)";
            case VisionException.CAPTURE_UNAVAILABLE -> "start the desktop session, or pass an image";
            default -> "check the arguments and call again";
        };
        return ToolResult.failure(e.code(), "the image could not be analysed", next, true);
    }
}
