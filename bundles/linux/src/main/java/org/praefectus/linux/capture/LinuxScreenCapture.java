package org.praefectus.linux.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.api.vision.Frame;
import org.praefectus.api.vision.PixelFormat;
import org.praefectus.api.vision.Region;
import org.praefectus.api.vision.ScreenCapture;
import org.praefectus.api.vision.VisionException;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * Registers the vision bundle's {@link ScreenCapture} (and this bundle's {@link WindowCapture}) for the X
 * display of this process's environment, through MIT-SHM. The X session is opened on first use (the desktop
 * may start after the framework), reopened when it breaks, and refused on Wayland or an untrusted server.
 */
@Component(service = {ScreenCapture.class, WindowCapture.class})
public final class LinuxScreenCapture implements ScreenCapture, WindowCapture {

    private X11Session session;
    private ShmCapture capture;

    private synchronized ShmCapture capture() {
        if (capture != null) {
            try {
                session.withDisplay((x, d, s, r) -> null);
            } catch (X11Refusal broken) {
                close();
            }
        }
        if (capture == null) {
            try {
                session = X11Session.open(System.getenv());
                capture = new ShmCapture(session);
            } catch (X11Refusal refused) {
                close();
                throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, refused.getMessage());
            }
        }
        return capture;
    }

    @Override
    public Region screenBounds() {
        try {
            int[] size = capture().screenSize();
            return new Region(0, 0, size[0], size[1]);
        } catch (CaptureFailure e) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
        }
    }

    @Override
    public Frame capture(Region region) {
        Region screen = screenBounds();
        Region target = region == null ? screen : region;
        if (!screen.contains(target)) {
            throw new VisionException(VisionException.INVALID_REGION, "the region lies outside the screen");
        }
        try {
            return toFrame(capture().captureRegion(target.x(), target.y(), target.width(), target.height()));
        } catch (CaptureFailure e) {
            throw new VisionException(VisionException.CAPTURE_UNAVAILABLE, e.getMessage());
        }
    }

    @Override
    public Region windowRegion(long windowId) {
        try {
            int[] r = capture().windowRegion(windowId);
            return new Region(r[0], r[1], r[2], r[3]);
        } catch (CaptureFailure e) {
            throw new VisionException(VisionException.INVALID_REGION, e.getMessage());
        }
    }

    /** Packed BGRA8 with opaque alpha: the 32-bit X pixel written little-endian is blue, green, red, pad. */
    static Frame toFrame(ScreenImage image) {
        ByteBuffer bytes = ByteBuffer.allocate(image.pixels().length * 4).order(ByteOrder.LITTLE_ENDIAN);
        IntBuffer words = bytes.asIntBuffer();
        for (int pixel : image.pixels()) {
            words.put(pixel | 0xFF00_0000);
        }
        return Frame.packed(image.width(), image.height(), PixelFormat.BGRA8, bytes.array());
    }

    @Deactivate
    synchronized void close() {
        if (capture != null) {
            capture.close();
            capture = null;
        }
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
