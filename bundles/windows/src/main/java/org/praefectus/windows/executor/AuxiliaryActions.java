package org.praefectus.windows.executor;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * The auxiliary host-level actions, never fenced: {@code application launch} runs a program from the system
 * directories, {@code open} hands a document or URL to {@code explorer.exe}, {@code clipboard_write} pipes
 * UTF-16 text to {@code clip.exe}, {@code window} acts through UI Automation on the top-level window with
 * that exact title (focus, minimize, close through the window pattern; no synthesized input).
 */
final class AuxiliaryActions {

    private final UiaApi uia;
    private final SystemPrograms programs;

    AuxiliaryActions(UiaApi uia, SystemPrograms programs) {
        this.uia = uia;
        this.programs = programs;
    }

    void dispatch(Action action, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (action instanceof Action.Application application) {
            if (!"launch".equals(application.operation())) {
                throw DispatchException.noEffect("unknown application operation");
            }
            run(application.app(), List.of(), null, cancellation, deadlineAtMs);
        } else if (action instanceof Action.Open open) {
            if (open.target().isBlank()
                    || open.target().startsWith("/")
                    || open.target().startsWith("-")) {
                throw DispatchException.noEffect("open names no document or URL");
            }
            run("explorer", List.of(open.target()), null, cancellation, deadlineAtMs);
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            // clip.exe reads UTF-16 when the input starts with its byte-order mark
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            text.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xFE});
            text.writeBytes(clipboard.text().getBytes(StandardCharsets.UTF_16LE));
            run("clip", List.of(), text.toByteArray(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Window window) {
            window(window, cancellation, deadlineAtMs);
        } else {
            throw DispatchException.unsupported("not an auxiliary action");
        }
    }

    private void window(Action.Window window, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (window.title() == null || window.title().isBlank()) {
            throw DispatchException.noEffect("window names no title");
        }
        TopLevelWindow match = null;
        for (TopLevelWindow candidate : uia.topLevelWindows()) {
            if (window.title().equals(candidate.title())) {
                if (match != null) {
                    throw DispatchException.noEffect("window is ambiguous");
                }
                match = candidate;
            }
        }
        if (match == null) {
            throw DispatchException.noEffect("window not found");
        }
        UiaNode node = uia.tree(match.handle(), 1).orElseThrow(() -> DispatchException.noEffect("window not found"));
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        int result = switch (window.operation()) {
            case "focus", "raise" -> uia.setFocus(node.element());
            case "minimize" -> uia.minimizeWindow(node.element());
            case "close" -> uia.closeWindow(node.element());
            default -> throw DispatchException.noEffect("unknown window operation");
        };
        if (result != UiaApi.S_OK) {
            throw DispatchException.ambiguous("window action failed after dispatch began");
        }
    }

    private void run(
            String program, List<String> arguments, byte[] stdin, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        switch (programs.run(program, arguments, stdin, deadlineAtMs)) {
            case SUCCEEDED -> {}
            case NOT_STARTED -> throw DispatchException.unsupported("the system program is unavailable");
            case UNKNOWN -> throw DispatchException.ambiguous("the system program did not finish cleanly");
        }
    }
}
