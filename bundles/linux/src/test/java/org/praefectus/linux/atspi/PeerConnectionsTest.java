package org.praefectus.linux.atspi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PeerConnectionsTest {

    @Test
    void onlyAPlainAbsoluteSocketPathIsAccepted() {
        assertEquals(
                Optional.of(Path.of("/run/user/1000/at-spi2-socket-42")),
                PeerConnections.socketPath("unix:path=/run/user/1000/at-spi2-socket-42"));
        for (String refused : new String[] {
            null,
            "",
            "unix:abstract=/tmp/dbus-x",
            "tcp:host=localhost,port=1",
            "unix:path=relative/socket",
            "unix:path=/run/user/1000/../0/socket",
            "unix:path=/a,guid=1",
            "unix:path=/a;unix:path=/b",
            "unix:path=/a%2cb",
            "unix:path=/a\nb",
            "unix:path=/a/",
            "unix:path="
        }) {
            assertEquals(Optional.empty(), PeerConnections.socketPath(refused), String.valueOf(refused));
        }
    }
}
