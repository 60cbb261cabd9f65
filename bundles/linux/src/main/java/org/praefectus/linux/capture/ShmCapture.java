package org.praefectus.linux.capture;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;
import org.praefectus.linux.x11.XExtensions;
import org.praefectus.linux.x11.Xlib;

/**
 * Screen capture on a trusted X server. With MIT-SHM the server writes the pixels into a shared memory
 * segment we keep attached between captures (one per size), so a full screen costs one request and one
 * copy; without it, {@code XGetImage} carries them through the socket. Only 24/32-bit TrueColor screens.
 */
public final class ShmCapture implements ScreenSource, AutoCloseable {

    private final X11Session session;
    private final boolean shm;
    /** The attached segment of the last size captured; guarded by {@code this}. */
    private Segment segment;

    public ShmCapture(X11Session session) throws X11Refusal {
        this.session = session;
        this.shm = session.has("MIT-SHM");
    }

    /** One attached shared-memory image. */
    private record Segment(int width, int height, Pointer image, Memory info, Pointer address) {}

    /** The whole screen. */
    @Override
    public ScreenImage captureScreen() throws CaptureFailure {
        int[] size = screenSize();
        return captureRegion(0, 0, size[0], size[1]);
    }

    /** The on-screen part of a top-level window. */
    public ScreenImage captureWindow(long windowId) throws CaptureFailure {
        int[] r = windowRegion(windowId);
        return captureRegion(r[0], r[1], r[2], r[3]);
    }

    /** The on-screen rectangle {x, y, width, height} of a top-level window. */
    public int[] windowRegion(long windowId) throws CaptureFailure {
        int[] rectangle;
        try {
            rectangle = session.windowRectangle(windowId);
        } catch (X11Refusal refused) {
            throw new CaptureFailure("the window cannot be captured");
        }
        int[] size = screenSize();
        int left = Math.max(0, rectangle[0]);
        int top = Math.max(0, rectangle[1]);
        int right = Math.min(size[0], rectangle[0] + rectangle[2]);
        int bottom = Math.min(size[1], rectangle[1] + rectangle[3]);
        if (right <= left || bottom <= top) {
            throw new CaptureFailure("the window is off screen");
        }
        return new int[] {left, top, right - left, bottom - top};
    }

    /** A rectangle inside the screen. */
    @Override
    public synchronized ScreenImage captureRegion(int x, int y, int width, int height) throws CaptureFailure {
        int[] size = screenSize();
        if (width <= 0 || height <= 0 || x < 0 || y < 0 || (long) x + width > size[0] || (long) y + height > size[1]) {
            throw new CaptureFailure("the region is empty or leaves the screen");
        }
        try {
            return session.withDisplay((xlib, display, screen, root) -> shm
                    ? shmCapture(xlib, display, screen, root, x, y, width, height)
                    : socketCapture(xlib, display, root, x, y, width, height));
        } catch (X11Refusal refused) {
            throw new CaptureFailure("the screen cannot be captured");
        }
    }

    /** {width, height} of the screen. */
    public int[] screenSize() throws CaptureFailure {
        try {
            return session.withDisplay((xlib, display, screen, root) ->
                    new int[] {xlib.XDisplayWidth(display, screen), xlib.XDisplayHeight(display, screen)});
        } catch (X11Refusal refused) {
            throw new CaptureFailure("the screen cannot be captured");
        }
    }

    private ScreenImage shmCapture(
            Xlib xlib, Pointer display, int screen, NativeLong root, int x, int y, int width, int height)
            throws X11Refusal {
        Segment current = segment;
        if (current == null || current.width() != width || current.height() != height) {
            release(xlib, display);
            current = attach(xlib, display, screen, width, height);
            segment = current;
        }
        if (XExtensions.XShm.INSTANCE.XShmGetImage(
                        display, root, current.image(), x, y, new NativeLong(Xlib.ALL_PLANES))
                == 0) {
            throw new X11Refusal("the screen cannot be captured");
        }
        return toImage(current.image(), x, y, width, height);
    }

    private static Segment attach(Xlib xlib, Pointer display, int screen, int width, int height) throws X11Refusal {
        int depth = xlib.XDefaultDepth(display, screen);
        if (depth != 24 && depth != 32) {
            throw new X11Refusal("the screen depth is not supported");
        }
        // XShmSegmentInfo: shmseg (XID), shmid (int), shmaddr (char *), readOnly (Bool)
        Memory info = new Memory(32);
        info.clear();
        Pointer image = XExtensions.XShm.INSTANCE.XShmCreateImage(
                display, xlib.XDefaultVisual(display, screen), depth, Xlib.ZPIXMAP, null, info, width, height);
        if (image == null) {
            throw new X11Refusal("the screen cannot be captured");
        }
        long bytes = (long) image.getInt(44) * height;
        XExtensions.LibC libc = XExtensions.LibC.INSTANCE;
        int id = libc.shmget(XExtensions.LibC.IPC_PRIVATE, new NativeLong(bytes), XExtensions.LibC.IPC_CREAT | 0600);
        if (id < 0) {
            xlib.XFree(image);
            throw new X11Refusal("the screen cannot be captured");
        }
        Pointer address = libc.shmat(id, null, 0);
        if (Pointer.nativeValue(address) == -1L) {
            libc.shmctl(id, XExtensions.LibC.IPC_RMID, null);
            xlib.XFree(image);
            throw new X11Refusal("the screen cannot be captured");
        }
        info.setInt(8, id);
        info.setPointer(16, address);
        info.setInt(24, 0);
        image.setPointer(16, address);
        boolean attached = XExtensions.XShm.INSTANCE.XShmAttach(display, info) != 0;
        xlib.XSync(display, 0);
        // marked for removal now: the kernel frees it once both the server and we have detached, even if we die
        libc.shmctl(id, XExtensions.LibC.IPC_RMID, null);
        if (!attached) {
            libc.shmdt(address);
            xlib.XFree(image);
            throw new X11Refusal("the screen cannot be captured");
        }
        return new Segment(width, height, image, info, address);
    }

    private void release(Xlib xlib, Pointer display) {
        Segment current = segment;
        segment = null;
        if (current != null) {
            XExtensions.XShm.INSTANCE.XShmDetach(display, current.info());
            xlib.XSync(display, 0);
            XExtensions.LibC.INSTANCE.shmdt(current.address());
            current.image().setPointer(16, null);
            xlib.XFree(current.image());
        }
    }

    private static ScreenImage socketCapture(
            Xlib xlib, Pointer display, NativeLong root, int x, int y, int width, int height) throws X11Refusal {
        Pointer image =
                xlib.XGetImage(display, root, x, y, width, height, new NativeLong(Xlib.ALL_PLANES), Xlib.ZPIXMAP);
        if (image == null) {
            throw new X11Refusal("the screen cannot be captured");
        }
        try {
            return toImage(image, x, y, width, height);
        } finally {
            xlib.XFree(image.getPointer(16));
            xlib.XFree(image);
        }
    }

    /** XImage: data at 16, bytes_per_line at 44, bits_per_pixel at 48 (LP64). */
    private static ScreenImage toImage(Pointer image, int x, int y, int width, int height) throws X11Refusal {
        if (image.getInt(48) != 32) {
            throw new X11Refusal("the screen pixel format is not supported");
        }
        Pointer data = image.getPointer(16);
        int stride = image.getInt(44);
        int[] pixels = new int[width * height];
        if (stride == width * 4) {
            data.read(0, pixels, 0, pixels.length);
        } else {
            for (int row = 0; row < height; row++) {
                data.read((long) row * stride, pixels, row * width, width);
            }
        }
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] &= 0xFFFFFF;
        }
        return new ScreenImage(x, y, width, height, pixels);
    }

    @Override
    public synchronized void close() {
        try {
            session.withDisplay((xlib, display, screen, root) -> {
                release(xlib, display);
                return null;
            });
        } catch (X11Refusal alreadyGone) {
            segment = null;
        }
    }
}
