package org.praefectus.vision.ocr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrEngine;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.image.FrameImages;

/**
 * OCR with Tesseract through Tess4J's JNA mapping of the C API: the frame's pixels go to Tesseract from
 * memory (no temporary files, no TSV parsing), and each thread reuses its initialised handles.
 */
public final class TesseractOcr implements OcrEngine, AutoCloseable {

    /** No resolution given: Tesseract then estimates it from the text's x-height, which suits screens. */
    static final int ESTIMATE_DPI = 0;

    private static final int DEFAULT_ENGINE_MODE = 3;

    private final Path dataPath;
    private final TesseractEngines engines;

    /**
     * @param dataPath          the tessdata folder, e.g. {@code /usr/share/tesseract-ocr/5/tessdata}
     * @param enginesPerThread  initialised handles each thread keeps (distinct languages/variables)
     * @param ompThreadLimit    OpenMP threads for Tesseract, put into the environment before it loads
     */
    public TesseractOcr(Path dataPath, int enginesPerThread, int ompThreadLimit) {
        this.dataPath = dataPath;
        OmpThreadLimit.apply(ompThreadLimit);
        this.engines = new TesseractEngines(dataPath.toString(), enginesPerThread);
    }

    @Override
    public OcrResult recognize(Frame frame, Region region, OcrOptions options) {
        Region crop = region == null ? frame.bounds() : FrameImages.requireInside(frame, region);
        for (String language : options.language().split("\\+")) {
            if (!Files.isRegularFile(dataPath.resolve(language + ".traineddata"))) {
                throw new VisionException(
                        VisionException.UNKNOWN_LANGUAGE,
                        "no trained data is installed for the OCR language " + language);
            }
        }
        PreparedImage prepared = OcrPreprocessor.prepare(frame, crop, options.preprocessing());
        EngineKey key = new EngineKey(
                options.language(),
                options.engineMode() == null ? DEFAULT_ENGINE_MODE : options.engineMode(),
                options.whitelist(),
                options.variables());
        int dpi = options.dpi() == null ? ESTIMATE_DPI : options.dpi();
        if (options.preprocessing().scale() != null && options.dpi() != null) {
            dpi = (int) Math.round(dpi * prepared.scale());
        }
        List<OcrWord> raw = engines.engine(key)
                .recognize(
                        prepared.pixels(),
                        prepared.width(),
                        prepared.height(),
                        prepared.bytesPerPixel(),
                        options.pageSegmentationMode(),
                        dpi);
        return result(raw, prepared, crop, options.minConfidence());
    }

    private static OcrResult result(List<OcrWord> raw, PreparedImage prepared, Region crop, double minConfidence) {
        List<VisualElement> words = new ArrayList<>();
        Map<Integer, List<VisualElement>> lines = new LinkedHashMap<>();
        for (OcrWord word : raw) {
            double confidence = Math.max(0, Math.min(1, word.confidence() / 100.0));
            if (confidence < minConfidence) {
                continue;
            }
            Region bounds = prepared.toSource(word.left(), word.top(), word.right(), word.bottom(), crop);
            if (bounds == null) {
                continue;
            }
            VisualElement element = new VisualElement(
                    "ocr-word:" + id(bounds), VisualElement.ROLE_WORD, word.text(), bounds, confidence, List.of());
            words.add(element);
            lines.computeIfAbsent(word.line(), l -> new ArrayList<>()).add(element);
        }
        List<VisualElement> blocks = new ArrayList<>();
        for (List<VisualElement> line : lines.values()) {
            StringBuilder text = new StringBuilder();
            Region bounds = null;
            double confidence = 0;
            for (VisualElement word : line) {
                text.append(text.length() == 0 ? "" : " ").append(word.label());
                bounds = bounds == null ? word.bounds() : bounds.union(word.bounds());
                confidence += word.confidence();
            }
            blocks.add(new VisualElement(
                    "ocr:" + id(bounds),
                    VisualElement.ROLE_TEXT,
                    text.toString(),
                    bounds,
                    confidence / line.size(),
                    List.of()));
        }
        String text =
                String.join("\n", blocks.stream().map(VisualElement::label).toList());
        return new OcrResult("tesseract", text, blocks, words, prepared.warnings());
    }

    private static String id(Region bounds) {
        return bounds.x() + ":" + bounds.y() + ":" + bounds.width() + ":" + bounds.height();
    }

    @Override
    public List<String> languages() {
        try (Stream<Path> files = Files.list(dataPath)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".traineddata"))
                    .map(n -> n.substring(0, n.length() - ".traineddata".length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new VisionException(VisionException.IO_ERROR, "the trained-data folder could not be listed", e);
        }
    }

    /** Handles alive now, for tests. */
    int engineCount() {
        return engines.size();
    }

    @Override
    public void close() {
        engines.close();
    }
}
