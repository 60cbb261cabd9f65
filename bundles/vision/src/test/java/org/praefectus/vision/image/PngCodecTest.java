package org.praefectus.vision.image;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.VisionException;

class PngCodecTest {

    private final PngCodec codec = new PngCodec();

    @Test
    void roundTripKeepsPixelsAndAlpha(@TempDir Path dir) {
        byte[] bgra = {1, 2, 3, 4, 10, 20, 30, (byte) 255, 0, 0, 0, 0, (byte) 200, (byte) 100, 50, (byte) 128};
        Frame frame = new Frame(2, 2, 8, PixelFormat.BGRA8, bgra);
        Path file = dir.resolve("nested/frame.png");
        codec.writePng(frame, file);
        Frame read = codec.read(file);
        assertEquals(PixelFormat.RGBA8, read.format());
        for (int y = 0; y < 2; y++) {
            for (int x = 0; x < 2; x++) {
                assertEquals(frame.argb(x, y), read.argb(x, y));
            }
        }
    }

    @Test
    void stridePaddingIsHonoured() {
        byte[] rgb = {1, 2, 3, 9, 9, 4, 5, 6, 9, 9};
        Frame frame = new Frame(1, 2, 5, PixelFormat.RGB8, rgb);
        Frame read = codec.decode(codec.encodePng(frame));
        assertArrayEquals(new byte[] {1, 2, 3, (byte) 255, 4, 5, 6, (byte) 255}, read.copyPixels());
    }

    @Test
    void corruptPngIsAClearError(@TempDir Path dir) throws Exception {
        byte[] png = codec.encodePng(Frame.packed(4, 4, PixelFormat.RGB8, new byte[48]));
        byte[] truncated = Arrays.copyOf(png, png.length / 2);
        VisionException e = assertThrows(VisionException.class, () -> codec.decode(truncated));
        assertEquals(VisionException.INVALID_IMAGE, e.code());
        assertEquals(
                VisionException.INVALID_IMAGE,
                assertThrows(VisionException.class, () -> codec.decode("not an image".getBytes(UTF_8)))
                        .code());
        assertEquals(
                VisionException.IO_ERROR,
                assertThrows(VisionException.class, () -> codec.read(dir.resolve("missing.png")))
                        .code());
        Path garbage = Files.write(dir.resolve("garbage.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3});
        assertEquals(
                VisionException.INVALID_IMAGE,
                assertThrows(VisionException.class, () -> codec.read(garbage)).code());
    }

    @Test
    void framesRefuseInconsistentSizes() {
        assertThrows(VisionException.class, () -> Frame.packed(2, 2, PixelFormat.RGBA8, new byte[15]));
        assertThrows(VisionException.class, () -> new Frame(2, 2, 7, PixelFormat.RGBA8, new byte[64]));
        assertThrows(VisionException.class, () -> Frame.packed(0, 2, PixelFormat.RGBA8, new byte[64]));
    }
}
