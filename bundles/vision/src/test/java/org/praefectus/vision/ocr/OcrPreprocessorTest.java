package org.praefectus.vision.ocr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.OcrPreprocessing;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.vision.testing.Drawing;

/** The preprocessing steps on pictures drawn here, without Tesseract. */
class OcrPreprocessorTest {

    private static final OcrPreprocessing INVERT = new OcrPreprocessing(null, false, null, true, null, false);
    private static final OcrPreprocessing DESKEW = new OcrPreprocessing(null, false, null, false, null, true);

    private static Frame colourful() {
        try (Drawing d = new Drawing(120, 60, new Color(12, 200, 90))) {
            d.fill(new Region(10, 10, 40, 20), new Color(250, 3, 128));
            d.text("Ab", 60, 10, 30, Color.BLUE);
            return d.frame();
        }
    }

    private static PreparedImage prepare(Frame frame, OcrPreprocessing steps) {
        return OcrPreprocessor.prepare(frame, frame.bounds(), steps);
    }

    @Test
    void invertTwiceIsTheIdentity() {
        Frame frame = colourful();
        byte[] original = OcrPreprocessor.rgb(frame, frame.bounds());
        PreparedImage once = prepare(frame, INVERT);
        assertEquals(3, once.bytesPerPixel());
        for (int i = 0; i < original.length; i++) {
            assertEquals(255 - (original[i] & 0xff), once.pixels()[i] & 0xff, "byte " + i);
        }
        PreparedImage twice =
                prepare(Frame.packed(once.width(), once.height(), PixelFormat.RGB8, once.pixels()), INVERT);
        assertArrayEquals(original, twice.pixels());
    }

    @Test
    void thresholdOutputIsBinaryAndSplitsAtTheLevel() {
        Frame ramp;
        try (Drawing d = Drawing.white(256, 4)) {
            for (int x = 0; x < 256; x++) {
                d.fill(new Region(x, 0, 1, 4), new Color(x, x, x));
            }
            ramp = d.frame();
        }
        PreparedImage binary = prepare(ramp, new OcrPreprocessing(null, false, 100, false, null, false));
        assertEquals(1, binary.bytesPerPixel());
        assertEquals(256 * 4, binary.pixels().length);
        for (int i = 0; i < binary.pixels().length; i++) {
            int value = binary.pixels()[i] & 0xff;
            int grey = i % 256;
            assertEquals(grey > 100 ? 255 : 0, value, "grey level " + grey);
        }
    }

    @Test
    void grayscaleIsLuminance() {
        Frame red = Frame.packed(1, 1, PixelFormat.RGBA8, new byte[] {(byte) 255, 0, 0, (byte) 255});
        PreparedImage grey = prepare(red, new OcrPreprocessing(null, true, null, false, null, false));
        assertEquals(1, grey.bytesPerPixel());
        assertEquals(Math.round(0.2126 * 255), grey.pixels()[0] & 0xff);
    }

    @Test
    void contrastStretchesAroundMidGreyAndClips() {
        Frame greys;
        try (Drawing d = Drawing.white(3, 1)) {
            d.fill(new Region(0, 0, 1, 1), new Color(120, 120, 120));
            d.fill(new Region(1, 0, 1, 1), new Color(136, 136, 136));
            d.fill(new Region(2, 0, 1, 1), new Color(200, 200, 200));
            greys = d.frame();
        }
        byte[] stretched = prepare(greys, new OcrPreprocessing(null, false, null, false, 4.0, false))
                .pixels();
        assertEquals(96, stretched[0] & 0xff);
        assertEquals(160, stretched[3] & 0xff);
        assertEquals(255, stretched[6] & 0xff);
    }

    @Test
    void deskewMeasuresTheAngleOfARotatedLinePattern() {
        for (double degrees : new double[] {-7, -3, 2.5, 5, 11}) {
            PreparedImage level = prepare(lines(degrees), DESKEW);
            assertEquals(-degrees, level.rotation(), 0.3, "pattern rotated by " + degrees);
            assertEquals(List.of(), level.warnings());
        }
        assertEquals(0, prepare(lines(0), DESKEW).rotation(), "a level pattern is left alone");
    }

    @Test
    void deskewLeavesAnglesAboveFifteenDegreesAloneWithAWarning() {
        PreparedImage steep = prepare(lines(18), DESKEW);
        assertEquals(0, steep.rotation());
        assertEquals(List.of("deskew skipped: the estimated skew exceeds 15 degrees"), steep.warnings());
    }

    @Test
    void deskewedWordBoxesMapBackIntoTheSourceFrame() {
        PreparedImage level = prepare(lines(6), DESKEW);
        Region centre = level.toSource(
                level.width() / 2 - 10,
                level.height() / 2 - 10,
                level.width() / 2 + 10,
                level.height() / 2 + 10,
                new Region(0, 0, level.width(), level.height()));
        // rotation about the centre keeps the centre; the rotated 20x20 box's bounds grow a little
        assertTrue(centre.contains(level.width() / 2, level.height() / 2), centre::toString);
        assertTrue(centre.width() >= 20 && centre.width() <= 24, centre::toString);
    }

    /** Thick horizontal strokes, like lines of text, rotated clockwise by {@code degrees} about the centre. */
    private static Frame lines(double degrees) {
        try (Drawing d = Drawing.white(600, 400)) {
            Graphics2D g = d.graphics();
            g.rotate(Math.toRadians(degrees), 300, 200);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(6));
            for (int y = 80; y <= 320; y += 30) {
                g.drawLine(120, y, 480, y);
            }
            return d.frame();
        }
    }
}
