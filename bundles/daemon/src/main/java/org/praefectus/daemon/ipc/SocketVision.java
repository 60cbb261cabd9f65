package org.praefectus.daemon.ipc;

import java.nio.file.Path;
import java.util.List;
import org.praefectus.api.vision.AlphaMode;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.ImageComparison;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.SizePolicy;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementSort;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualCompareOptions;

/**
 * The socket's vision methods ({@code ocr}, {@code compare_images}, {@code detect_ui_state},
 * {@code detect_ui_elements}) as an adapter of {@link ImageAnalysis}: PeekabooX's fields read into the typed options
 * (a field none reads is refused by name), the typed answer as the reply's data, in the form the CLI writes too. An
 * option the builders refuse is {@code invalid_request}; a failure of the job keeps its vision code.
 */
final class SocketVision {

    /** The methods this adapter serves. */
    static final List<String> METHODS = List.of("ocr", "compare_images", "detect_ui_state", "detect_ui_elements");

    private final ImageAnalysis analysis;

    SocketVision(ImageAnalysis analysis) {
        this.analysis = analysis;
    }

    Object call(String method, RequestFields fields) throws IpcException {
        try {
            return switch (method) {
                case "ocr" -> ocr(fields);
                case "compare_images" -> compare(fields);
                case "detect_ui_state" -> state(fields);
                default -> elements(fields);
            };
        } catch (VisionException failed) {
            throw new IpcException(failed.code(), failed.getMessage());
        }
    }

    private Object ocr(RequestFields fields) throws IpcException {
        Path image = path(fields, "image_path", "image");
        Region region = region(fields, "region");
        OcrOptions options = options(() -> {
            OcrOptions defaults = OcrOptions.DEFAULTS;
            Long psm = either(fields, "page_segmentation_mode", "psm", 13);
            Long oem = either(fields, "engine_mode", "oem", 3);
            Long dpi = fields.integer("dpi", 1, 2400);
            Double confidence = fields.number("min_confidence", 0, 1);
            String language = fields.text("language");
            return new OcrOptions(
                    language == null ? defaults.language() : language,
                    psm == null ? defaults.pageSegmentationMode() : psm.intValue(),
                    oem == null ? null : oem.intValue(),
                    dpi == null ? null : dpi.intValue(),
                    confidence == null ? defaults.minConfidence() : confidence,
                    fields.text("whitelist"),
                    OcrOptions.variables(fields.words("config", "\n")),
                    new OcrPreprocessing(
                            fields.number("scale", 0.1, 8),
                            fields.flag("grayscale"),
                            integer(fields.integer("threshold", 0, 255)),
                            fields.flag("invert"),
                            fields.number("contrast", 0.1, 10),
                            fields.flag("deskew")));
        });
        fields.noneLeft();
        return analysis.ocr(image, region, options);
    }

    private Object compare(RequestFields fields) throws IpcException {
        Path expected = required(fields, "expected_path", "expected");
        Path actual = required(fields, "actual_path", "actual");
        VisualCompareOptions options = options(() -> {
            VisualCompareOptions.Builder builder =
                    VisualCompareOptions.builder().region(region(fields, "region"));
            for (Region ignored : regions(fields, "ignore_regions")) {
                builder.ignoreRegion(ignored);
            }
            Long threshold = either(fields, "per_channel_threshold", "threshold", 255);
            if (threshold != null) {
                builder.perChannelThreshold(threshold.intValue());
            }
            Double ratio = fields.number("max_changed_ratio", 0, 1);
            if (ratio != null) {
                builder.maxChangedRatio(ratio);
            }
            return builder.maxChangedPixels(fields.integer("max_changed_pixels", 0, Long.MAX_VALUE))
                    .maxMeanAbsoluteError(number(fields, "max_mean_absolute_error", "max_mae", 255))
                    .maxChannelDelta(integer(fields.integer("max_channel_delta", 0, 255)))
                    .sizePolicy(sizePolicy(fields))
                    .alphaMode(alpha(fields))
                    .build();
        });
        Path diffOutput = path(fields, "diff_output", null);
        Path report = path(fields, "report", null);
        boolean noFail = fields.flag("no_fail");
        fields.noneLeft();
        ImageComparison comparison = analysis.compare(expected, actual, options, diffOutput, report);
        if (!comparison.result().matches() && !noFail) {
            throw new IpcException(ImageComparison.MISMATCH, comparison.mismatchMessage(), comparison);
        }
        return comparison;
    }

    private Object state(RequestFields fields) throws IpcException {
        List<String> images = fields.words("image_paths", "\n");
        UiStateOptions options = options(() -> {
            UiStateOptions.Builder builder = UiStateOptions.builder().region(region(fields, "region"));
            for (Region ignored : regions(fields, "ignore_regions")) {
                builder.ignoreRegion(ignored);
            }
            Long threshold = either(fields, "per_channel_threshold", "threshold", 255);
            if (threshold != null) {
                builder.perChannelThreshold(threshold.intValue());
            }
            Double stable = fields.number("stable_max_changed_ratio", 0, 1);
            if (stable != null) {
                builder.stableMaxChangedRatio(stable);
            }
            Double loading = fields.number("loading_min_changed_ratio", 0, 1);
            if (loading != null) {
                builder.loadingMinChangedRatio(loading);
            }
            Long transitions = fields.integer("required_stable_transitions", 1, 10_000);
            if (transitions != null) {
                builder.requiredStableTransitions(transitions.intValue());
            }
            return builder.stableMaxChangedPixels(fields.integer("stable_max_changed_pixels", 0, Long.MAX_VALUE))
                    .stableMaxMeanAbsoluteError(fields.number("stable_max_mae", 0, 255))
                    .stableMaxChannelDelta(integer(fields.integer("stable_max_channel_delta", 0, 255)))
                    .loadingMinChangedPixels(fields.integer("loading_min_changed_pixels", 0, Long.MAX_VALUE))
                    .sizePolicy(sizePolicy(fields))
                    .alphaMode(alpha(fields))
                    .build();
        });
        fields.noneLeft();
        if (images.size() < 2) {
            throw IpcException.invalid("detect_ui_state needs at least two image_paths, oldest first");
        }
        return analysis.state(images.stream().map(Path::of).toList(), options);
    }

    private Object elements(RequestFields fields) throws IpcException {
        Path image = required(fields, "image_path", "image");
        UiElementDetectionOptions options = options(() -> {
            UiElementDetectionOptions.Builder builder =
                    UiElementDetectionOptions.builder().region(region(fields, "region"));
            for (Region ignored : regions(fields, "ignore_regions")) {
                builder.ignoreRegion(ignored);
            }
            Long threshold = either(fields, "edge_threshold", "threshold", 255);
            if (threshold != null) {
                builder.edgeThreshold(threshold.intValue());
            }
            for (String bound : List.of(
                    "min_width", "min_height", "min_component_pixels", "max_elements", "merge_distance", "padding")) {
                Long value = fields.integer(bound, 0, Integer.MAX_VALUE);
                if (value != null) {
                    bound(builder, bound, value.intValue());
                }
            }
            String sort = fields.text("sort");
            if (sort != null) {
                builder.sort(UiElementSort.parse(sort));
            }
            return builder.minConfidence(fields.number("min_confidence", 0, 1))
                    .maxWidth(integer(fields.integer("max_width", 1, Integer.MAX_VALUE)))
                    .maxHeight(integer(fields.integer("max_height", 1, Integer.MAX_VALUE)))
                    .minArea(fields.integer("min_area", 0, Long.MAX_VALUE))
                    .maxArea(fields.integer("max_area", 0, Long.MAX_VALUE))
                    .build();
        });
        Path mask = path(fields, "mask_output_path", "mask_output");
        Path overlay = path(fields, "overlay_output_path", "overlay_output");
        fields.noneLeft();
        return analysis.elements(image, options, mask, overlay);
    }

    private static void bound(UiElementDetectionOptions.Builder builder, String name, int value) {
        switch (name) {
            case "min_width" -> builder.minWidth(value);
            case "min_height" -> builder.minHeight(value);
            case "min_component_pixels" -> builder.minComponentPixels(value);
            case "max_elements" -> builder.maxElements(value);
            case "merge_distance" -> builder.mergeDistance(value);
            default -> builder.padding(value);
        }
    }

    /** Options read from the fields; a value the options refuse is an invalid request. */
    private interface OptionsReader<T> {
        T read() throws IpcException;
    }

    private static <T> T options(OptionsReader<T> reader) throws IpcException {
        try {
            return reader.read();
        } catch (VisionException | IllegalArgumentException refused) {
            throw IpcException.invalid(refused.getMessage());
        }
    }

    /** PeekabooX's field or, when it is not given, the CLI's name of it ({@code image_path} or {@code image}). */
    private static Path path(RequestFields fields, String name, String alias) throws IpcException {
        String value = fields.text(name);
        if (value == null && alias != null) {
            value = fields.text(alias);
        }
        return value == null ? null : Path.of(value);
    }

    private static Path required(RequestFields fields, String name, String alias) throws IpcException {
        Path path = path(fields, name, alias);
        if (path == null) {
            throw IpcException.invalid("the field " + name + " is required");
        }
        return path;
    }

    private static Long either(RequestFields fields, String name, String alias, long max) throws IpcException {
        Long value = fields.integer(name, 0, max);
        return value != null ? value : fields.integer(alias, 0, max);
    }

    private static Double number(RequestFields fields, String name, String alias, double max) throws IpcException {
        Double value = fields.number(name, 0, max);
        return value != null ? value : fields.number(alias, 0, max);
    }

    private static Integer integer(Long value) {
        return value == null ? null : value.intValue();
    }

    private static Region region(RequestFields fields, String name) throws IpcException {
        long[] rect = fields.rect(name);
        return rect == null ? null : region(rect);
    }

    private static List<Region> regions(RequestFields fields, String name) throws IpcException {
        List<Region> regions = new java.util.ArrayList<>();
        for (long[] rect : fields.rects(name)) {
            regions.add(region(rect));
        }
        return regions;
    }

    /** A rectangle read by {@link RequestFields#rect} as a region of an image or the screen. */
    static Region region(long[] rect) throws IpcException {
        if (rect[0] < 0 || rect[1] < 0 || rect[2] > Integer.MAX_VALUE || rect[3] > Integer.MAX_VALUE) {
            throw IpcException.invalid("a region lies on the image: x and y from 0");
        }
        return new Region((int) rect[0], (int) rect[1], (int) rect[2], (int) rect[3]);
    }

    private static SizePolicy sizePolicy(RequestFields fields) throws IpcException {
        String value = fields.text("size_policy");
        return value == null ? SizePolicy.ERROR : SizePolicy.parse(value);
    }

    private static AlphaMode alpha(RequestFields fields) throws IpcException {
        String value = fields.text("alpha");
        return value == null ? AlphaMode.IGNORE : AlphaMode.parse(value);
    }
}
