package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The frame helper's lookup, environment and command line (no PipeWire needed). */
class PipeWireHelperTest {

    @TempDir
    Path directory;

    @Test
    void theHelperIsFoundOnlyAsAnExecutableOnPath() throws Exception {
        assertFalse(PipeWireHelper.installed(Map.of("PATH", directory.toString())));
        Path helper = Files.writeString(directory.resolve(PipeWireHelper.NAME), "#!/bin/sh\n");
        assertFalse(PipeWireHelper.installed(Map.of("PATH", directory.toString())), "not executable");
        Files.setPosixFilePermissions(helper, PosixFilePermissions.fromString("rwx------"));
        assertTrue(PipeWireHelper.installed(Map.of("PATH", "/nonexistent:" + directory)));
    }

    @Test
    void theHelperSeesWherePipeWireIsAndNothingOfTheHostsSecrets() {
        Map<String, String> child = PipeWireHelper.environment(Map.of(
                "XDG_RUNTIME_DIR", "/run/user/1000",
                "HOME", "/home/p",
                "PEEKABOOX_GRPC_TOKEN", "secret",
                "DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus",
                "WAYLAND_DISPLAY", "wayland-0"));
        assertEquals(Map.of("XDG_RUNTIME_DIR", "/run/user/1000", "HOME", "/home/p", "PATH", "/usr/bin:/bin"), child);
    }

    @Test
    void theCommandNamesTheNodeAndDemandsExactlyTheAnnouncedSize() {
        String command = String.join(" ", PipeWireFrames.command(new RemoteDesktopSession.Stream(37, 0, 0, 1280, 800)));
        assertEquals(
                "gst-launch-1.0 -q pipewiresrc path=37 always-copy=true ! videoconvert"
                        + " ! video/x-raw,format=BGRx,width=1280,height=800 ! fdsink fd=1 sync=false",
                command);
    }
}
