package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Owns the CLIPBOARD selection of the trusted X server with one text: a private connection (checked like
 * every X11 session) and an unmapped window own it, and one thread answers the requests for {@code TARGETS},
 * {@code UTF8_STRING} and {@code STRING} with the text until another client takes the selection
 * ({@code SelectionClear}) or the owner is closed. A paste uses two: one serves the pasted text for the length
 * of the paste, the other then keeps serving the clipboard the paste replaced (see the executor's
 * {@code InputDispatch}). The text goes to the requesting window only: it is never logged, and its bytes are
 * cleared as soon as the owner stops serving.
 */
public final class ClipboardOwner implements AutoCloseable {

    /** Largest text served, in UTF-8 bytes: one property change, below every server's request limit. */
    public static final int MAX_TEXT_BYTES = 64 * 1024;

    private static final long CURRENT_TIME = 0;
    private static final long NONE = 0;

    private final X11Session session;
    private final byte[] utf8;
    private final byte[] latin1;
    private final CountDownLatch served = new CountDownLatch(1);
    private final Thread server;
    private volatile boolean closing;
    private volatile boolean cleared;
    private long window;
    private long clipboard;
    private long targets;
    private long utf8String;

    private ClipboardOwner(X11Session session, String text) {
        this.session = session;
        this.utf8 = text.getBytes(StandardCharsets.UTF_8);
        this.latin1 = StandardCharsets.ISO_8859_1.newEncoder().canEncode(text)
                ? text.getBytes(StandardCharsets.ISO_8859_1)
                : null;
        this.server = new Thread(this::serve, "praefectus-clipboard-owner");
        this.server.setDaemon(true);
    }

    /**
     * Takes the CLIPBOARD selection with this text and starts answering requests.
     *
     * @throws X11Refusal when X11 is refused or the selection cannot be taken (no effect)
     */
    public static ClipboardOwner offer(Map<String, String> environment, String text) throws X11Refusal {
        if (text.isEmpty()
                || text.indexOf('\0') >= 0
                || text.getBytes(StandardCharsets.UTF_8).length > MAX_TEXT_BYTES) {
            throw new X11Refusal("the text cannot be pasted");
        }
        X11Session session = X11Session.open(environment);
        ClipboardOwner owner = new ClipboardOwner(session, text);
        try {
            session.withDisplay((x, display, screen, root) -> {
                owner.window = x.XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, new NativeLong(0), new NativeLong(0))
                        .longValue();
                owner.clipboard = x.XInternAtom(display, "CLIPBOARD", 0).longValue();
                owner.targets = x.XInternAtom(display, "TARGETS", 0).longValue();
                owner.utf8String = x.XInternAtom(display, "UTF8_STRING", 0).longValue();
                x.XSetSelectionOwner(
                        display,
                        new NativeLong(owner.clipboard),
                        new NativeLong(owner.window),
                        new NativeLong(CURRENT_TIME));
                if (x.XGetSelectionOwner(display, new NativeLong(owner.clipboard))
                                .longValue()
                        != owner.window) {
                    throw new X11Refusal("the clipboard cannot be owned");
                }
                x.XFlush(display);
                return null;
            });
        } catch (X11Refusal | RuntimeException e) {
            session.close();
            throw e instanceof X11Refusal refusal ? refusal : new X11Refusal("the clipboard cannot be owned");
        }
        owner.server.start();
        return owner;
    }

    /** Waits until a window took the text (as UTF8_STRING or STRING); false when none did in time. */
    public boolean awaitServed(long millis) throws InterruptedException {
        return served.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Whether no other client took the selection yet (as far as this owner has been told). */
    public boolean owning() {
        return !cleared && server.isAlive();
    }

    private void serve() {
        try {
            session.withDisplay((x, display, screen, root) -> {
                Memory event = new Memory(Xlib.XEVENT_SIZE);
                while (!closing) {
                    if (x.XPending(display) == 0) {
                        sleepBriefly();
                        continue;
                    }
                    x.XNextEvent(display, event);
                    int type = event.getInt(0);
                    if (type == Xlib.SELECTION_CLEAR) {
                        cleared = true;
                        return null;
                    }
                    if (type == Xlib.SELECTION_REQUEST) {
                        answer(x, display, event);
                    }
                }
                return null;
            });
        } catch (X11Refusal | RuntimeException stopped) {
            // the server went away or changed: nothing more is served
        } finally {
            // only this thread reads the text: once it stops serving, nothing needs it any more
            forget();
        }
    }

    private void forget() {
        Arrays.fill(utf8, (byte) 0);
        if (latin1 != null) {
            Arrays.fill(latin1, (byte) 0);
        }
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One {@code XSelectionRequestEvent} (LP64 offsets), answered with a {@code SelectionNotify}. */
    private void answer(Xlib x, Pointer display, Memory request) {
        long requestor = request.getNativeLong(40).longValue();
        long selection = request.getNativeLong(48).longValue();
        long target = request.getNativeLong(56).longValue();
        long property = request.getNativeLong(64).longValue();
        long time = request.getNativeLong(72).longValue();
        if (property == NONE) {
            // an obsolete requestor: the target names the property
            property = target;
        }
        boolean answered = false;
        boolean delivered = false;
        if (selection == clipboard) {
            if (target == targets) {
                long[] offered = latin1 != null
                        ? new long[] {targets, utf8String, Xlib.XA_STRING}
                        : new long[] {targets, utf8String};
                Memory atoms = new Memory(8L * offered.length);
                for (int i = 0; i < offered.length; i++) {
                    atoms.setNativeLong(8L * i, new NativeLong(offered[i]));
                }
                x.XChangeProperty(
                        display,
                        new NativeLong(requestor),
                        new NativeLong(property),
                        new NativeLong(Xlib.XA_ATOM),
                        32,
                        Xlib.PROP_MODE_REPLACE,
                        atoms,
                        offered.length);
                answered = true;
            } else if (target == utf8String || (target == Xlib.XA_STRING && latin1 != null)) {
                byte[] bytes = target == utf8String ? utf8 : latin1;
                Memory data = new Memory(bytes.length);
                data.write(0, bytes, 0, bytes.length);
                x.XChangeProperty(
                        display,
                        new NativeLong(requestor),
                        new NativeLong(property),
                        new NativeLong(target),
                        8,
                        Xlib.PROP_MODE_REPLACE,
                        data,
                        bytes.length);
                data.clear();
                answered = true;
                delivered = true;
            }
        }
        Memory notify = new Memory(Xlib.XEVENT_SIZE);
        notify.clear();
        notify.setInt(0, Xlib.SELECTION_NOTIFY);
        notify.setInt(16, 1);
        notify.setPointer(24, display);
        notify.setNativeLong(32, new NativeLong(requestor));
        notify.setNativeLong(40, new NativeLong(selection));
        notify.setNativeLong(48, new NativeLong(target));
        notify.setNativeLong(56, new NativeLong(answered ? property : NONE));
        notify.setNativeLong(64, new NativeLong(time));
        x.XSendEvent(display, new NativeLong(requestor), 0, new NativeLong(0), notify);
        x.XFlush(display);
        if (delivered) {
            served.countDown();
        }
    }

    /** Stops serving, gives the selection up (its window is destroyed) and closes the connection. */
    @Override
    public void close() {
        closing = true;
        try {
            server.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            session.withDisplay((x, display, screen, root) -> x.XDestroyWindow(display, new NativeLong(window)));
        } catch (X11Refusal gone) {
            // the connection is closed below either way, which destroys the window too
        }
        forget();
        session.close();
    }
}
