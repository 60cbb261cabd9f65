package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The RandR topology kept between reads, for the samples that bracket an observation: the server tells this
 * connection of every screen, CRTC and output change (RandR's notify events), so a sample with no such event since
 * the last read is that read, without two round trips to the server. A change the server made but whose event is
 * still on its way is read at the next sample; the sample it misses can only be older than the server's layout, so a
 * fence that reads the layout live (every fence before an effect does) refuses, never accepts, what it describes.
 * Used under the session's lock only.
 */
final class LayoutWatch {

    /** {@code RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask}. */
    private static final int LAYOUT_EVENTS = 1 | 2 | 4;
    /** {@code QueuedAfterReading}: the events already queued, and those the socket holds, read without blocking. */
    private static final int QUEUED_AFTER_READING = 1;
    /** {@code RRScreenChangeNotify} and {@code RRNotify} are the extension's first two event codes. */
    private static final int RANDR_EVENTS = 2;

    /** Reads the topology from the server. */
    @FunctionalInterface
    interface Reader {
        DisplayTopology read() throws X11Refusal;
    }

    private final Memory event = new Memory(Xlib.XEVENT_SIZE);
    private int eventBase = -1;
    private DisplayTopology kept;

    /** The topology: the one kept when no layout event arrived since it was read, else read now (and kept). */
    DisplayTopology sample(Xlib xlib, Pointer display, NativeLong root, Reader reader) throws X11Refusal {
        if (eventBase < 0) {
            watch(xlib, display, root);
        }
        if (layoutChanged(xlib, display) || kept == null) {
            kept = null; // a read that fails keeps nothing
            kept = reader.read();
        }
        return kept;
    }

    /** Asks for the layout events, and waits until the server has taken the request, before the first read. */
    private void watch(Xlib xlib, Pointer display, NativeLong root) throws X11Refusal {
        IntByReference base = new IntByReference();
        if (XExtensions.XRandr.INSTANCE.XRRQueryExtension(display, base, new IntByReference()) == 0) {
            throw new X11Refusal("the X server has no RandR topology");
        }
        XExtensions.XRandr.INSTANCE.XRRSelectInput(display, root, LAYOUT_EVENTS);
        xlib.XSync(display, 0);
        eventBase = base.getValue();
    }

    /**
     * Takes every event this connection has received; whether one of them is a layout change. Xlib's own idea of
     * the screen size is brought up to date by each (nothing else on this connection asks for events).
     */
    private boolean layoutChanged(Xlib xlib, Pointer display) {
        boolean changed = false;
        while (xlib.XEventsQueued(display, QUEUED_AFTER_READING) > 0) {
            xlib.XNextEvent(display, event);
            int type = event.getInt(0) & 0x7f;
            if (type >= eventBase && type < eventBase + RANDR_EVENTS) {
                XExtensions.XRandr.INSTANCE.XRRUpdateConfiguration(event);
                changed = true;
            }
        }
        return changed;
    }
}
