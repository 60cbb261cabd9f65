package org.praefectus.windows.executor;

import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.windows.uia.TopLevelWindow;
import org.praefectus.windows.uia.UiaApi;
import org.praefectus.windows.uia.UiaNode;

/**
 * The auxiliary host-level actions, never fenced: {@code application launch} runs a program from the system
 * directories, {@code open} hands a document or URL to {@code explorer.exe}, {@code clipboard_write} pipes
 * text onto the clipboard through {@link ClipboardText} (read back), {@code window} acts through UI Automation on the top-level window with
 * that exact title (focus, minimize, close through the window pattern; no synthesized input).
 */
final class AuxiliaryActions {

    private final UiaApi uia;
    private final SystemPrograms programs;
    private final ClipboardText clipboard;

    AuxiliaryActions(UiaApi uia, SystemPrograms programs, ClipboardText clipboard) {
        this.uia = uia;
        this.programs = programs;
        this.clipboard = clipboard;
    }

    void dispatch(Action action, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        if (action instanceof Action.Application application) {
            if (application.operation() != ApplicationOperation.LAUNCH) {
                throw DispatchException.unsupported("only application launch is supported");
            }
            run(application.name(), List.of(), cancellation, deadlineAtMs);
        } else if (action instanceof Action.Open open) {
            if (open.target().isBlank()
                    || open.target().startsWith("/")
                    || open.target().startsWith("-")) {
                throw DispatchException.noEffect("open names no document or URL");
            }
            if (open.app() != null) {
                throw DispatchException.unsupported("open with a named application is not supported");
            }
            run("explorer", List.of(open.target()), cancellation, deadlineAtMs);
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
            this.clipboard.write(clipboard.text());
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
            case FOCUS -> uia.setFocus(node.element());
            case MINIMIZE -> uia.minimizeWindow(node.element());
            case CLOSE -> uia.closeWindow(node.element());
        };
        if (result != UiaApi.S_OK) {
            throw DispatchException.ambiguous("window action failed after dispatch began");
        }
    }

    private void run(String program, List<String> arguments, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        switch (programs.run(program, arguments, deadlineAtMs)) {
            case SUCCEEDED -> {}
            case NOT_STARTED -> throw DispatchException.unsupported("the system program is unavailable");
            case UNKNOWN -> throw DispatchException.ambiguous("the system program did not finish cleanly");
        }
    }
}
