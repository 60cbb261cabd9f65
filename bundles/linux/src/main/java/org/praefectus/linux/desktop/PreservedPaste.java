package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.x11.ClipboardContents;
import org.praefectus.linux.x11.X11Refusal;

/**
 * A paste that keeps the clipboard ({@link InputRequest#clipboard()}: {@code --preserve-clipboard --restore-policy
 * strict|best-effort|off}). The executor's paste always puts
 * the previous clipboard text back, or leaves the clipboard with no owner when there was none to put back (the
 * {@code paste} action carries only its text, so it has no policy); this decides what a caller gets when the
 * previous clipboard cannot be put back (no text form, too large, an owner that does not answer), and reports
 * afterwards whether the clipboard is back ({@code clipboard_restored}, read again, not taken on trust).
 *
 * <p>It runs where {@link InputVerb} runs, in the runtime whose registered executor dispatches the paste (a
 * routed CLI runs in the resident daemon), and reads the clipboard of that executor's X display
 * ({@link LinuxExecutor#clipboard()}). The clipboard is read again by the executor at dispatch: a clipboard
 * changed in between is restored as the executor found it, and then reported as not restored.
 */
public final class PreservedPaste {

    private final InputVerb verb;
    private final LinuxExecutor executor;

    PreservedPaste(InputVerb verb, LinuxExecutor executor) {
        this.verb = verb;
        this.executor = executor;
    }

    /**
     * The paste's outcome with its clipboard report: {@code restored} true or false after a real paste under
     * {@code strict} or {@code best-effort} ({@code null} for a dry run or {@code off}), and its warnings.
     *
     * @throws DesktopException {@code clipboard_not_restorable} under {@code strict}, before anything was signed
     */
    InputOutcome run(InputRequest request, ResidentHost resident, CancellationToken cancellation)
            throws DesktopException {
        List<String> warnings = new ArrayList<>();
        if (request.clipboard() == ClipboardRestore.OFF) {
            return verb.once(request, resident, cancellation)
                    .withClipboard(new InputOutcome.ClipboardReport(null, warnings));
        }
        ClipboardContents before = clipboard();
        if (before instanceof ClipboardContents.NotRestorable not) {
            if (request.clipboard() == ClipboardRestore.STRICT) {
                throw new DesktopException(
                        "clipboard_not_restorable",
                        "paste: the previous clipboard cannot be restored (" + not.reason()
                                + "); nothing was pasted (--restore-policy best-effort pastes anyway)");
            }
            warnings.add("the previous clipboard cannot be restored (" + not.reason()
                    + "): after the paste the clipboard is empty");
        }
        InputOutcome outcome = verb.once(request, resident, cancellation);
        if (request.dryRun()) {
            return outcome.withClipboard(new InputOutcome.ClipboardReport(null, warnings));
        }
        boolean restored = before.restorable() && before.equals(clipboard());
        if (before.restorable() && !restored) {
            warnings.add("the previous clipboard was not restored: the clipboard no longer holds what it held"
                    + " before the paste");
        }
        return outcome.withClipboard(new InputOutcome.ClipboardReport(restored, warnings));
    }

    private ClipboardContents clipboard() {
        try {
            return executor.clipboard();
        } catch (X11Refusal refused) {
            return new ClipboardContents.NotRestorable(refused.getMessage());
        }
    }
}
