package org.praefectus.linux;

import static org.junit.jupiter.api.Assertions.fail;

/** The real desktop these tests need; they fail, never skip, when it is missing. */
final class TestDesktop {

    private TestDesktop() {}

    static LinuxEnvironment environment() {
        LinuxEnvironment environment = LinuxEnvironment.of(System.getenv());
        if (environment.display() == null || environment.sessionBusAddress() == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop (DISPLAY and "
                    + "DBUS_SESSION_BUS_ADDRESS are not set)");
        }
        return environment;
    }
}
