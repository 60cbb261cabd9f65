package org.praefectus.linux;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.praefectus.linux.x11.Xlib;

/** Connects to an X server through libX11, asks which extensions it has, and disconnects. */
final class X11Probe {

    /** Extensions that decide what the Linux executor may do: input synthesis, topology, and Xwayland. */
    static final List<String> EXTENSIONS = List.of("XTEST", "RANDR", "XWAYLAND");

    /**
     * Probes the named display.
     *
     * @param displayName the display, as in {@code DISPLAY}; null or blank means there is none to probe
     * @return what the server reported, or empty when no display is named, libX11 is missing, or the server
     *         does not accept the connection
     */
    Optional<X11Display> probe(String displayName) {
        if (displayName == null || displayName.isBlank()) {
            return X11Display.unreachable();
        }
        Xlib xlib;
        try {
            xlib = Xlib.load();
        } catch (LinkageError noClientLibrary) {
            return X11Display.unreachable();
        }
        Pointer display = Xlib.open(xlib, displayName);
        if (display == null) {
            return X11Display.unreachable();
        }
        try {
            List<String> present = new ArrayList<>();
            for (String extension : EXTENSIONS) {
                if (xlib.XQueryExtension(
                                display, extension, new IntByReference(), new IntByReference(), new IntByReference())
                        != 0) {
                    present.add(extension);
                }
            }
            List<X11Display.Screen> screens = new ArrayList<>();
            for (int screen = 0; screen < xlib.XScreenCount(display); screen++) {
                screens.add(new X11Display.Screen(
                        xlib.XDisplayWidth(display, screen), xlib.XDisplayHeight(display, screen)));
            }
            return Optional.of(new X11Display(displayName, present, screens));
        } finally {
            // a server that went away during the probe is not asked to flush (see X11Session.close)
            if (!Xlib.lost(display)) {
                xlib.XCloseDisplay(display);
            }
            Xlib.forgetErrors(display);
        }
    }
}
