package org.praefectus.vision;

import java.nio.file.Path;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.ImageCodec;
import org.praefectus.vision.image.PngCodec;

/** {@link ImageCodec} over the JDK's ImageIO. */
@Component(service = ImageCodec.class)
public final class ImageCodecComponent implements ImageCodec {

    private final PngCodec codec = new PngCodec();

    @Override
    public Frame decode(byte[] image) {
        return codec.decode(image);
    }

    @Override
    public Frame read(Path file) {
        return codec.read(file);
    }

    @Override
    public byte[] encodePng(Frame frame) {
        return codec.encodePng(frame);
    }

    @Override
    public void writePng(Frame frame, Path file) {
        codec.writePng(frame, file);
    }
}
