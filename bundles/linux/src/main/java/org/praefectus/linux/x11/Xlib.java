package org.praefectus.linux.x11;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The libX11 calls the Linux bundle makes, mapped through JNA. jna-platform's X11 mapping lacks several of
 * them ({@code XGetImage} among others), so this is our own. Structures are read by offset (x86-64 and
 * aarch64 LP64 layouts) where a full JNA {@code Structure} would be noise.
 */
public interface Xlib extends Library {

    /** Loads libX11 or throws {@link UnsatisfiedLinkError} when the machine has no X client library. */
    static Xlib load() {
        return Holder.XLIB;
    }

    /** Loaded once: JNA proxies are thread-safe, and the error handler below must outlive every display. */
    final class Holder {
        static final Xlib XLIB = Native.load("X11", Xlib.class);
        /** The last protocol error per display (its address), for the few requests whose failure matters. */
        static final Map<Long, Integer> LAST_ERRORS = new ConcurrentHashMap<>();
        /**
         * Strongly held so JNA never frees the callback while Xlib may call it. It records the error code
         * ({@code XErrorEvent.error_code}, LP64 offset 32) and returns: nothing reaches the default handler.
         */
        static final ErrorHandler IGNORE_ERRORS = (display, event) -> {
            LAST_ERRORS.put(Pointer.nativeValue(display), event.getByte(32) & 0xFF);
            return 0;
        };

        /** The displays whose connection broke (the server went away): their calls answer nothing. */
        static final Set<Long> LOST = ConcurrentHashMap.newKeySet();
        /**
         * Strongly held, as above. Xlib calls it when a connection breaks; it only records the display, and
         * returns so that nothing is printed. Returning does not save the process by itself: libX11 then calls
         * the display's exit handler ({@link #KEEP_RUNNING}), whose default ends the process.
         */
        static final IOErrorHandler RECORD_LOSS = display -> {
            LOST.add(Pointer.nativeValue(display));
            return 0;
        };
        /**
         * The exit handler of every display opened through {@link Xlib#open}: it returns, so the process goes
         * on and libX11 marks the display broken (every later call on it returns at once without reading).
         * Strongly held, as above.
         */
        static final IOErrorExitHandler KEEP_RUNNING = (display, userData) -> LOST.add(Pointer.nativeValue(display));

        static {
            // The default handler exits the process on any protocol error (a window that vanished
            // between two requests is enough): errors are reported through return values instead.
            XLIB.XSetErrorHandler(IGNORE_ERRORS);
            XLIB.XSetIOErrorHandler(RECORD_LOSS);
        }

        private Holder() {}
    }

    /**
     * The last protocol error Xlib reported for {@code display} since the previous call, or 0; call
     * {@link #XSync} first so the server has answered every request sent before.
     */
    static int takeError(Pointer display) {
        Integer error = Holder.LAST_ERRORS.remove(Pointer.nativeValue(display));
        return error == null ? 0 : error;
    }

    /** Forgets the errors, and the loss, of a display that is being closed. */
    static void forgetErrors(Pointer display) {
        Holder.LAST_ERRORS.remove(Pointer.nativeValue(display));
        Holder.LOST.remove(Pointer.nativeValue(display));
    }

    /**
     * Opens a display whose loss (the server going away while the connection is open) is an error for the
     * calls on it, never the end of the process: libX11's default I/O error exit handler calls {@code exit(1)}
     * ("XIO: fatal IO error"), so each display gets {@code XSetIOErrorExitHandler} (libX11 1.7+; Debian 12 has
     * 1.8) with a handler that returns. Without that function (an older libX11) the display is opened as before.
     *
     * @return the display, or null when it cannot be opened
     */
    static Pointer open(Xlib xlib, String name) {
        Pointer display = xlib.XOpenDisplay(name);
        if (display != null) {
            try {
                xlib.XSetIOErrorExitHandler(display, Holder.KEEP_RUNNING, Pointer.NULL);
            } catch (UnsatisfiedLinkError olderLibX11) {
                // libX11 before 1.7: a lost server still ends the process, as it always did there
            }
        }
        return display;
    }

    /** Whether the connection of {@code display} broke: nothing it answers since then is true. */
    static boolean lost(Pointer display) {
        return Holder.LOST.contains(Pointer.nativeValue(display));
    }

    /** {@code XIOErrorHandler}. */
    interface IOErrorHandler extends Callback {
        int apply(Pointer display);
    }

    /** {@code XIOErrorExitHandler} (libX11 1.7+). */
    interface IOErrorExitHandler extends Callback {
        void apply(Pointer display, Pointer userData);
    }

    /** {@code XErrorHandler}. */
    interface ErrorHandler extends Callback {
        int apply(Pointer display, Pointer errorEvent);
    }

    int ZPIXMAP = 2;
    long ALL_PLANES = -1L;
    long XA_WINDOW = 33;
    long XA_CARDINAL = 6;

    Pointer XOpenDisplay(String name);

    int XCloseDisplay(Pointer display);

    ErrorHandler XSetErrorHandler(ErrorHandler handler);

    IOErrorHandler XSetIOErrorHandler(IOErrorHandler handler);

    void XSetIOErrorExitHandler(Pointer display, IOErrorExitHandler handler, Pointer userData);

    int XConnectionNumber(Pointer display);

    String XServerVendor(Pointer display);

    /** Returns non-zero (X {@code True}) when the server has the named extension. */
    int XQueryExtension(
            Pointer display,
            String name,
            IntByReference majorOpcode,
            IntByReference firstEvent,
            IntByReference firstError);

    int XDefaultScreen(Pointer display);

    int XScreenCount(Pointer display);

    int XDisplayWidth(Pointer display, int screen);

    int XDisplayHeight(Pointer display, int screen);

    NativeLong XRootWindow(Pointer display, int screen);

    Pointer XDefaultVisual(Pointer display, int screen);

    int XDefaultDepth(Pointer display, int screen);

    NativeLong XInternAtom(Pointer display, String name, int onlyIfExists);

    int XGetWindowProperty(
            Pointer display,
            NativeLong window,
            NativeLong property,
            NativeLong offset,
            NativeLong length,
            int delete,
            NativeLong requestedType,
            NativeLongByReference actualType,
            IntByReference actualFormat,
            NativeLongByReference itemCount,
            NativeLongByReference bytesAfter,
            PointerByReference value);

    int XFree(Pointer data);

    Pointer XGetAtomName(Pointer display, NativeLong atom);

    int XQueryPointer(
            Pointer display,
            NativeLong window,
            NativeLongByReference root,
            NativeLongByReference child,
            IntByReference rootX,
            IntByReference rootY,
            IntByReference windowX,
            IntByReference windowY,
            IntByReference mask);

    int XGetInputFocus(Pointer display, NativeLongByReference focus, IntByReference revertTo);

    int XQueryTree(
            Pointer display,
            NativeLong window,
            NativeLongByReference root,
            NativeLongByReference parent,
            PointerByReference children,
            IntByReference count);

    int XGetGeometry(
            Pointer display,
            NativeLong drawable,
            NativeLongByReference root,
            IntByReference x,
            IntByReference y,
            IntByReference width,
            IntByReference height,
            IntByReference border,
            IntByReference depth);

    /** Fills {@code attributes}, an {@code XWindowAttributes} (136 bytes on LP64); 0 when the window is gone. */
    int XGetWindowAttributes(Pointer display, NativeLong window, Pointer attributes);

    int XTranslateCoordinates(
            Pointer display,
            NativeLong source,
            NativeLong destination,
            int sourceX,
            int sourceY,
            IntByReference destinationX,
            IntByReference destinationY,
            NativeLongByReference child);

    Pointer XGetImage(
            Pointer display,
            NativeLong drawable,
            int x,
            int y,
            int width,
            int height,
            NativeLong planeMask,
            int format);

    NativeLong XStringToKeysym(String name);

    byte XKeysymToKeycode(Pointer display, NativeLong keysym);

    int XSync(Pointer display, int discard);

    // passive key grabs (the emergency stop)

    int KEY_PRESS = 2;
    int GRAB_MODE_ASYNC = 1;
    int BAD_ACCESS = 10;
    int CONTROL_MASK = 1 << 2;
    int MOD1_MASK = 1 << 3;
    int LOCK_MASK = 1 << 1;
    int MOD2_MASK = 1 << 4;

    int XGrabKey(
            Pointer display,
            int keycode,
            int modifiers,
            NativeLong grabWindow,
            int ownerEvents,
            int pointerMode,
            int keyboardMode);

    int XUngrabKey(Pointer display, int keycode, int modifiers, NativeLong grabWindow);

    /** The 256-bit vector of keys that are down, one bit per keycode. */
    int XQueryKeymap(Pointer display, byte[] keys);

    int XFlush(Pointer display);

    // selections (the clipboard owner of a paste and the keeper of the clipboard it replaced)

    long XA_ATOM = 4;
    long XA_STRING = 31;
    int SELECTION_CLEAR = 29;
    int SELECTION_REQUEST = 30;
    int SELECTION_NOTIFY = 31;
    int PROP_MODE_REPLACE = 0;
    /** Bytes of the {@code XEvent} union on LP64 (24 longs). */
    int XEVENT_SIZE = 192;

    NativeLong XCreateSimpleWindow(
            Pointer display,
            NativeLong parent,
            int x,
            int y,
            int width,
            int height,
            int borderWidth,
            NativeLong border,
            NativeLong background);

    int XDestroyWindow(Pointer display, NativeLong window);

    int XSetSelectionOwner(Pointer display, NativeLong selection, NativeLong owner, NativeLong time);

    NativeLong XGetSelectionOwner(Pointer display, NativeLong selection);

    int XPending(Pointer display);

    int XEventsQueued(Pointer display, int mode);

    int XNextEvent(Pointer display, Pointer event);

    int XChangeProperty(
            Pointer display,
            NativeLong window,
            NativeLong property,
            NativeLong type,
            int format,
            int mode,
            Pointer data,
            int elements);

    int XSendEvent(Pointer display, NativeLong window, int propagate, NativeLong eventMask, Pointer event);

    // reading the selection (the clipboard a paste restores)

    /** {@code AnyPropertyType} for {@link #XGetWindowProperty}. */
    long ANY_PROPERTY_TYPE = 0;

    int XConvertSelection(
            Pointer display,
            NativeLong selection,
            NativeLong target,
            NativeLong property,
            NativeLong requestor,
            NativeLong time);

    /** Returns non-zero (X {@code True}) and removes the event when one of that type for the window is queued. */
    int XCheckTypedWindowEvent(Pointer display, NativeLong window, int eventType, Pointer event);
}
