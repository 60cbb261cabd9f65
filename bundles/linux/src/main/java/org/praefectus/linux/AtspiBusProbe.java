package org.praefectus.linux;

import java.util.Optional;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;

/**
 * Asks the session bus for the AT-SPI2 bus address. The address is taken from the session bus only: the
 * X root window property is writable by every X client and so proves nothing.
 */
public final class AtspiBusProbe {

    /**
     * @param sessionBusAddress the session bus, as in {@code DBUS_SESSION_BUS_ADDRESS}; null or blank means
     *                          there is none
     * @return the accessibility bus address, or empty when there is no session bus or it has no
     *         {@code org.a11y.Bus}
     */
    public Optional<String> accessibilityBusAddress(String sessionBusAddress) {
        if (sessionBusAddress == null || sessionBusAddress.isBlank()) {
            return Optional.empty();
        }
        try (DBusConnection session = DBusConnectionBuilder.forAddress(sessionBusAddress)
                .withShared(false)
                .build()) {
            String address = session.getRemoteObject(A11yBus.BUS_NAME, A11yBus.OBJECT_PATH, A11yBus.class)
                    .GetAddress();
            return address == null || address.isBlank() ? Optional.empty() : Optional.of(address);
        } catch (Exception | LinkageError unavailable) {
            // any failure to reach the bus or the service means the same to a caller: no AT-SPI bus
            return Optional.empty();
        }
    }
}
