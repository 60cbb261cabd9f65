package org.praefectus.linux;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/** The few libX11 calls the platform probe needs, mapped through JNA. */
interface Xlib extends Library {

    /** Loads libX11 or throws {@link UnsatisfiedLinkError} when the machine has no X client library. */
    static Xlib load() {
        return Native.load("X11", Xlib.class);
    }

    Pointer XOpenDisplay(String name);

    int XCloseDisplay(Pointer display);

    /** Returns non-zero (X {@code True}) when the server has the named extension. */
    int XQueryExtension(Pointer display, String name, IntByReference majorOpcode, IntByReference firstEvent,
            IntByReference firstError);

    int XDefaultScreen(Pointer display);

    int XScreenCount(Pointer display);

    int XDisplayWidth(Pointer display, int screen);

    int XDisplayHeight(Pointer display, int screen);
}
