package org.praefectus.vision.ocr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrOptions;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.OcrResult;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.VisualElement;
import org.praefectus.vision.testing.Drawing;

/** Deskew, invert and contrast in front of real Tesseract, each checked for its effect on the image and the text. */
class OcrPreprocessingTest {

    private static final String LINE = "Quarterly report shipped to warehouse";
    private static TesseractOcr ocr;

    @BeforeAll
    static void start() {
        ocr = new TesseractOcr(TesseractOcrTest.TESSDATA, 4, 1);
    }

    @AfterAll
    static void stop() {
        ocr.close();
    }

    @Test
    void deskewLevelsRotatedTextThatTesseractMisreadsWithout() {
        double degrees = 8;
        Frame frame;
        try (Drawing d = Drawing.white(900, 500)) {
            Graphics2D g = d.graphics();
            g.rotate(Math.toRadians(degrees), 450, 250);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 26));
            for (int i = 0; i < 4; i++) {
                g.drawString(LINE + " " + (char) ('A' + i), 120, 150 + i * 45);
            }
            frame = d.frame();
        }
        String expected = String.join("\n", LINE + " A", LINE + " B", LINE + " C", LINE + " D");
        OcrPreprocessing deskew = new OcrPreprocessing(null, false, null, false, null, true);

        assertNotEquals(
                expected,
                ocr.recognize(frame, null, OcrOptions.DEFAULTS).text(),
                "without deskew Tesseract misreads text rotated by 8 degrees");
        OcrResult levelled = ocr.recognize(frame, null, OcrOptions.DEFAULTS.withPreprocessing(deskew));
        assertEquals(expected, levelled.text());
        assertEquals(
                -degrees, OcrPreprocessor.prepare(frame, frame.bounds(), deskew).rotation(), 0.3);
        for (VisualElement word : levelled.words()) {
            assertTrue(new Region(60, 60, 800, 380).contains(word.bounds()), word::toString);
        }
    }

    @Test
    void invertTurnsLightOnDarkTextIntoDarkOnLight() {
        TwoLines picture = new TwoLines(new Color(20, 40, 90), new Color(250, 250, 250));
        OcrPreprocessing invert = new OcrPreprocessing(null, false, null, true, null, false);
        PreparedImage prepared = OcrPreprocessor.prepare(picture.frame, picture.frame.bounds(), invert);
        assertEquals(255 - 20, prepared.pixels()[0] & 0xff, "the dark blue background turns light");
        assertEquals(255 - 90, prepared.pixels()[2] & 0xff);
        assertTrue(darkest(prepared, picture.first) < 40, "the white text turns dark");
        OcrResult result = picture.read(invert);
        assertTrue(result.words().stream().allMatch(w -> w.confidence() > 0.85), result.words()::toString);
    }

    @Test
    void contrastSeparatesLowContrastTextFromItsBackground() {
        TwoLines picture = new TwoLines(new Color(140, 140, 140), new Color(122, 122, 122));
        OcrPreprocessing contrast = new OcrPreprocessing(null, false, null, false, 8.0, false);
        PreparedImage prepared = OcrPreprocessor.prepare(picture.frame, picture.frame.bounds(), contrast);
        assertEquals(128 + 12 * 8, prepared.pixels()[0] & 0xff, "background 140 moves to 224");
        assertEquals(
                128 - 6 * 8, darkest(prepared, picture.first), "text 122 moves to 80: 144 levels apart instead of 18");
        picture.read(contrast);
    }

    /** Two lines of text in one colour on a background of another. */
    private static final class TwoLines {
        final Frame frame;
        final Region first;

        TwoLines(Color background, Color text) {
            try (Drawing d = new Drawing(900, 220, background)) {
                first = d.text(LINE + " A", 60, 40, 26, text);
                d.text("Invoice 4812 settled", 60, 130, 26, text);
                frame = d.frame();
            }
        }

        /** Recognises with {@code steps}, asserting the exact text and the first line's word boxes. */
        OcrResult read(OcrPreprocessing steps) {
            OcrResult result = ocr.recognize(frame, null, OcrOptions.DEFAULTS.withPreprocessing(steps));
            assertEquals(LINE + " A\nInvoice 4812 settled", result.text());
            for (VisualElement word : result.words().subList(0, 6)) {
                assertTrue(first.contains(word.bounds()), word + " inside " + first);
            }
            return result;
        }
    }

    /** The darkest red value inside {@code box} of an RGB prepared image. */
    private static int darkest(PreparedImage image, Region box) {
        int darkest = 255;
        for (int y = box.y(); y < box.bottom(); y++) {
            for (int x = box.x(); x < box.right(); x++) {
                darkest = Math.min(darkest, image.pixels()[(y * image.width() + x) * 3] & 0xff);
            }
        }
        return darkest;
    }
}
