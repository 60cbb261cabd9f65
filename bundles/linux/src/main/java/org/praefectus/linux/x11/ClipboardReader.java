package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Settle;

/**
 * Reads the textual CLIPBOARD selection of the trusted X server, so that a paste can put it back: a private,
 * checked connection and an unmapped window ask the owner to convert the selection to {@code UTF8_STRING}
 * (then {@code STRING}, when the owner refuses the first) into a property of that window, wait a bounded time
 * for its {@code SelectionNotify} and read the property once. No owner is an empty clipboard. An owner that
 * offers no text, answers with an {@code INCR} transfer or more than {@link ClipboardOwner#MAX_TEXT_BYTES},
 * or does not answer in time gives {@link ClipboardContents.NotRestorable} with a fixed reason. Only the text
 * form is read: an owner that also offered other forms (HTML, an image) is restored as its text. The text is
 * never logged; the buffers that held it are cleared.
 */
public final class ClipboardReader {

    /** How long the owner has to answer, for both conversions together. */
    static final long ANSWER_MS = 400;

    private static final long CURRENT_TIME = 0;
    private static final long NONE = 0;

    private ClipboardReader() {}

    /**
     * The clipboard now.
     *
     * @throws X11Refusal when the X server is refused (Wayland, untrusted, no display): nothing was read
     */
    public static ClipboardContents read(Map<String, String> environment) throws X11Refusal {
        try (X11Session session = X11Session.open(environment)) {
            return session.withDisplay(ClipboardReader::read);
        } catch (RuntimeException broken) {
            return new ClipboardContents.NotRestorable("the clipboard cannot be read");
        }
    }

    private static ClipboardContents read(Xlib x, Pointer display, int screen, NativeLong root) {
        NativeLong clipboard = x.XInternAtom(display, "CLIPBOARD", 0);
        if (x.XGetSelectionOwner(display, clipboard).longValue() == NONE) {
            return new ClipboardContents.Empty();
        }
        NativeLong window = x.XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, new NativeLong(0), new NativeLong(0));
        try {
            NativeLong property = x.XInternAtom(display, "PRAEFECTUS_CLIPBOARD", 0);
            long deadline = System.currentTimeMillis() + ANSWER_MS;
            long[] targets = {x.XInternAtom(display, "UTF8_STRING", 0).longValue(), Xlib.XA_STRING};
            for (long target : targets) {
                x.XConvertSelection(
                        display, clipboard, new NativeLong(target), property, window, new NativeLong(CURRENT_TIME));
                x.XFlush(display);
                Long answered = awaitNotify(x, display, window, deadline);
                if (answered == null) {
                    return new ClipboardContents.NotRestorable("the clipboard owner did not answer in time");
                }
                if (answered != NONE) {
                    return property(x, display, window, property, target);
                }
            }
            return new ClipboardContents.NotRestorable("the clipboard holds no text");
        } finally {
            x.XDestroyWindow(display, window);
            x.XFlush(display);
        }
    }

    /**
     * The property named by the {@code SelectionNotify} for the window ({@code NONE} when the owner refused the
     * target), or {@code null} when none came before the deadline. {@code XSelectionEvent}, LP64 offsets.
     */
    private static Long awaitNotify(Xlib x, Pointer display, NativeLong window, long deadline) {
        Memory event = new Memory(Xlib.XEVENT_SIZE);
        boolean came = Settle.until(
                () -> x.XCheckTypedWindowEvent(display, window, Xlib.SELECTION_NOTIFY, event) != 0,
                2,
                deadline,
                new CancellationToken());
        return came ? event.getNativeLong(56).longValue() : null;
    }

    private static ClipboardContents property(
            Xlib x, Pointer display, NativeLong window, NativeLong property, long target) {
        NativeLongByReference type = new NativeLongByReference();
        IntByReference format = new IntByReference();
        NativeLongByReference items = new NativeLongByReference();
        NativeLongByReference after = new NativeLongByReference();
        PointerByReference value = new PointerByReference();
        int status = x.XGetWindowProperty(
                display,
                window,
                property,
                new NativeLong(0),
                // in 32-bit units: one unit more than the bound, so a longer text shows as longer
                new NativeLong(ClipboardOwner.MAX_TEXT_BYTES / 4 + 1),
                1,
                new NativeLong(Xlib.ANY_PROPERTY_TYPE),
                type,
                format,
                items,
                after,
                value);
        Pointer data = value.getValue();
        long count = items.getValue().longValue();
        try {
            if (status != 0 || data == null) {
                return new ClipboardContents.NotRestorable("the clipboard cannot be read");
            }
            long actual = type.getValue().longValue();
            if (actual == x.XInternAtom(display, "INCR", 0).longValue()) {
                return new ClipboardContents.NotRestorable("the clipboard is too large to restore");
            }
            if (actual != target || format.getValue() != 8) {
                return new ClipboardContents.NotRestorable("the clipboard text is in a form that cannot be restored");
            }
            if (after.getValue().longValue() > 0 || count > ClipboardOwner.MAX_TEXT_BYTES) {
                return new ClipboardContents.NotRestorable("the clipboard is too large to restore");
            }
            byte[] bytes = data.getByteArray(0, (int) count);
            try {
                return text(bytes, target == Xlib.XA_STRING);
            } finally {
                Arrays.fill(bytes, (byte) 0);
            }
        } finally {
            if (data != null) {
                // at least count bytes are allocated in every format
                data.setMemory(0, count, (byte) 0);
                x.XFree(data);
            }
        }
    }

    private static ClipboardContents text(byte[] bytes, boolean latin1) {
        String text;
        if (latin1) {
            text = new String(bytes, StandardCharsets.ISO_8859_1);
        } else {
            try {
                text = StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes))
                        .toString();
            } catch (CharacterCodingException e) {
                return new ClipboardContents.NotRestorable("the clipboard text is not UTF-8");
            }
        }
        if (text.isEmpty()) {
            return new ClipboardContents.Empty();
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > ClipboardOwner.MAX_TEXT_BYTES) {
            // a STRING text of Latin-1 characters takes more bytes as UTF-8
            return new ClipboardContents.NotRestorable("the clipboard is too large to restore");
        }
        if (text.indexOf('\0') >= 0) {
            return new ClipboardContents.NotRestorable("the clipboard text contains NUL");
        }
        return new ClipboardContents.Text(text);
    }
}
