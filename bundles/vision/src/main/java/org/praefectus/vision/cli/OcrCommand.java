package org.praefectus.vision.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.vision.ImageAnalysis;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;

/**
 * {@code ocr [--image FILE] [--region x,y,w,h] [options]}: text of an image file, or of the live screen
 * when no image is given ({@link ImageAnalysis#ocr}).
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

    private final ImageAnalysis analysis;

    @Activate
    public OcrCommand(@Reference ImageAnalysis analysis) {
        this.analysis = analysis;
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
            return analysis.ocr(image == null ? null : Path.of(image), region, options);
        } catch (VisionException e) {
            throw VisionOptions.failure(e);
        }
    }

    private static OcrOptions options(Options flags) throws CliCommandException {
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
                    OcrOptions.variables(flags.all("config")),
                    preprocessing);
        } catch (VisionException e) {
            throw VisionOptions.usage(NAME, e);
        }
    }
}
