package org.praefectus.linux.x11;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.praefectus.linux.proc.ProcessGeneration;

/**
 * One Xlib connection to a trusted native X server, used from one thread at a time (every call is
 * synchronised: Xlib displays are not thread-safe). Opening it checks, in order: a display is named, the
 * session is not Wayland, the socket peer is a root-owned Xorg or Xvfb executable, RandR is present and
 * XWAYLAND is absent. Every later call re-checks that the same server process is still running.
 */
public final class X11Session implements AutoCloseable {

    /** What a call does with the display; runs while this session's lock is held. */
    @FunctionalInterface
    public interface DisplayCall<T> {
        T call(Xlib xlib, Pointer display, int screen, NativeLong root) throws X11Refusal;
    }

    private final Xlib xlib;
    private final X11Server server;
    private final int screen;
    private final NativeLong root;
    private final LayoutWatch layout = new LayoutWatch();
    private Pointer display;

    private X11Session(Xlib xlib, Pointer display, X11Server server) {
        this.xlib = xlib;
        this.display = display;
        this.server = server;
        this.screen = xlib.XDefaultScreen(display);
        this.root = xlib.XRootWindow(display, screen);
    }

    /**
     * Opens and checks the display named by {@code DISPLAY}.
     *
     * @param environment the process environment ({@code DISPLAY}, {@code WAYLAND_DISPLAY},
     *                    {@code XDG_SESSION_TYPE})
     * @throws X11Refusal with the reason the X11 paths are refused
     */
    public static X11Session open(Map<String, String> environment) throws X11Refusal {
        if (SessionType.of(environment) == SessionType.WAYLAND) {
            throw new X11Refusal("the session is Wayland: X11 input and capture are refused");
        }
        String name = environment.get("DISPLAY");
        if (name == null || name.isBlank()) {
            throw new X11Refusal("no X display is available");
        }
        Xlib xlib;
        try {
            xlib = Xlib.load();
        } catch (LinkageError noLibrary) {
            throw new X11Refusal("libX11 is not installed");
        }
        Pointer display = Xlib.open(xlib, name);
        if (display == null) {
            throw new X11Refusal("the X display cannot be opened");
        }
        try {
            X11Server server = X11Server.identify(xlib, display);
            if (!hasExtension(xlib, display, "RANDR")) {
                throw new X11Refusal("the X server has no RandR topology");
            }
            if (hasExtension(xlib, display, "XWAYLAND")) {
                throw new X11Refusal("the X server is Xwayland");
            }
            if (!"The X.Org Foundation".equals(xlib.XServerVendor(display))) {
                throw new X11Refusal("the X server is not an X.Org server");
            }
            return new X11Session(xlib, display, server);
        } catch (X11Refusal | RuntimeException | LinkageError refused) {
            xlib.XCloseDisplay(display);
            if (refused instanceof X11Refusal refusal) {
                throw refusal;
            }
            throw new X11Refusal("the X server cannot be checked");
        }
    }

    static boolean hasExtension(Xlib xlib, Pointer display, String name) {
        return xlib.XQueryExtension(display, name, new IntByReference(), new IntByReference(), new IntByReference())
                != 0;
    }

    /** The server this session is bound to. */
    public X11Server server() {
        return server;
    }

    /**
     * Runs one call with the display after re-checking that the server process is the one identified.
     *
     * @throws X11Refusal when the session is closed or the server changed, or the call refuses
     */
    public synchronized <T> T withDisplay(DisplayCall<T> call) throws X11Refusal {
        if (display == null) {
            throw new X11Refusal("the X session is closed");
        }
        if (Xlib.lost(display) || !server.stillRunning()) {
            throw new X11Refusal("the X server changed");
        }
        T result = call.call(xlib, display, screen, root);
        if (Xlib.lost(display)) {
            // the server went away during the call: what Xlib answered since is not the server's
            throw new X11Refusal("the X server went away");
        }
        return result;
    }

    /** Whether the server has an extension (XTEST, MIT-SHM...). */
    public boolean has(String extension) throws X11Refusal {
        return withDisplay((x, d, s, r) -> hasExtension(x, d, extension));
    }

    /**
     * The RandR topology, read twice and compared so a topology change in the middle is never reported.
     *
     * @throws X11Refusal when RandR gives no usable topology or it changed while read
     */
    public DisplayTopology topology() throws X11Refusal {
        return withDisplay((x, d, s, r) -> {
            DisplayTopology first = readTopology(x, d, s, r);
            DisplayTopology second = readTopology(x, d, s, r);
            if (!first.equals(second)) {
                throw new X11Refusal("the display topology is changing");
            }
            return second;
        });
    }

    /**
     * The RandR topology, read once, or kept from the last read while the server announced no layout change since
     * ({@link LayoutWatch}). For an operation bracketed by two samples that must be equal: a read torn by a change in
     * the middle differs from the other sample, and a change between the two is announced before the second, so the
     * bracket fails as it should. A fence before an effect reads {@link #topology()} instead, which always asks the
     * server.
     *
     * @throws X11Refusal when RandR gives no usable topology
     */
    public DisplayTopology topologySample() throws X11Refusal {
        return withDisplay((x, d, s, r) -> layout.sample(x, d, r, () -> readTopology(x, d, s, r)));
    }

    private static DisplayTopology readTopology(Xlib xlib, Pointer display, int screen, NativeLong root)
            throws X11Refusal {
        XExtensions.XRandr randr = XExtensions.XRandr.INSTANCE;
        Pointer resources = randr.XRRGetScreenResourcesCurrent(display, root);
        if (resources == null) {
            throw new X11Refusal("the X server has no RandR topology");
        }
        try {
            int crtcCount = resources.getInt(16);
            if (crtcCount <= 0 || crtcCount > 64) {
                throw new X11Refusal("the X server has no RandR topology");
            }
            Pointer crtcs = resources.getPointer(24);
            List<DisplayTopology.Crtc> displays = new ArrayList<>();
            for (int i = 0; i < crtcCount; i++) {
                long crtc = crtcs.getNativeLong((long) i * NativeLong.SIZE).longValue();
                Pointer info = randr.XRRGetCrtcInfo(display, resources, new NativeLong(crtc));
                if (info == null) {
                    throw new X11Refusal("the display topology is changing");
                }
                try {
                    long mode = info.getNativeLong(24).longValue();
                    if (mode == 0) {
                        continue;
                    }
                    int outputCount = info.getInt(36);
                    List<Long> outputs = new ArrayList<>();
                    Pointer outputIds = info.getPointer(40);
                    for (int o = 0; o < outputCount && outputIds != null; o++) {
                        outputs.add(outputIds
                                .getNativeLong((long) o * NativeLong.SIZE)
                                .longValue());
                    }
                    displays.add(new DisplayTopology.Crtc(
                            crtc,
                            info.getInt(8),
                            info.getInt(12),
                            info.getInt(16),
                            info.getInt(20),
                            info.getShort(32) & 0xFFFF,
                            outputs));
                } finally {
                    randr.XRRFreeCrtcInfo(info);
                }
            }
            if (displays.isEmpty()) {
                throw new X11Refusal("the X server has no active display");
            }
            return new DisplayTopology(
                    root.longValue(),
                    xlib.XDisplayWidth(display, screen),
                    xlib.XDisplayHeight(display, screen),
                    displays);
        } finally {
            randr.XRRFreeScreenResources(resources);
        }
    }

    /**
     * The foreground window, its process, the keyboard focus and the pointer, sampled twice and compared.
     *
     * @throws X11Refusal when any part is unavailable (no window manager, no active window) or changing
     */
    public DesktopSample sample() throws X11Refusal {
        return withDisplay((x, d, s, r) -> {
            DesktopSample first = readSample(x, d, r);
            DesktopSample second = readSample(x, d, r);
            if (!first.equals(second)) {
                throw new X11Refusal("the desktop state is changing");
            }
            return second;
        });
    }

    /**
     * The pointer's position on the root.
     *
     * @throws X11Refusal when the pointer is on another screen
     */
    public int[] pointer() throws X11Refusal {
        return withDisplay((xlib, display, screen, root) -> {
            NativeLongByReference pointerRoot = new NativeLongByReference();
            IntByReference x = new IntByReference();
            IntByReference y = new IntByReference();
            if (xlib.XQueryPointer(
                                    display,
                                    root,
                                    pointerRoot,
                                    new NativeLongByReference(),
                                    x,
                                    y,
                                    new IntByReference(),
                                    new IntByReference(),
                                    new IntByReference())
                            == 0
                    || pointerRoot.getValue().longValue() != root.longValue()) {
                throw new X11Refusal("the pointer is not on this screen");
            }
            return new int[] {x.getValue(), y.getValue()};
        });
    }

    private static DesktopSample readSample(Xlib xlib, Pointer display, NativeLong root) throws X11Refusal {
        long active = cardinalProperty(xlib, display, root, "_NET_ACTIVE_WINDOW", Xlib.XA_WINDOW);
        if (active == 0 || active == root.longValue()) {
            throw new X11Refusal("there is no active window");
        }
        long processId = cardinalProperty(xlib, display, new NativeLong(active), "_NET_WM_PID", Xlib.XA_CARDINAL);
        String generation = ProcessGeneration.of(processId)
                .orElseThrow(() -> new X11Refusal("the foreground process cannot be identified"));
        NativeLongByReference focus = new NativeLongByReference();
        xlib.XGetInputFocus(display, focus, new IntByReference());
        NativeLongByReference pointerRoot = new NativeLongByReference();
        IntByReference x = new IntByReference();
        IntByReference y = new IntByReference();
        if (xlib.XQueryPointer(
                                display,
                                root,
                                pointerRoot,
                                new NativeLongByReference(),
                                x,
                                y,
                                new IntByReference(),
                                new IntByReference(),
                                new IntByReference())
                        == 0
                || pointerRoot.getValue().longValue() != root.longValue()) {
            throw new X11Refusal("the pointer is not on this screen");
        }
        return new DesktopSample(
                active, processId, generation, focus.getValue().longValue(), x.getValue(), y.getValue());
    }

    /** One 32-bit property value of a window, or 0 when it is missing or malformed. */
    static long cardinalProperty(Xlib xlib, Pointer display, NativeLong window, String name, long type) {
        long[] values = cardinals(xlib, display, window, name, type, 1);
        return values != null && values.length == 1 ? values[0] : 0;
    }

    /** A format-32 array property, or {@code null} when missing or of another type. */
    static long[] cardinals(Xlib xlib, Pointer display, NativeLong window, String name, long type, int max) {
        NativeLong atom = xlib.XInternAtom(display, name, 1);
        if (atom.longValue() == 0) {
            return null;
        }
        NativeLongByReference actualType = new NativeLongByReference();
        IntByReference format = new IntByReference();
        NativeLongByReference items = new NativeLongByReference();
        PointerByReference value = new PointerByReference();
        int status = xlib.XGetWindowProperty(
                display,
                window,
                atom,
                new NativeLong(0),
                new NativeLong(max),
                0,
                new NativeLong(type),
                actualType,
                format,
                items,
                new NativeLongByReference(),
                value);
        try {
            if (status != 0
                    || value.getValue() == null
                    || format.getValue() != 32
                    || actualType.getValue().longValue() != type) {
                return null;
            }
            int count = (int) Math.min(max, items.getValue().longValue());
            long[] values = new long[count];
            for (int i = 0; i < count; i++) {
                // format 32 properties come back as C longs
                values[i] = value.getValue()
                                .getNativeLong((long) i * NativeLong.SIZE)
                                .longValue()
                        & 0xFFFF_FFFFL;
            }
            return values;
        } finally {
            if (value.getValue() != null) {
                xlib.XFree(value.getValue());
            }
        }
    }

    /**
     * The top-level window's rectangle on the root, for window capture.
     *
     * @throws X11Refusal when the window does not exist
     */
    public int[] windowRectangle(long window) throws X11Refusal {
        return withDisplay((x, d, s, r) -> {
            int[] rectangle = rectangle(x, d, r, new NativeLong(window));
            if (rectangle == null) {
                throw new X11Refusal("the window does not exist");
            }
            return rectangle;
        });
    }

    /** A window's {x, y, width, height} on the root, or {@code null} when it does not exist there. */
    static int[] rectangle(Xlib xlib, Pointer display, NativeLong root, NativeLong window) {
        IntByReference wx = new IntByReference();
        IntByReference wy = new IntByReference();
        IntByReference width = new IntByReference();
        IntByReference height = new IntByReference();
        if (xlib.XGetGeometry(
                        display,
                        window,
                        new NativeLongByReference(),
                        wx,
                        wy,
                        width,
                        height,
                        new IntByReference(),
                        new IntByReference())
                == 0) {
            return null;
        }
        IntByReference rootX = new IntByReference();
        IntByReference rootY = new IntByReference();
        if (xlib.XTranslateCoordinates(display, window, root, 0, 0, rootX, rootY, new NativeLongByReference()) == 0) {
            return null;
        }
        return new int[] {rootX.getValue(), rootY.getValue(), width.getValue(), height.getValue()};
    }

    @Override
    public synchronized void close() {
        if (display != null) {
            // XCloseDisplay flushes: a lost or dead server's connection is dropped without it (its memory is the
            // only thing left behind), although a loss is no longer fatal (Xlib.open)
            boolean lost = Xlib.lost(display);
            Xlib.forgetErrors(display);
            if (!lost && server.stillRunning()) {
                xlib.XCloseDisplay(display);
            }
            display = null;
        }
    }
}
