package org.praefectus.linux.wayland;

import java.util.Map;
import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * The xdg-desktop-portal D-Bus interfaces Praefectus calls, as dbus-java binds them (method names are the
 * portal's). Every method that returns a path starts a request whose answer arrives later as a
 * {@link Request.Response} signal on that path ({@link PortalRequests}).
 */
final class Portal {

    private Portal() {}

    @DBusInterfaceName("org.freedesktop.portal.Request")
    interface Request extends DBusInterface {

        /** Withdraws an unanswered request. */
        void Close();

        /** The answer to one request: 0 granted, 1 cancelled by the person, 2 ended otherwise. */
        final class Response extends DBusSignal {

            private final UInt32 response;
            private final Map<String, Variant<?>> results;

            public Response(String path, UInt32 response, Map<String, Variant<?>> results) throws DBusException {
                super(path, response, results);
                this.response = response;
                this.results = results;
            }

            int code() {
                return response.intValue();
            }

            Map<String, Variant<?>> results() {
                return results;
            }
        }
    }

    @DBusInterfaceName("org.freedesktop.portal.Session")
    interface Session extends DBusInterface {
        void Close();

        /** The portal ended the session: the person stopped sharing, or the compositor went away. */
        final class Closed extends DBusSignal {
            public Closed(String path, Map<String, Variant<?>> details) throws DBusException {
                super(path, details);
            }
        }
    }

    @DBusInterfaceName("org.freedesktop.portal.Screenshot")
    interface Screenshot extends DBusInterface {
        DBusPath Screenshot(String parentWindow, Map<String, Variant<?>> options);
    }

    @DBusInterfaceName("org.freedesktop.portal.ScreenCast")
    interface ScreenCast extends DBusInterface {
        DBusPath CreateSession(Map<String, Variant<?>> options);

        DBusPath SelectSources(DBusPath session, Map<String, Variant<?>> options);

        DBusPath Start(DBusPath session, String parentWindow, Map<String, Variant<?>> options);
    }

    @DBusInterfaceName("org.freedesktop.portal.RemoteDesktop")
    interface RemoteDesktop extends DBusInterface {
        DBusPath CreateSession(Map<String, Variant<?>> options);

        DBusPath SelectDevices(DBusPath session, Map<String, Variant<?>> options);

        DBusPath Start(DBusPath session, String parentWindow, Map<String, Variant<?>> options);

        void NotifyPointerMotionAbsolute(
                DBusPath session, Map<String, Variant<?>> options, UInt32 stream, double x, double y);

        void NotifyPointerButton(DBusPath session, Map<String, Variant<?>> options, int button, UInt32 state);

        void NotifyPointerAxisDiscrete(DBusPath session, Map<String, Variant<?>> options, UInt32 axis, int steps);

        void NotifyKeyboardKeysym(DBusPath session, Map<String, Variant<?>> options, int keysym, UInt32 state);
    }
}
