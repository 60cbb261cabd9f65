package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.Region;
import org.praefectus.windows.uia.Monitor;

/** How the Windows grab cuts a region out of GDI's copy of the virtual screen (BGRX rows), and why it refuses. */
class GdiScreenGrabTest {

    @TempDir
    java.nio.file.Path directory;

    @Test
    void aRegionIsCutOutOfTheVirtualScreenAsOpaquePixels() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("notepad"), directory);
        byte[] screen = win.desktop.screen;
        int at = 4 * (5 * 64 + 10); // x 10, y 5 of the 64×36 fixture screen
        screen[at] = 0x56;
        screen[at + 1] = 0x34;
        screen[at + 2] = 0x12;
        int last = 4 * (7 * 64 + 13);
        screen[last + 2] = (byte) 0xAB;

        Frame frame = win.executor.screenGrab().pixels(new Region(10, 5, 4, 3));

        assertEquals(4, frame.width());
        assertEquals(3, frame.height());
        assertEquals(0xFF123456, frame.argb(0, 0));
        assertEquals(0xFFAB0000, frame.argb(3, 2));
        DesktopException outside = assertThrows(
                DesktopException.class, () -> win.executor.screenGrab().pixels(new Region(60, 30, 10, 10)));
        assertEquals("invalid_region", outside.code());
    }

    @Test
    void theScreenIsEveryMonitorTogether() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("notepad"), directory);
        win.desktop.monitors.add(new Monitor("\\\\.\\DISPLAY2", -1920, 0, 1920, 1080, 96));

        assertEquals(new Region(-1920, 0, 4480, 1440), win.executor.screenGrab().screenBounds());
    }

    @Test
    void withoutAnInteractiveDesktopNothingIsCapturedAndTheReasonIsTold() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("notepad"), directory);
        assertEquals(Optional.empty(), win.executor.screenGrab().unavailable());

        win.desktop.captureRefused = true;

        assertTrue(win.executor.screenGrab().unavailable().orElseThrow().contains("not interactive"));
    }
}
