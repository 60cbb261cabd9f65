package org.praefectus.linux.atspi;

import java.util.LinkedHashMap;
import java.util.Map;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * dbus-java proxies by connection, object and interface, made once: making one builds a dynamic proxy, and
 * an observation calls the same few dozen objects every time. A proxy holds no state of its own; the call
 * goes out over the connection it was made for. Bounded; the least recently used are forgotten.
 */
final class RemoteObjects {

    static final int CAPACITY = 4_096;

    private record Key(AbstractConnection connection, AtspiObject object, Class<? extends DBusInterface> type) {}

    private final Map<Key, DBusInterface> proxies = new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, DBusInterface> eldest) {
            return size() > CAPACITY;
        }
    };

    /** The proxy of {@code object} as {@code type} over {@code connection} (a bus or a peer connection). */
    synchronized DBusInterface get(
            AbstractConnection connection, AtspiObject object, Class<? extends DBusInterface> type)
            throws DBusException {
        Key key = new Key(connection, object, type);
        DBusInterface proxy = proxies.get(key);
        if (proxy == null) {
            proxy = connection instanceof DirectConnection peer
                    ? peer.getRemoteObject(object.path(), type)
                    : ((DBusConnection) connection).getRemoteObject(object.busName(), object.path(), type);
            proxies.put(key, proxy);
        }
        return proxy;
    }
}
