package org.praefectus.linux.executor;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.Settle;
import org.praefectus.linux.x11.ClientWindow;
import org.praefectus.linux.x11.EwmhWindows;
import org.praefectus.linux.x11.X11Refusal;
import org.praefectus.linux.x11.X11Session;

/**
 * Waiting ({@link Settle}) for the window manager to show something, read from its own client list
 * ({@code _NET_CLIENT_LIST}) every 20 ms: a window that was not there before a launch, or the windows an action closes going away.
 */
final class AppearingWindows {

    private static final long READ_EVERY_MS = 20;

    private final X11Session session;

    AppearingWindows(X11Session session) {
        this.session = session;
    }

    /** The IDs of the client windows now. */
    Set<Long> ids() throws DispatchException {
        try {
            return EwmhWindows.list(session).stream().map(ClientWindow::id).collect(Collectors.toSet());
        } catch (X11Refusal refused) {
            throw DispatchException.unsupported("the window manager publishes no client list");
        }
    }

    /**
     * The first mapped client window not in {@code before} that {@code wanted} accepts, by {@code untilMs}; empty when
     * none came, the display failed, or the wait was cancelled: the effect may still be under way.
     */
    Optional<ClientWindow> awaitNew(
            Set<Long> before, Predicate<ClientWindow> wanted, long untilMs, CancellationToken cancellation) {
        AtomicReference<ClientWindow> shown = new AtomicReference<>();
        Settle.Check<X11Refusal> appeared = () -> {
            for (ClientWindow window : EwmhWindows.list(session)) {
                if (!before.contains(window.id()) && wanted.test(window)) {
                    shown.set(window);
                    return true;
                }
            }
            return false;
        };
        try {
            Settle.await(appeared, Settle.every(READ_EVERY_MS), untilMs, cancellation);
        } catch (X11Refusal lost) {
            return Optional.empty();
        }
        return Optional.ofNullable(shown.get());
    }

    /** Whether every window in {@code ids} has left the client list by {@code untilMs} (and before a cancellation). */
    boolean awaitGone(Set<Long> ids, long untilMs, CancellationToken cancellation) {
        try {
            return Settle.await(
                            () -> EwmhWindows.list(session).stream().noneMatch(w -> ids.contains(w.id())),
                            Settle.every(READ_EVERY_MS),
                            untilMs,
                            cancellation)
                    == Settle.Outcome.HELD;
        } catch (X11Refusal lost) {
            return false;
        }
    }
}
