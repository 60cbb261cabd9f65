package org.praefectus.nativecore.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;

class ScreenPixelsTest {

    @Test
    void aRectangleIsCutFromPaddedRowsAndMadeOpaque() throws Exception {
        // 3×2 pixels, rows padded to 16 bytes; the fourth byte is whatever the platform left there
        byte[] image = new byte[16 * 2];
        image[16 + 4] = 0x01;
        image[16 + 5] = 0x02;
        image[16 + 6] = 0x03;
        image[16 + 7] = 0x00;

        Frame cut = ScreenPixels.cut(image, 16, 3, 2, new Region(1, 1, 2, 1));

        assertEquals(2, cut.width());
        assertEquals(1, cut.height());
        assertEquals(0xFF030201, cut.argb(0, 0));
        assertEquals(0xFF000000, cut.argb(1, 0));
    }

    @Test
    void aRectangleLeavingTheImageIsInvalid() {
        DesktopException refused = assertThrows(
                DesktopException.class, () -> ScreenPixels.cut(new byte[16 * 2], 16, 3, 2, new Region(2, 0, 2, 1)));

        assertEquals("invalid_region", refused.code());
    }
}
