package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.vision.Region;

/** The bounds of image arguments, checked before any pixel is decoded; surface bounds clipped to the screen. */
class ImageArgumentsTest {

    @TempDir
    Path dir;

    private static byte[] png(int width, int height) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }

    @Test
    void aBase64PngAndAnAbsoluteFileAreAccepted() throws IOException {
        byte[] png = png(3, 2);
        var fromBase64 =
                ImageArguments.png(Map.of("png_base64", Base64.getEncoder().encodeToString(png)), "image");
        assertArrayEquals(png, fromBase64.bytes());
        assertEquals("base64", fromBase64.source());
        Path file = Files.write(dir.resolve("a.png"), png);
        assertEquals(
                "file",
                ImageArguments.png(Map.of("path", file.toString()), "image").source());
    }

    @Test
    void aHugeCanvasDeclaredInTheHeaderIsRefusedBeforeDecoding() throws IOException {
        byte[] png = png(1, 1);
        // IHDR width and height: 65535 x 65535 (4 Gpx) in a file of a few bytes
        png[16] = 0;
        png[17] = 0;
        png[18] = (byte) 0xff;
        png[19] = (byte) 0xff;
        png[20] = 0;
        png[21] = 0;
        png[22] = (byte) 0xff;
        png[23] = (byte) 0xff;
        var e = assertThrows(
                ToolArguments.InvalidArgument.class,
                () -> ImageArguments.png(
                        Map.of("png_base64", Base64.getEncoder().encodeToString(png)), "image"));
        assertTrue(e.getMessage().contains("pixels"), e.getMessage());
    }

    @Test
    void notPngRelativePathsLinksBothSourcesAndOversizeAreRefused() throws IOException {
        String jpegLike = Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff, (byte) 0xd8, 1, 2, 3});
        assertThrows(
                ToolArguments.InvalidArgument.class, () -> ImageArguments.png(Map.of("png_base64", jpegLike), "image"));
        assertThrows(ToolArguments.InvalidArgument.class, () -> ImageArguments.png(Map.of("path", "a.png"), "image"));
        Path file = Files.write(dir.resolve("b.png"), png(1, 1));
        Path link = Files.createSymbolicLink(dir.resolve("link.png"), file);
        assertThrows(
                ToolArguments.InvalidArgument.class,
                () -> ImageArguments.png(Map.of("path", link.toString()), "image"));
        assertThrows(
                ToolArguments.InvalidArgument.class,
                () -> ImageArguments.png(Map.of("path", file.toString(), "png_base64", "x"), "image"));
        Path big = dir.resolve("big.png");
        Files.write(big, png(1, 1));
        Files.write(big, new byte[ImageArguments.MAX_PNG_BYTES], java.nio.file.StandardOpenOption.APPEND);
        assertThrows(
                ToolArguments.InvalidArgument.class, () -> ImageArguments.png(Map.of("path", big.toString()), "image"));
        String tooLong = "A".repeat((ImageArguments.MAX_PNG_BYTES / 3 + 2) * 4);
        assertThrows(
                ToolArguments.InvalidArgument.class, () -> ImageArguments.png(Map.of("png_base64", tooLong), "image"));
    }

    /**
     * Regression (issue 17, defect 9): a path outside the allowed directories told whether the file existed
     * ("must be a regular file" against "not a PNG").
     */
    @Test
    void aPathOutsideTheAllowedDirectoriesIsRefusedAlikeWhetherOrNotItExists() {
        String existing = assertThrows(
                        ToolArguments.InvalidArgument.class,
                        () -> ImageArguments.png(Map.of("path", "/etc/hostname"), "image"))
                .getMessage();
        String missing = assertThrows(
                        ToolArguments.InvalidArgument.class,
                        () -> ImageArguments.png(Map.of("path", "/etc/no-such-file-here.png"), "image"))
                .getMessage();
        String inside = assertThrows(
                        ToolArguments.InvalidArgument.class,
                        () -> ImageArguments.png(
                                Map.of("path", System.getProperty("java.io.tmpdir") + "/no-such-file-here.png"),
                                "image"))
                .getMessage();
        assertEquals(existing, missing);
        assertEquals(existing, inside);
    }

    @Test
    void aSurfaceIsClippedToTheScreenAndOffScreenIsUnknown() throws Exception {
        Region screen = new Region(0, 0, 1280, 800);
        assertEquals(new Region(0, 10, 100, 50), ScreenSource.clip(new Rect(-20, 10, 120, 50), screen));
        assertEquals(new Region(1200, 700, 80, 100), ScreenSource.clip(new Rect(1200, 700, 300, 300), screen));
        assertThrows(ScreenSource.UnknownSurface.class, () -> ScreenSource.clip(new Rect(2000, 0, 10, 10), screen));
        assertThrows(ScreenSource.UnknownSurface.class, () -> ScreenSource.clip(null, screen));
    }
}
