package org.praefectus.linux.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Settle;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.EwmhWindows;
import org.praefectus.linux.x11.WindowRequests;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * The signed {@code window} action on X11 (seed 000's auxiliary host-level action, named by app and title, not by
 * a fenced target): the one client window whose app ID ({@link ClientWindow#appId()}) and title are exactly the
 * signed ones is focused, minimized or closed through the window manager (EWMH), and the effect is read back from
 * the window manager's own properties before the action succeeds. It changes what has the keyboard focus, so it
 * needs the operator's opt-in to global input like any pointer or keyboard input.
 */
final class WindowActions {

    static final String BACKEND = "x11-ewmh";
    /** How long the window manager may take to carry a request out before the outcome is unknown. */
    static final long SETTLE_MS = 3_000;
    /** How often the window manager's properties are read while waiting. */
    private static final long READ_EVERY_MS = 20;

    private final LinuxExecutor executor;
    private final X11Session session;

    WindowActions(LinuxExecutor executor, X11Session session) {
        this.executor = executor;
        this.session = session;
    }

    DispatchReceipt dispatch(Action.Window window, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        if (!executor.globalInputAllowed()) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.PERMISSION_DENIED,
                    "window actions require PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        }
        ClientWindow target = named(window);
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        carryOut(window.operation(), target.id(), SETTLE_MS, cancellation, deadlineAtMs);
        return DispatchReceipt.of(BACKEND);
    }

    /**
     * The one path by which a window is focused, minimized or closed (the {@code window} action, and the
     * {@code application} switch): the request goes to the window manager, and the effect is read back from its own
     * properties for at most {@code settleMs} (never past the deadline). The caller has made its checks before the
     * effect.
     *
     * @throws DispatchException {@code outcome_unknown} when the display fails once the request is sent, or the effect
     *     does not show in time or before a cancellation
     */
    void carryOut(WindowOperation operation, long id, long settleMs, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        try {
            switch (operation) {
                case FOCUS -> WindowRequests.activate(session, id);
                case MINIMIZE -> WindowRequests.minimize(session, id);
                case CLOSE -> WindowRequests.close(session, id);
            }
        } catch (X11Refusal lost) {
            throw DispatchException.ambiguous("the display failed while the window request was sent");
        }
        long until = Math.min(deadlineAtMs, System.currentTimeMillis() + settleMs);
        switch (Settle.await(() -> done(operation, id), Settle.every(READ_EVERY_MS), until, cancellation)) {
            case HELD -> {}
            case CANCELLED ->
                throw DispatchException.ambiguous(
                        "the wait for the window manager was cancelled after the request was sent");
            case TIMED_OUT ->
                throw DispatchException.ambiguous("the window manager had not carried the request out by the deadline");
        }
    }

    /** The one window the action names, or a refusal with no effect. */
    private ClientWindow named(Action.Window window) throws DispatchException {
        if (window.app() == null || window.app().isEmpty()) {
            throw DispatchException.noEffect("window names no application");
        }
        List<ClientWindow> matching = new ArrayList<>();
        for (ClientWindow client : clients()) {
            if (client.appId().equals(window.app())
                    && (window.title() == null || client.title().equals(window.title()))) {
                matching.add(client);
            }
        }
        if (matching.isEmpty()) {
            throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.TARGET_NOT_FOUND, "no such window");
        }
        if (matching.size() > 1) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT, FailureCode.CONFLICT, "more than one window has that app and title");
        }
        return matching.get(0);
    }

    /** Whether the window manager shows the effect: the window active, minimized, or gone. */
    private boolean done(WindowOperation operation, long id) throws DispatchException {
        try {
            return switch (operation) {
                case FOCUS -> WindowRequests.active(session) == id;
                case MINIMIZE ->
                    find(id).map(c -> c.state().equals("minimized")).orElse(false);
                case CLOSE -> find(id).isEmpty();
            };
        } catch (X11Refusal lost) {
            throw DispatchException.ambiguous("the display failed after the window request was sent");
        }
    }

    private Optional<ClientWindow> find(long id) throws X11Refusal {
        return EwmhWindows.list(session).stream().filter(c -> c.id() == id).findFirst();
    }

    private List<ClientWindow> clients() throws DispatchException {
        try {
            return EwmhWindows.list(session);
        } catch (X11Refusal refused) {
            throw DispatchException.unsupported("the window manager publishes no client list");
        }
    }
}
