package org.praefectus.macos.executor;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.praefectus.macos.quartz.ScreenImage;

/**
 * A CoreGraphics display image (BGRA rows) as an 8-bit RGB PNG. The JDK's image I/O would pull the desktop
 * module into the bundle's imports for one file format.
 */
final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private PngEncoder() {}

    static byte[] encode(ScreenImage image) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(SIGNATURE);
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        writeInt(header, image.width());
        writeInt(header, image.height());
        header.writeBytes(new byte[] {8, 2, 0, 0, 0}); // 8 bits, truecolour, deflate, no filter, no interlace
        chunk(png, "IHDR", header.toByteArray());
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(raw, new Deflater(Deflater.BEST_SPEED))) {
            byte[] row = new byte[1 + 3 * image.width()];
            for (int y = 0; y < image.height(); y++) {
                int offset = y * image.bytesPerRow();
                for (int x = 0; x < image.width(); x++) {
                    int pixel = offset + 4 * x;
                    row[1 + 3 * x] = image.pixels()[pixel + 2];
                    row[2 + 3 * x] = image.pixels()[pixel + 1];
                    row[3 + 3 * x] = image.pixels()[pixel];
                }
                deflate.write(row);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e); // in memory: cannot happen
        }
        chunk(png, "IDAT", raw.toByteArray());
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        writeInt(png, data.length);
        png.writeBytes(name);
        png.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        writeInt(png, (int) crc.getValue());
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }
}
