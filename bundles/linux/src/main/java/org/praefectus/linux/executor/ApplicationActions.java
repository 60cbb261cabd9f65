package org.praefectus.linux.executor;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.linux.apps.AllowedApplications;
import org.praefectus.linux.apps.DetachedProcess;
import org.praefectus.linux.apps.Launchable;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.EwmhWindows;
import org.praefectus.linux.x11.WindowRequests;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * The signed {@code application} action on X11 (seed 000's auxiliary host-level action, named by string): the name
 * must be an allow-listed application ({@link AllowedApplications}: a desktop profile or a desktop ID, never a
 * command), else nothing happens.
 * <ul>
 * <li>{@code launch} starts it detached ({@link DetachedProcess}) and succeeds once a client window that was not
 *     there before appears, of the started process or carrying the application's window names (a single-instance
 *     application hands the request to its running process, which opens the window); none within
 *     {@link #LAUNCH_WAIT_MS} is {@code outcome_unknown}: the program may still be starting;</li>
 * <li>{@code switch} focuses the application's one window through the {@code window} action's own path
 *     ({@link WindowActions#carryOut});</li>
 * <li>{@code quit} asks the window manager to close each of its windows ({@code _NET_CLOSE_WINDOW}, the polite way:
 *     the application may ask to save) and succeeds once they are all gone.</li>
 * </ul>
 * Each one changes what has the keyboard focus, so it needs the operator's opt-in to global input.
 */
final class ApplicationActions {

    static final String BACKEND = "x11-ewmh-launcher";
    /** How long a launched application may take to show its window. */
    static final long LAUNCH_WAIT_MS = 20_000;
    /** How long the window manager and the application may take to close or focus. */
    static final long SETTLE_MS = 5_000;

    private final LinuxExecutor executor;
    private final X11Session session;
    private final AppearingWindows windows;

    ApplicationActions(LinuxExecutor executor, X11Session session) {
        this.executor = executor;
        this.session = session;
        this.windows = new AppearingWindows(session);
    }

    DispatchReceipt dispatch(Action.Application action, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        requireInput(executor);
        Launchable app = allowed(action.name(), executor);
        return switch (action.operation()) {
            case LAUNCH -> launch(action, app, cancellation, deadlineAtMs);
            case SWITCH -> switchTo(action, app, cancellation, deadlineAtMs);
            case QUIT -> quit(app, cancellation, deadlineAtMs);
        };
    }

    static void requireInput(LinuxExecutor executor) throws DispatchException {
        if (!executor.globalInputAllowed()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.PERMISSION_DENIED,
                    "application and open actions require PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        }
    }

    /** The allow-listed application, or a refusal with no effect. */
    static Launchable allowed(String name, LinuxExecutor executor) throws DispatchException {
        try {
            return new AllowedApplications(executor.connections().environment()).resolve(name);
        } catch (AllowedApplications.Refusal refusal) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    refusal.code().equals("application_not_allowed")
                            ? FailureCode.PERMISSION_DENIED
                            : FailureCode.TARGET_NOT_FOUND,
                    refusal.getMessage());
        }
    }

    private DispatchReceipt launch(
            Action.Application action, Launchable app, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (app.argv().isEmpty()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT, FailureCode.TARGET_NOT_FOUND, "the application is not installed");
        }
        Set<Long> before = windows.ids();
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        long pid;
        try {
            pid = DetachedProcess.start(app.argv(), executor.connections().environment());
        } catch (IOException e) {
            throw DispatchException.noEffect("the application could not be started");
        }
        long until = Math.min(deadlineAtMs, System.currentTimeMillis() + LAUNCH_WAIT_MS);
        Optional<ClientWindow> shown =
                windows.awaitNew(before, w -> w.processId() == pid || app.owns(w), until, cancellation);
        if (shown.isEmpty()) {
            throw DispatchException.ambiguous(
                    "no window of the application appeared in time: it may still be starting");
        }
        executor.shownWindows().record(action, shown.get());
        return DispatchReceipt.of(BACKEND);
    }

    private DispatchReceipt switchTo(
            Action.Application action, Launchable app, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        List<ClientWindow> mine = windowsOf(app);
        if (mine.size() > 1) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.CONFLICT,
                    "the application has more than one window: focus one with the window action");
        }
        ClientWindow window = mine.get(0);
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        new WindowActions(executor, session)
                .carryOut(WindowOperation.FOCUS, window.id(), SETTLE_MS, cancellation, deadlineAtMs);
        executor.shownWindows().record(action, window);
        return DispatchReceipt.of(BACKEND);
    }

    private DispatchReceipt quit(Launchable app, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        List<ClientWindow> mine = windowsOf(app);
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        boolean sent = false;
        try {
            for (ClientWindow window : mine) {
                WindowRequests.close(session, window.id());
                sent = true;
            }
        } catch (X11Refusal lost) {
            if (!sent) {
                throw DispatchException.noEffect("the display failed before any window was asked to close");
            }
            throw DispatchException.ambiguous("the display failed while the windows were asked to close");
        }
        long until = Math.min(deadlineAtMs, System.currentTimeMillis() + SETTLE_MS);
        Set<Long> ids = mine.stream().map(ClientWindow::id).collect(Collectors.toSet());
        if (!windows.awaitGone(ids, until, cancellation)) {
            throw DispatchException.ambiguous(
                    "the application's windows were still open at the deadline (it may be asking to save)");
        }
        return DispatchReceipt.of(BACKEND);
    }

    /** The application's client windows, at least one, or a refusal with no effect. */
    private List<ClientWindow> windowsOf(Launchable app) throws DispatchException {
        List<ClientWindow> mine;
        try {
            mine = EwmhWindows.list(session).stream().filter(app::owns).toList();
        } catch (X11Refusal refused) {
            throw DispatchException.unsupported("the window manager publishes no client list");
        }
        if (mine.isEmpty()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT, FailureCode.TARGET_NOT_FOUND, "the application has no window open");
        }
        return mine;
    }
}
