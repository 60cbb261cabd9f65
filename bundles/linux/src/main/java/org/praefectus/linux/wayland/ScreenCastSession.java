package org.praefectus.linux.wayland;

import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.praefectus.linux.wayland.PortalException.Reason;

/**
 * One approved {@code org.freedesktop.portal.ScreenCast} session of the whole stage: CreateSession →
 * SelectSources (monitors, all of them) → Start. Start shows the person the portal's "Screen Share" question;
 * only a session the person shared exists as an object. It carries no input: a screen cast is capture only.
 * The session lasts until it is closed here, or the portal or the person ends it ({@link #open()}).
 */
final class ScreenCastSession implements AutoCloseable {

    private final PortalRequests requests;
    private final DBusPath session;
    private final List<RemoteDesktopSession.Stream> streams;
    private volatile boolean open = true;
    private AutoCloseable closedWatch;

    private ScreenCastSession(PortalRequests requests, DBusPath session, List<RemoteDesktopSession.Stream> streams) {
        this.requests = requests;
        this.session = session;
        this.streams = List.copyOf(streams);
    }

    /**
     * Asks the portal for a screen cast of every monitor and waits for the person's answer until
     * {@code deadlineAtMs}.
     *
     * @throws PortalException denied when the person declined or shared no monitor, unanswered when no answer
     *     came in time (the question is withdrawn), unavailable otherwise
     */
    static ScreenCastSession start(PortalRequests requests, long deadlineAtMs) throws PortalException {
        Portal.ScreenCast portal = requests.portal(Portal.ScreenCast.class);
        PortalRequests.Answer created = requests.request(
                Map.of("session_handle_token", new Variant<>(PortalRequests.token("praefectus_cast_"))),
                portal::CreateSession,
                deadlineAtMs);
        DBusPath session = new DBusPath(String.valueOf(RemoteDesktopSession.value(created, "session_handle")));
        boolean started = false;
        try {
            requests.request(
                    Map.of(
                            "types",
                            new Variant<>(new UInt32(RemoteDesktopSession.MONITOR)),
                            "multiple",
                            new Variant<>(true)),
                    options -> portal.SelectSources(session, options),
                    deadlineAtMs);
            PortalRequests.Answer answer =
                    requests.request(Map.of(), options -> portal.Start(session, "", options), deadlineAtMs);
            List<RemoteDesktopSession.Stream> streams =
                    RemoteDesktopSession.streams(RemoteDesktopSession.value(answer, "streams"));
            if (streams.isEmpty()) {
                throw new PortalException(Reason.DENIED, "no monitor was shared");
            }
            ScreenCastSession approved = new ScreenCastSession(requests, session, streams);
            // the person may stop sharing at any time (gnome-shell offers it): no frames after that
            approved.closedWatch = requests.onSessionClosed(session.getPath(), () -> approved.open = false);
            started = true;
            return approved;
        } finally {
            if (!started) {
                RemoteDesktopSession.closeSession(requests, session);
            }
        }
    }

    /** The shared monitors, as the portal placed them on the stage. */
    List<RemoteDesktopSession.Stream> streams() {
        return streams;
    }

    /** Whether the cast is still shared: neither closed here nor ended by the portal or the person. */
    boolean open() {
        return open;
    }

    @Override
    public void close() {
        open = false;
        RemoteDesktopSession.closeSession(requests, session);
        if (closedWatch != null) {
            try {
                closedWatch.close();
            } catch (Exception gone) {
                // the connection is closing anyway
            }
        }
    }
}
