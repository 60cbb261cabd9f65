package org.praefectus.vision;

import java.nio.file.Path;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.vision.ocr.TesseractOcr;

/**
 * {@link OcrEngine} with Tesseract. A configuration change restarts the component rather than modifying it:
 * every Tesseract handle is bound to the trained-data folder it was initialised with.
 */
@Designate(ocd = OcrConfig.class)
@Component(service = OcrEngine.class, configurationPid = OcrConfig.PID)
public final class OcrComponent implements OcrEngine {

    /** {@link OcrConfig#tessdata()}'s default. */
    static final String DEBIAN_TESSDATA = "/usr/share/tesseract-ocr/5/tessdata";

    private final TesseractOcr ocr;

    @Activate
    public OcrComponent(OcrConfig config) {
        this.ocr = new TesseractOcr(
                tessdata(config.tessdata(), System.getenv("TESSDATA_PREFIX")),
                config.engines_per_thread(),
                config.omp_thread_limit());
    }

    /** The configured folder; Tesseract's {@code TESSDATA_PREFIX} where the configuration keeps the default. */
    static Path tessdata(String configured, String prefix) {
        boolean defaulted = configured.equals(DEBIAN_TESSDATA);
        return Path.of(defaulted && prefix != null && !prefix.isBlank() ? prefix : configured);
    }

    @Override
    public OcrResult recognize(Frame frame, Region region, OcrOptions options) {
        return ocr.recognize(frame, region, options);
    }

    @Override
    public List<String> languages() {
        return ocr.languages();
    }

    /** Frees every Tesseract handle. */
    @Deactivate
    void deactivate() {
        ocr.close();
    }
}
