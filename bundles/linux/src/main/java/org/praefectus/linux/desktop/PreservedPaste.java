package org.praefectus.linux.desktop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.x11.ClipboardContents;
import org.praefectus.linux.x11.X11Refusal;

/**
 * {@code paste --preserve-clipboard --restore-policy strict|best-effort|off}. The executor's paste always puts
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

    /** What the caller asked for when the previous clipboard cannot be restored. */
    public enum Policy {
        /** Refuse before anything is signed or dispatched. */
        STRICT,
        /** Paste anyway, with a warning. */
        BEST_EFFORT,
        /** Do not check (the executor still restores what it can; nothing is reported). */
        OFF
    }

    private final InputVerb verb;
    private final LinuxExecutor executor;

    PreservedPaste(InputVerb verb, LinuxExecutor executor) {
        this.verb = verb;
        this.executor = executor;
    }

    /**
     * The paste verb's data with {@code clipboard_restored} (true or false after a real paste under
     * {@code strict} or {@code best-effort}; {@code null} for a dry run or {@code off}) and {@code warnings}.
     *
     * @throws InputRefusal {@code clipboard_not_restorable} under {@code strict}, before anything was signed
     */
    Map<String, Object> run(InputRequest request, Policy policy, CancellationToken cancellation) throws InputRefusal {
        List<String> warnings = new ArrayList<>();
        if (policy == Policy.OFF) {
            Map<String, Object> data = new LinkedHashMap<>(verb.run(request, cancellation));
            data.put("clipboard_restored", null);
            data.put("warnings", warnings);
            return data;
        }
        ClipboardContents before = clipboard();
        if (before instanceof ClipboardContents.NotRestorable not) {
            if (policy == Policy.STRICT) {
                throw new InputRefusal(
                        "clipboard_not_restorable",
                        "paste: the previous clipboard cannot be restored (" + not.reason()
                                + "); nothing was pasted (--restore-policy best-effort pastes anyway)");
            }
            warnings.add("the previous clipboard cannot be restored (" + not.reason()
                    + "): after the paste the clipboard is empty");
        }
        Map<String, Object> data = new LinkedHashMap<>(verb.run(request, cancellation));
        if (request.dryRun()) {
            data.put("clipboard_restored", null);
        } else {
            boolean restored = before.restorable() && before.equals(clipboard());
            data.put("clipboard_restored", restored);
            if (before.restorable() && !restored) {
                warnings.add("the previous clipboard was not restored: the clipboard no longer holds what it held"
                        + " before the paste");
            }
        }
        data.put("warnings", warnings);
        return data;
    }

    private ClipboardContents clipboard() {
        try {
            return executor.clipboard();
        } catch (X11Refusal refused) {
            return new ClipboardContents.NotRestorable(refused.getMessage());
        }
    }
}
