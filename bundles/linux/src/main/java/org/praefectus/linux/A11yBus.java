package org.praefectus.linux;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/** The session-bus service that hands out the address of the accessibility (AT-SPI2) bus. */
@DBusInterfaceName("org.a11y.Bus")
public interface A11yBus extends DBusInterface {

    String BUS_NAME = "org.a11y.Bus";
    String OBJECT_PATH = "/org/a11y/bus";

    /** The address of the AT-SPI2 bus, for example {@code unix:path=/run/user/0/at-spi/bus_0}. */
    String GetAddress();
}
