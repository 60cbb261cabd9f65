package org.praefectus.linux.wayland;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.Variant;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * One private session-bus connection to the portal frontend, and its request protocol: a method that takes a
 * {@code handle_token} returns a request path at once and answers later with a {@code Response} signal on that
 * path. The handler is registered on the path computed from the token <em>before</em> the call, so a quick
 * answer is never missed. The connection must outlive every portal session made through it: the portal closes
 * a session whose caller disconnects.
 */
final class PortalRequests implements AutoCloseable {

    /** A request answered: the portal's result map. */
    record Answer(Map<String, Variant<?>> results) {}

    /** A portal call that starts a request with the given options. */
    interface Call {
        DBusPath start(Map<String, Variant<?>> options) throws RuntimeException;
    }

    private static final AtomicLong TOKENS = new AtomicLong();

    private final DBusConnection connection;

    private PortalRequests(DBusConnection connection) {
        this.connection = connection;
    }

    /**
     * Connects to the session bus.
     *
     * @throws PortalException unavailable when there is no session bus
     */
    static PortalRequests connect(String sessionBusAddress) throws PortalException {
        if (sessionBusAddress == null || sessionBusAddress.isBlank()) {
            throw new PortalException(Reason.UNAVAILABLE, "no session bus");
        }
        try {
            return new PortalRequests(DBusConnectionBuilder.forAddress(sessionBusAddress)
                    .withShared(false)
                    .build());
        } catch (DBusException | RuntimeException | LinkageError e) {
            throw new PortalException(Reason.UNAVAILABLE, "the session bus cannot be reached");
        }
    }

    /** A portal interface on the frontend's object. */
    <T extends DBusInterface> T portal(Class<T> type) throws PortalException {
        return remote(PortalInterface.OBJECT_PATH, type);
    }

    /** A portal object (a session) at a path the frontend handed out. */
    <T extends DBusInterface> T remote(String path, Class<T> type) throws PortalException {
        try {
            return connection.getRemoteObject(PortalInterface.BUS_NAME, path, type);
        } catch (DBusException e) {
            throw new PortalException(Reason.UNAVAILABLE, "the portal is unavailable");
        }
    }

    /**
     * Calls {@code onClose} once the portal reports the session at {@code path} closed.
     *
     * @return what stops listening
     */
    AutoCloseable onSessionClosed(String path, Runnable onClose) throws PortalException {
        try {
            return connection.addSigHandler(Portal.Session.Closed.class, signal -> {
                if (path.equals(signal.getPath())) {
                    onClose.run();
                }
            });
        } catch (DBusException e) {
            throw new PortalException(Reason.UNAVAILABLE, "the portal session cannot be watched");
        }
    }

    /** A fresh token: the portal requires it to be a valid D-Bus object path element. */
    static String token(String prefix) {
        return prefix + ProcessHandle.current().pid() + "_" + TOKENS.incrementAndGet();
    }

    /**
     * Makes one request and waits for its answer until {@code deadlineAtMs}.
     *
     * @throws PortalException denied when the person cancelled (response 1), unavailable when it ended
     *     otherwise (2) or the call failed, unanswered when the deadline passed (the request is then closed)
     */
    Answer request(Map<String, Variant<?>> options, Call call, long deadlineAtMs) throws PortalException {
        String token = token("praefectus_");
        String path = PortalInterface.OBJECT_PATH + "/request/"
                + connection.getUniqueName().substring(1).replace('.', '_') + "/" + token;
        CompletableFuture<Portal.Request.Response> answer = new CompletableFuture<>();
        Map<String, Variant<?>> withToken = new HashMap<>(options);
        withToken.put("handle_token", new Variant<>(token));
        try (AutoCloseable handler = connection.addSigHandler(Portal.Request.Response.class, signal -> {
            if (path.equals(signal.getPath())) {
                answer.complete(signal);
            }
        })) {
            DBusPath started;
            try {
                started = call.start(withToken);
            } catch (RuntimeException refused) {
                throw new PortalException(Reason.UNAVAILABLE, "the portal refused the request");
            }
            if (!path.equals(started.getPath())) {
                // a frontend older than handle_token answers on a path of its own choosing
                throw new PortalException(Reason.UNAVAILABLE, "the portal answered on an unexpected path");
            }
            Portal.Request.Response response = await(answer, started.getPath(), deadlineAtMs);
            return switch (response.code()) {
                case 0 -> new Answer(response.results());
                case 1 -> throw new PortalException(Reason.DENIED, "the request was not approved");
                default -> throw new PortalException(Reason.UNAVAILABLE, "the portal ended the request");
            };
        } catch (PortalException e) {
            throw e;
        } catch (Exception e) {
            throw new PortalException(Reason.UNAVAILABLE, "the portal request failed");
        }
    }

    private Portal.Request.Response await(
            CompletableFuture<Portal.Request.Response> answer, String path, long deadlineAtMs) throws PortalException {
        try {
            return answer.get(Math.max(1, deadlineAtMs - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            close(path);
            throw new PortalException(Reason.UNANSWERED, "the portal request was not answered in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close(path);
            throw new PortalException(Reason.UNANSWERED, "the portal request was interrupted");
        } catch (ExecutionException e) {
            throw new PortalException(Reason.UNAVAILABLE, "the portal request failed");
        }
    }

    /** Withdraws a request (the question on screen goes away); a request already gone is fine. */
    private void close(String path) {
        try {
            remote(path, Portal.Request.class).Close();
        } catch (PortalException | RuntimeException gone) {
            // nothing left to withdraw
        }
    }

    @Override
    public void close() {
        connection.disconnect();
    }
}
