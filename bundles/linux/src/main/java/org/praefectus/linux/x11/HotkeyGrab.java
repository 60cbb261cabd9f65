package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl+Alt+Esc grabbed on the X root window by a private, trusted connection of its own, and a thread that
 * waits for it. The grab is passive: the X server delivers the chord to this client only, whatever window has
 * the focus, so an automated run cannot type it away. When it is pressed the handler runs on this thread, then
 * every key and pointer button that is still down is released through XTest (a stopped drag, chord or a key
 * between its press and release leaves nothing held, nothing autorepeating), and once more after a moment,
 * for the one event a dispatch may have had in flight when it was stopped. The grab is made for each
 * Caps Lock / Num Lock combination, since X matches modifiers exactly.
 */
public final class HotkeyGrab implements AutoCloseable {

    /** How long after the first release the second one waits: longer than one XTest request takes. */
    private static final long SETTLE_MS = 50;

    private static final int[] LOCKS = {0, Xlib.LOCK_MASK, Xlib.MOD2_MASK, Xlib.LOCK_MASK | Xlib.MOD2_MASK};
    private static final int CHORD = Xlib.CONTROL_MASK | Xlib.MOD1_MASK;
    /** {@code Button1Mask} … {@code Button5Mask} of {@code XQueryPointer}'s mask. */
    private static final int BUTTON1_MASK = 1 << 8;

    private final X11Session session;
    private final Runnable onPress;
    private final CountDownLatch grabbed = new CountDownLatch(1);
    private final Thread listener;
    private volatile boolean held;
    private volatile boolean closing;
    private int escape;

    private HotkeyGrab(X11Session session, Runnable onPress) {
        this.session = session;
        this.onPress = onPress;
        this.listener = new Thread(this::listen, "praefectus-emergency-stop");
        this.listener.setDaemon(true);
    }

    /**
     * Opens the connection, grabs the chord and starts waiting for it.
     *
     * @param onPress run on the listener thread each time the chord is pressed, before keys are released
     * @return the grab; {@link #held()} says whether the server granted it (another client may hold it)
     * @throws X11Refusal when the X server is not one this bundle trusts
     */
    public static HotkeyGrab start(Map<String, String> environment, Runnable onPress) throws X11Refusal {
        HotkeyGrab grab = new HotkeyGrab(X11Session.open(environment), onPress);
        grab.listener.start();
        try {
            grab.grabbed.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return grab;
    }

    /** Whether the X server granted the grab of every lock combination. */
    public boolean held() {
        return held;
    }

    private void listen() {
        try {
            session.withDisplay((x, display, screen, root) -> {
                try {
                    grab(x, display, root);
                } finally {
                    grabbed.countDown();
                }
                Memory event = new Memory(Xlib.XEVENT_SIZE);
                while (!closing) {
                    if (x.XPending(display) == 0) {
                        pause(5);
                        continue;
                    }
                    x.XNextEvent(display, event);
                    // XKeyEvent.keycode at LP64 offset 84
                    if (event.getInt(0) == Xlib.KEY_PRESS && event.getInt(84) == escape) {
                        onPress.run();
                        releaseHeld(x, display, root);
                        pause(SETTLE_MS);
                        releaseHeld(x, display, root);
                    }
                }
                if (held) {
                    for (int lock : LOCKS) {
                        x.XUngrabKey(display, escape, CHORD | lock, root);
                    }
                    x.XSync(display, 0);
                }
                return null;
            });
        } catch (X11Refusal | RuntimeException gone) {
            held = false; // the server went away or changed: nothing is grabbed any more
        }
    }

    private void grab(Xlib x, Pointer display, NativeLong root) {
        escape = x.XKeysymToKeycode(display, x.XStringToKeysym("Escape")) & 0xFF;
        if (escape == 0) {
            return;
        }
        Xlib.takeError(display);
        for (int lock : LOCKS) {
            x.XGrabKey(display, escape, CHORD | lock, root, 0, Xlib.GRAB_MODE_ASYNC, Xlib.GRAB_MODE_ASYNC);
        }
        x.XSync(display, 0);
        held = Xlib.takeError(display) != Xlib.BAD_ACCESS;
    }

    /** Releases every key and pointer button that is down, through XTest, when the server has it. */
    private static void releaseHeld(Xlib x, Pointer display, NativeLong root) {
        if (!X11Session.hasExtension(x, display, "XTEST")) {
            return;
        }
        XExtensions.XTest xtest = XExtensions.XTest.INSTANCE;
        byte[] keys = new byte[32];
        x.XQueryKeymap(display, keys);
        for (int keycode = 8; keycode < 256; keycode++) { // X keycodes start at 8
            if ((keys[keycode / 8] & (1 << (keycode % 8))) != 0) {
                xtest.XTestFakeKeyEvent(display, keycode, 0, new NativeLong(0));
            }
        }
        IntByReference mask = new IntByReference();
        x.XQueryPointer(
                display,
                root,
                new NativeLongByReference(),
                new NativeLongByReference(),
                new IntByReference(),
                new IntByReference(),
                new IntByReference(),
                new IntByReference(),
                mask);
        for (int button = 1; button <= 5; button++) {
            if ((mask.getValue() & (BUTTON1_MASK << (button - 1))) != 0) {
                xtest.XTestFakeButtonEvent(display, button, 0, new NativeLong(0));
            }
        }
        x.XSync(display, 0);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ungrabs the chord, stops the thread and closes the connection. */
    @Override
    public void close() {
        closing = true;
        try {
            listener.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        session.close();
    }
}
