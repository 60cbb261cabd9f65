package org.praefectus.vision;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.vision.DetectedElements;
import org.praefectus.api.vision.DiffImage;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.ImageComparison;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrReading;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.UiElementDetectionOptions;
import org.praefectus.api.vision.UiElementDetector;
import org.praefectus.api.vision.UiStateDetector;
import org.praefectus.api.vision.UiStateOptions;
import org.praefectus.api.vision.UiStateResult;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualComparator;
import org.praefectus.api.vision.VisualCompareOptions;
import org.praefectus.api.vision.VisualDiff;
import org.praefectus.api.vision.VisualElement;

/** {@link ImageAnalysis} over this bundle's vision services: the one place a vision job reads and writes files. */
@Component(service = ImageAnalysis.class)
public final class ImageAnalysisComponent implements ImageAnalysis {

    private static final ObjectMapper REPORT = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final OcrEngine ocr;
    private final ImageCodec codec;
    private final VisualComparator comparator;
    private final UiStateDetector states;
    private final UiElementDetector elements;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ScreenCapture screen;

    @Activate
    public ImageAnalysisComponent(
            @Reference OcrEngine ocr,
            @Reference ImageCodec codec,
            @Reference VisualComparator comparator,
            @Reference UiStateDetector states,
            @Reference UiElementDetector elements) {
        this.ocr = ocr;
        this.codec = codec;
        this.comparator = comparator;
        this.states = states;
        this.elements = elements;
    }

    @Override
    public OcrReading ocr(Path image, Region region, OcrOptions options) {
        if (image != null) {
            return new OcrReading(image.toString(), region, ocr.recognize(codec.read(image), region, options));
        }
        ScreenCapture capture = screen;
        if (capture == null) {
            throw new VisionException(
                    VisionException.CAPTURE_UNAVAILABLE, "no screen capture service is available; give an image");
        }
        if (region == null) {
            return new OcrReading(null, null, ocr.recognize(capture.capture(null), null, options));
        }
        // only the region is captured: its words are then moved to screen coordinates
        return new OcrReading(
                null,
                region,
                ocr.recognize(capture.capture(region), null, options).movedTo(region));
    }

    @Override
    public ImageComparison compare(
            Path expected, Path actual, VisualCompareOptions options, Path diffOutput, Path report) {
        Frame expectedFrame = codec.read(expected);
        Frame actualFrame = codec.read(actual);
        VisualDiff diff;
        if (diffOutput != null) {
            DiffImage image = comparator.diffImage(expectedFrame, actualFrame, options);
            codec.writePng(image.image(), diffOutput);
            diff = image.diff();
        } else {
            diff = comparator.compare(expectedFrame, actualFrame, options);
        }
        ImageComparison comparison = new ImageComparison(
                expected.toString(),
                actual.toString(),
                diff,
                diffOutput == null ? null : diffOutput.toString(),
                report == null ? null : report.toString());
        if (report != null) {
            try {
                Path parent = report.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.write(report, REPORT.writeValueAsBytes(comparison));
            } catch (IOException e) {
                throw new VisionException(VisionException.IO_ERROR, "the report could not be written");
            }
        }
        return comparison;
    }

    @Override
    public UiStateResult state(List<Path> images, UiStateOptions options) {
        List<Frame> frames = new ArrayList<>();
        for (Path image : images) {
            frames.add(codec.read(image));
        }
        return states.detect(frames, options);
    }

    @Override
    public DetectedElements elements(
            Path image, UiElementDetectionOptions options, Path maskOutput, Path overlayOutput) {
        List<VisualElement> found = elements(codec.read(image), options, maskOutput, overlayOutput);
        return new DetectedElements(
                image.toString(),
                found,
                maskOutput == null ? null : maskOutput.toString(),
                overlayOutput == null ? null : overlayOutput.toString());
    }

    @Override
    public List<VisualElement> elements(
            Frame frame, UiElementDetectionOptions options, Path maskOutput, Path overlayOutput) {
        List<VisualElement> found = elements.detect(frame, options);
        if (maskOutput != null) {
            codec.writePng(elements.saliencyMask(frame, options), maskOutput);
        }
        if (overlayOutput != null) {
            codec.writePng(elements.overlay(frame, found), overlayOutput);
        }
        return found;
    }
}
