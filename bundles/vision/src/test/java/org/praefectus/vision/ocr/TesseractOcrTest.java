package org.praefectus.vision.ocr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisionException;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.testing.Drawing;

/** Real Tesseract through Tess4J on images drawn here. */
class TesseractOcrTest {

    static final Path TESSDATA = Path.of("/usr/share/tesseract-ocr/5/tessdata");
    static TesseractOcr ocr;

    @BeforeAll
    static void start() {
        ocr = new TesseractOcr(TESSDATA, 4, 1);
    }

    @AfterAll
    static void stop() {
        ocr.close();
    }

    @Test
    void readsRenderedWordsWithBoxesInsideTheDrawnText() {
        Frame frame;
        Region first;
        Region second;
        try (Drawing d = Drawing.white(640, 200)) {
            first = d.text("Invoice total 4812", 40, 30, 32, Color.BLACK);
            second = d.text("Submit order", 40, 110, 32, Color.BLACK);
            frame = d.frame();
        }
        OcrResult result = ocr.recognize(frame, null, OcrOptions.DEFAULTS);
        assertEquals("Invoice total 4812\nSubmit order", result.text());
        assertEquals(5, result.words().size());
        assertEquals(2, result.blocks().size());
        for (VisualElement word : result.words().subList(0, 3)) {
            assertTrue(first.contains(word.bounds()), word + " inside " + first);
            assertTrue(word.confidence() > 0.8, word::toString);
        }
        for (VisualElement word : result.words().subList(3, 5)) {
            assertTrue(second.contains(word.bounds()), word + " inside " + second);
        }
        assertEquals(VisualElement.ROLE_TEXT, result.blocks().get(0).role());
        assertTrue(first.contains(result.blocks().get(0).bounds()));
    }

    @Test
    void regionIsCroppedAndMappedBack() {
        Frame frame;
        Region target;
        try (Drawing d = Drawing.white(800, 300)) {
            d.text("Ignore this line", 20, 20, 28, Color.BLACK);
            target = d.text("Target words", 420, 200, 28, Color.BLACK);
            frame = d.frame();
        }
        OcrResult result = ocr.recognize(frame, new Region(400, 180, 380, 80), OcrOptions.DEFAULTS);
        assertEquals("Target words", result.text());
        for (VisualElement word : result.words()) {
            assertTrue(target.contains(word.bounds()), word + " inside " + target);
        }
    }

    @Test
    void handleIsReusedPerThread() {
        Frame frame;
        try (Drawing d = Drawing.white(300, 80)) {
            d.text("Again", 10, 10, 30, Color.BLACK);
            frame = d.frame();
        }
        ocr.recognize(frame, null, OcrOptions.DEFAULTS);
        int before = ocr.engineCount();
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    "Again", ocr.recognize(frame, null, OcrOptions.DEFAULTS).text());
        }
        assertEquals(before, ocr.engineCount());
    }

    @Test
    void unknownLanguageIsAClearError() {
        Frame frame;
        try (Drawing d = Drawing.white(100, 40)) {
            frame = d.frame();
        }
        VisionException e = assertThrows(
                VisionException.class, () -> ocr.recognize(frame, null, OcrOptions.DEFAULTS.withLanguage("xyz")));
        assertEquals(VisionException.UNKNOWN_LANGUAGE, e.code());
    }

    @Test
    void regionOutsideTheFrameIsRefused() {
        Frame frame;
        try (Drawing d = Drawing.white(100, 40)) {
            frame = d.frame();
        }
        VisionException e = assertThrows(
                VisionException.class, () -> ocr.recognize(frame, new Region(50, 10, 80, 10), OcrOptions.DEFAULTS));
        assertEquals(VisionException.INVALID_REGION, e.code());
    }

    @Test
    void languagesListsTheInstalledTrainedData() {
        List<String> languages = ocr.languages();
        assertTrue(languages.contains("eng"), languages::toString);
    }
}
