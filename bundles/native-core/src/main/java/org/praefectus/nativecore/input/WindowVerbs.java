package org.praefectus.nativecore.input;

import java.util.List;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.api.resident.ActionProposal;

/**
 * The window verbs ({@link InputRequest#WINDOW_VERBS}: focus, minimize, close), the same on every platform: the one
 * window the scope names, named as the protocol names windows (by its application and exact title, so a twin is
 * refused by the executor, never acted on instead), becomes the signed {@code window} action. Closing may lose what
 * the window holds: it is signed destructive.
 */
public final class WindowVerbs {

    /** How a platform's executor finds the window of a signed {@code window} action again. */
    public enum Naming {
        /**
         * By its app ID and exact title; a window without a title is focused by its app ID alone (Linux's window
         * manager, EWMH).
         */
        APP_ID_AND_TITLE,
        /** By its exact title, always (macOS: among its application's windows; Windows: among the top-level ones). */
        TITLE
    }

    /** What a platform lists to find the window the scope names. */
    @FunctionalInterface
    public interface Listing {
        /** The desktop's windows now. */
        List<DesktopWindow> windows() throws DesktopException, ExecutorException;
    }

    private WindowVerbs() {}

    /** Whether {@code verb} is a window verb. */
    public static boolean is(String verb) {
        return InputRequest.WINDOW_VERBS.containsKey(verb);
    }

    /**
     * The signed {@code window} action of {@code request}'s window verb, on the one window of {@code listing} its
     * scope names.
     *
     * @throws DesktopException {@code usage} when the scope names no window, {@code window_not_found} when no window
     *                          or more than one matches, {@code target_not_found} when the window lacks a name
     *                          {@code naming} needs
     */
    public static ActionProposal proposal(InputRequest request, Listing listing, Naming naming, long deadlineAtMs)
            throws DesktopException, ExecutorException {
        if (request.scope().equals(ElementScope.ALL)) {
            throw new DesktopException("usage", request.verb() + " needs --app, --window-title or --window-id");
        }
        DesktopWindow window = theOne(request.scope(), listing.windows());
        WindowOperation operation = InputRequest.WINDOW_VERBS.get(request.verb());
        if (naming == Naming.APP_ID_AND_TITLE && window.appId().isEmpty()) {
            throw new DesktopException("target_not_found", "the window has no app ID to name it by");
        }
        String title = window.title() == null || window.title().isEmpty() ? null : window.title();
        if (title == null && (naming == Naming.TITLE || operation != WindowOperation.FOCUS)) {
            throw new DesktopException("target_not_found", "the window has no title to name it by");
        }
        return new ActionProposal(
                new Action.Window(operation, window.appId(), title),
                new TargetRef.None(),
                InteractionMode.INTERACTIVE,
                new VerificationPolicy.None(),
                operation == WindowOperation.CLOSE ? SafetyClass.DESTRUCTIVE : SafetyClass.REVERSIBLE,
                deadlineAtMs);
    }

    /**
     * The one window of {@code windows} that {@code scope} names.
     *
     * @throws DesktopException {@code window_not_found} when none or more than one matches
     */
    public static DesktopWindow theOne(ElementScope scope, List<DesktopWindow> windows) throws DesktopException {
        List<DesktopWindow> matching = windows.stream().filter(scope::matches).toList();
        if (matching.size() != 1) {
            throw new DesktopException(
                    "window_not_found",
                    matching.isEmpty() ? "no window matches" : "more than one window matches: give --window-id");
        }
        return matching.get(0);
    }
}
