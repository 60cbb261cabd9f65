package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What lies over a window: the root's children in stacking order ({@code XQueryTree} lists them bottom to top;
 * under a reparenting window manager they are the frames) above the window's own top-level one, those that are
 * viewable and show pixels (not {@code InputOnly}), each cut to a region. A frame that holds a client window
 * (EWMH) is named by that client, so the ID is the one {@code windows} lists. Read in one display call.
 */
public final class WindowStacking {

    /** {@code sizeof(XWindowAttributes)} on LP64, and the offsets read from it. */
    private static final int ATTRIBUTES_SIZE = 136;

    private static final int BORDER_OFFSET = 16;
    private static final int CLASS_OFFSET = 40;
    private static final int MAP_STATE_OFFSET = 92;
    private static final int INPUT_ONLY = 2;
    private static final int IS_VIEWABLE = 2;

    private WindowStacking() {}

    /**
     * One window over the captured one.
     *
     * @param window  the client window it shows (the ID the window list gives), else the top-level window itself
     * @param covered the part of the region it covers, {x, y, width, height} on the root
     */
    public record Above(long window, int[] covered) {}

    /**
     * The viewable windows stacked above {@code window} that overlap {@code region} ({x, y, width, height} on the
     * root), topmost first.
     *
     * @throws X11Refusal when the window is not (or no longer) on the screen
     */
    public static List<Above> above(X11Session session, long window, int[] region) throws X11Refusal {
        return session.withDisplay((xlib, display, screen, root) -> {
            long top = topLevel(xlib, display, root.longValue(), window);
            if (top == 0) {
                throw new X11Refusal("the window is not on the screen");
            }
            long[] stack = children(xlib, display, root.longValue());
            if (stack == null) {
                throw new X11Refusal("the window stacking cannot be read");
            }
            List<Above> above = new ArrayList<>();
            boolean passed = false;
            Memory attributes = new Memory(ATTRIBUTES_SIZE);
            for (long child : stack) {
                if (child == top) {
                    passed = true;
                    continue;
                }
                if (!passed) {
                    continue;
                }
                attributes.clear();
                if (xlib.XGetWindowAttributes(display, new NativeLong(child), attributes) == 0
                        || attributes.getInt(MAP_STATE_OFFSET) != IS_VIEWABLE
                        || attributes.getInt(CLASS_OFFSET) == INPUT_ONLY) {
                    continue;
                }
                int border = attributes.getInt(BORDER_OFFSET);
                int[] covered = intersection(region, new int[] {
                    attributes.getInt(0),
                    attributes.getInt(4),
                    attributes.getInt(8) + 2 * border,
                    attributes.getInt(12) + 2 * border
                });
                if (covered != null) {
                    above.add(0, new Above(child, covered));
                }
            }
            if (!passed) {
                throw new X11Refusal("the window is not on the screen");
            }
            return above.isEmpty() ? above : named(xlib, display, root.longValue(), above);
        });
    }

    /**
     * The frames named by the client windows they hold ({@code _NET_CLIENT_LIST}; none without an EWMH window
     * manager), read only when something covers: an uncovered window costs the stack and its attributes alone.
     */
    private static List<Above> named(Xlib xlib, Pointer display, long root, List<Above> frames) {
        long[] clients = X11Session.cardinals(
                xlib, display, new NativeLong(root), "_NET_CLIENT_LIST", Xlib.XA_WINDOW, EwmhWindows.MAX_WINDOWS);
        Map<Long, Long> clientOfFrame = new HashMap<>();
        for (long client : clients == null ? new long[0] : clients) {
            long frame = topLevel(xlib, display, root, client);
            if (frame != 0) {
                clientOfFrame.putIfAbsent(frame, client);
            }
        }
        return frames.stream()
                .map(frame -> new Above(clientOfFrame.getOrDefault(frame.window(), frame.window()), frame.covered()))
                .toList();
    }

    /** The overlap of two rectangles {x, y, width, height}, or {@code null} when they do not overlap. */
    static int[] intersection(int[] a, int[] b) {
        int left = Math.max(a[0], b[0]);
        int top = Math.max(a[1], b[1]);
        long right = Math.min((long) a[0] + a[2], (long) b[0] + b[2]);
        long bottom = Math.min((long) a[1] + a[3], (long) b[1] + b[3]);
        if (right <= left || bottom <= top) {
            return null;
        }
        return new int[] {left, top, (int) (right - left), (int) (bottom - top)};
    }

    /** The child of the root that holds {@code window} (the window itself when it is one), or 0. */
    private static long topLevel(Xlib xlib, Pointer display, long root, long window) {
        long current = window;
        for (int depth = 0; depth < 64; depth++) {
            NativeLongByReference rootOut = new NativeLongByReference();
            NativeLongByReference parent = new NativeLongByReference();
            PointerByReference children = new PointerByReference();
            IntByReference count = new IntByReference();
            if (xlib.XQueryTree(display, new NativeLong(current), rootOut, parent, children, count) == 0) {
                return 0;
            }
            if (children.getValue() != null) {
                xlib.XFree(children.getValue());
            }
            long up = parent.getValue().longValue();
            if (up == root) {
                return current;
            }
            if (up == 0) {
                return 0;
            }
            current = up;
        }
        return 0;
    }

    /** A window's children, bottom to top, or {@code null} when it cannot be read. */
    private static long[] children(Xlib xlib, Pointer display, long window) {
        PointerByReference children = new PointerByReference();
        IntByReference count = new IntByReference();
        if (xlib.XQueryTree(
                        display,
                        new NativeLong(window),
                        new NativeLongByReference(),
                        new NativeLongByReference(),
                        children,
                        count)
                == 0) {
            return null;
        }
        Pointer list = children.getValue();
        if (list == null) {
            return new long[0];
        }
        try {
            long[] ids = new long[count.getValue()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = list.getNativeLong((long) i * NativeLong.SIZE).longValue();
            }
            return ids;
        } finally {
            xlib.XFree(list);
        }
    }
}
