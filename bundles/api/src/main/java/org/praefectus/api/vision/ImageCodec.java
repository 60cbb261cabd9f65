package org.praefectus.api.vision;

import java.nio.file.Path;
import org.osgi.annotation.versioning.ProviderType;

/** Decodes images to frames and encodes frames as PNG. */
@ProviderType
public interface ImageCodec {

    /**
     * Decodes PNG (or any format the platform's image reader knows) to an RGBA8 frame.
     *
     * @throws VisionException {@code invalid_image} when the bytes are not a decodable image
     */
    Frame decode(byte[] image);

    /**
     * Reads and decodes an image file.
     *
     * @throws VisionException {@code io_error} when the file cannot be read, {@code invalid_image} when it
     *                         cannot be decoded
     */
    Frame read(Path file);

    /** Encodes a frame as PNG, keeping alpha when the frame has it. */
    byte[] encodePng(Frame frame);

    /**
     * Writes a frame as a PNG file, creating missing parent folders.
     *
     * @throws VisionException {@code io_error} when the file cannot be written
     */
    void writePng(Frame frame, Path file);
}
