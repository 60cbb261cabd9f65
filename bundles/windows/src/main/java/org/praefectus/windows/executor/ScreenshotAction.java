package org.praefectus.windows.executor;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.nativecore.CoordinateFence;
import org.praefectus.windows.acl.WindowsPrivateState;
import org.praefectus.windows.uia.ScreenImage;

/**
 * The authorized {@code screenshot}: the coordinate fence checked again, the virtual screen as GDI copies it,
 * written as a new PNG at the signed path, which must lie directly in the owner-only screenshot directory.
 */
final class ScreenshotAction {

    private final CoordinateFence coordinates;
    private final GdiScreen screen;
    private final WindowsPrivateState privateState;
    private final Path directory;

    ScreenshotAction(CoordinateFence coordinates, GdiScreen screen, WindowsPrivateState privateState, Path directory) {
        this.coordinates = coordinates;
        this.screen = screen;
        this.privateState = privateState;
        this.directory = directory;
    }

    void dispatch(
            Action.Screenshot screenshot, ResolvedTarget target, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Native nativeTarget
                && nativeTarget.handle() instanceof TargetRef.Coordinates point)) {
            throw DispatchException.unsupported("screenshot needs a fenced coordinate target");
        }
        byte[] png;
        Path file;
        try {
            coordinates.check(point);
            // the signed path must lie in the host's private directory
            file = screenshot
                    .fileIn(privateState.directory(directory))
                    .orElseThrow(() -> new DispatchException(
                            EffectKnowledge.NO_EFFECT,
                            FailureCode.PERMISSION_DENIED,
                            "the screenshot path is outside the host's screenshot directory"));
            png = png(screen.capture());
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        } catch (IOException e) {
            throw DispatchException.unsupported("private screenshot directory is unavailable");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        try {
            privateState.writeNew(file, png);
        } catch (FileAlreadyExistsException e) {
            throw DispatchException.noEffect("the screenshot file already exists");
        } catch (IOException e) {
            throw DispatchException.ambiguous("screenshot file may be incomplete");
        }
    }

    /** GDI's BGRX rows as an RGB PNG. */
    static byte[] png(ScreenImage image) throws IOException {
        BufferedImage rgb = new BufferedImage(image.width(), image.height(), BufferedImage.TYPE_INT_RGB);
        byte[] pixels = image.pixels();
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                int at = 4 * (y * image.width() + x);
                rgb.setRGB(x, y, (pixels[at + 2] & 0xff) << 16 | (pixels[at + 1] & 0xff) << 8 | (pixels[at] & 0xff));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(rgb, "png", out)) {
            throw new IOException("no PNG writer");
        }
        return out.toByteArray();
    }
}
