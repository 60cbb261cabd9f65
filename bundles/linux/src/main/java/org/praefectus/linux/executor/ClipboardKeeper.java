package org.praefectus.linux.executor;

import java.util.Map;
import org.praefectus.linux.x11.ClipboardContents;
import org.praefectus.linux.x11.ClipboardOwner;
import org.praefectus.linux.x11.X11Refusal;

/**
 * The executor's one keeper of the clipboard a paste replaced: after a paste, a {@link ClipboardOwner} serving
 * the previous text, until another client takes the selection or the executor closes. A new paste replaces
 * it (its read of the previous clipboard finds the keeper's text, so that text is kept again).
 *
 * <p>The pasted text never stays in the clipboard: the keeper takes the selection from the paste's owner before
 * that owner is closed, and when there was no previous text (an empty or a non-restorable clipboard) the paste's
 * owner is closed with nothing after it, so the clipboard ends with no owner. A password pasted into a field
 * cannot be pasted again elsewhere.
 */
final class ClipboardKeeper implements AutoCloseable {

    private final Map<String, String> environment;
    private ClipboardOwner keeper;

    ClipboardKeeper(Map<String, String> environment) {
        this.environment = environment;
    }

    /**
     * Ends a paste: puts the previous text back when there was one and the paste's owner still holds the
     * selection (a client that copied something during the paste keeps it), then closes the paste's owner and
     * the keeper of an earlier paste.
     */
    synchronized void restore(ClipboardOwner paste, ClipboardContents previous) {
        ClipboardOwner next = null;
        if (previous instanceof ClipboardContents.Text text && paste.owning()) {
            try {
                next = ClipboardOwner.offer(environment, text.text());
            } catch (X11Refusal lost) {
                // the selection cannot be taken again: it ends with no owner, never with the pasted text
            }
        }
        paste.close();
        close();
        keeper = next;
    }

    @Override
    public synchronized void close() {
        if (keeper != null) {
            keeper.close();
            keeper = null;
        }
    }
}
