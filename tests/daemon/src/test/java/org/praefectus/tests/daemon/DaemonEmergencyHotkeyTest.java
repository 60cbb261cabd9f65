package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's {@code --no-emergency-hotkey} (PeekabooX's flag) reaches the Linux executor's emergency stop: a
 * daemon that may send input grabs Ctrl+Alt+Esc by default and leaves it alone with the flag, as
 * {@code emergency-stop --status} through the daemon and the ready line report.
 */
class DaemonEmergencyHotkeyTest {

    @TempDir
    Path directory;

    private static JsonNode stopStatus(Daemon daemon, Path directory) throws Exception {
        Daemon.Result result = daemon.cli(directory, "emergency-stop", "--status");
        JsonNode envelope = result.envelope();
        assertEquals(0, result.exitCode(), envelope.toString());
        return envelope.get("data");
    }

    @Test
    void theFlagLeavesCtrlAltEscUngrabbedAndWithoutItTheDaemonGrabsIt() throws Exception {
        Daemon.requireDesktop();
        Path off = Files.createDirectories(directory.resolve("off"));
        try (Daemon daemon = Daemon.start(
                off,
                environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"),
                "--no-grpc",
                "--no-emergency-hotkey")) {
            assertFalse(daemon.ready.at("/data/emergency_hotkey").asBoolean(true), daemon.ready.toString());
            JsonNode status = stopStatus(daemon, off);
            assertTrue(status.get("hotkey").isNull(), status.toString());
            assertFalse(status.get("hotkey_grabbed").asBoolean(), status.toString());
        }
        Path on = Files.createDirectories(directory.resolve("on"));
        try (Daemon daemon =
                Daemon.start(on, environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1"), "--no-grpc")) {
            assertTrue(daemon.ready.at("/data/emergency_hotkey").asBoolean(false), daemon.ready.toString());
            JsonNode status = stopStatus(daemon, on);
            assertEquals("Ctrl+Alt+Esc", status.get("hotkey").asText(), status.toString());
            assertTrue(status.get("hotkey_grabbed").asBoolean(), status.toString());
        }
    }
}
