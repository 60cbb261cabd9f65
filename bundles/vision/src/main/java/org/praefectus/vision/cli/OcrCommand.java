package org.praefectus.vision.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualElement;

/**
 * {@code ocr [--image FILE] [--region x,y,w,h] [options]}: text of an image file, or of the live screen
 * through the {@link ScreenCapture} service when no image is given.
 */
@Component(service = CliCommand.class)
@Command(OcrCommand.NAME)
public final class OcrCommand implements CliCommand {

    static final String NAME = "ocr";
    private static final Set<String> VALUED = Set.of(
            "image",
            "region",
            "language",
            "psm",
            "page-segmentation-mode",
            "oem",
            "engine-mode",
            "dpi",
            "min-confidence",
            "whitelist",
            "config",
            "scale",
            "threshold",
            "contrast");
    private static final Set<String> SWITCHES = Set.of("grayscale", "invert", "deskew");

    private final OcrEngine ocr;
    private final ImageCodec codec;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ScreenCapture screen;

    @Activate
    public OcrCommand(@Reference OcrEngine ocr, @Reference ImageCodec codec) {
        this.ocr = ocr;
        this.codec = codec;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "recognise text (Tesseract) in an image file or on the screen; lines and words with bounds";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(NAME, arguments, VALUED, SWITCHES, Set.of("config"));
        String image = flags.value("image");
        if (image == null && flags.positional().size() == 1) {
            image = flags.positional().get(0);
        } else if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage(NAME + ": give at most one image");
        }
        Region region = VisionOptions.region(flags, "region");
        OcrOptions options = options(flags);
        try {
            Frame frame;
            if (image != null) {
                frame = codec.read(Path.of(image));
            } else {
                ScreenCapture capture = screen;
                if (capture == null) {
                    throw new VisionException(
                            VisionException.CAPTURE_UNAVAILABLE,
                            "no screen capture service is available; give --image");
                }
                // capture only the region; its words are then reported in screen coordinates
                frame = capture.capture(region);
                if (region != null) {
                    return shifted(ocr.recognize(frame, null, options), region, image);
                }
            }
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("image", image);
            data.put("region", region);
            data.put("result", ocr.recognize(frame, region, options));
            return data;
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
    }

    /** A result for a captured region, moved from region to screen coordinates. */
    private static Map<String, Object> shifted(OcrResult result, Region region, String image) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("image", image);
        data.put("region", region);
        data.put(
                "result",
                new OcrResult(
                        result.backend(),
                        result.text(),
                        result.blocks().stream().map(e -> moved(e, region)).toList(),
                        result.words().stream().map(e -> moved(e, region)).toList(),
                        result.warnings()));
        return data;
    }

    private static VisualElement moved(VisualElement e, Region region) {
        return new VisualElement(
                e.id(), e.role(), e.label(), e.bounds().translate(region.x(), region.y()), e.confidence(), e.states());
    }

    private static OcrOptions options(Options flags) throws CliCommandException {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String entry : flags.all("config")) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw CliCommandException.usage(NAME + ": --config is key=value");
            }
            variables.put(entry.substring(0, equals).trim(), entry.substring(equals + 1));
        }
        Integer psm = flags.integer("psm", 0, 13);
        Integer psmLong = flags.integer("page-segmentation-mode", 0, 13);
        Integer oem = flags.integer("oem", 0, 3);
        Integer oemLong = flags.integer("engine-mode", 0, 3);
        try {
            OcrPreprocessing preprocessing = new OcrPreprocessing(
                    flags.decimal("scale", 0.1, 8),
                    flags.has("grayscale"),
                    flags.integer("threshold", 0, 255),
                    flags.has("invert"),
                    flags.decimal("contrast", 0.1, 10),
                    flags.has("deskew"));
            String language = flags.value("language");
            return new OcrOptions(
                    language == null ? "eng" : language,
                    psm != null ? psm : psmLong != null ? psmLong : 6,
                    oem != null ? oem : oemLong,
                    flags.integer("dpi", 1, 2400),
                    flags.decimal("min-confidence", 0, 0, 1),
                    flags.value("whitelist"),
                    variables,
                    preprocessing);
        } catch (VisionException e) {
            throw VisionOptions.usage(NAME, e);
        }
    }
}
