package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.macos.quartz.Display;

/**
 * How the macOS grab cuts a region in points out of a CoreGraphics display image (padded BGRA rows, more pixels than
 * points), and why it refuses. The fixture's display image has one pixel per 20 points.
 */
class QuartzScreenGrabTest {

    /** The fixture's 1440×900-point display gives a 72×45-pixel image whose rows are padded by 16 bytes. */
    private static final int STRIDE = 4 * 72 + 16;

    private static void paint(byte[] image, int x, int y, int rgb, int padding) {
        int at = y * STRIDE + 4 * x;
        image[at] = (byte) rgb;
        image[at + 1] = (byte) (rgb >> 8);
        image[at + 2] = (byte) (rgb >> 16);
        image[at + 3] = (byte) padding;
    }

    @Test
    void aRegionInPointsIsCutAtTheDisplaysPixelScaleAsOpaquePixels() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        byte[] image = new byte[STRIDE * 45];
        paint(image, 20, 10, 0x123456, 0);
        paint(image, 29, 14, 0xABCDEF, 0x40);
        paint(image, 30, 14, 0xFFFFFF, 0xFF); // one pixel right of the region
        desktop.screens.put(1L, image);

        Frame frame = new QuartzScreenGrab(desktop).pixels(new Region(400, 200, 200, 100));

        assertEquals(10, frame.width());
        assertEquals(5, frame.height());
        assertEquals(0xFF123456, frame.argb(0, 0));
        assertEquals(0xFFABCDEF, frame.argb(9, 4));
    }

    @Test
    void theScreenIsTheMainDisplayAndARegionAcrossDisplaysIsRefused() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.displays.add(new Display(2, 1440, 0, 1920, 1080, 1920, 1080));
        QuartzScreenGrab grab = new QuartzScreenGrab(desktop);

        assertEquals(new Region(0, 0, 1440, 900), grab.screenBounds());
        DesktopException refused =
                assertThrows(DesktopException.class, () -> grab.pixels(new Region(1400, 0, 100, 100)));
        assertEquals("invalid_region", refused.code());
    }

    @Test
    void withoutScreenRecordingOrDisplayImagesNothingIsCapturedAndTheReasonIsTold() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        QuartzScreenGrab grab = new QuartzScreenGrab(desktop);
        assertEquals(Optional.empty(), grab.unavailable());

        desktop.imagesServed = false;
        assertTrue(grab.unavailable().orElseThrow().contains("macOS 15"));

        desktop.screenRecording = false;
        assertTrue(grab.unavailable().orElseThrow().contains("Screen Recording"));
    }
}
