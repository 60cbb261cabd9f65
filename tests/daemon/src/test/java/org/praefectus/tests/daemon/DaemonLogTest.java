package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40, defect 2: the runtime logged to slf4j's no-op provider, so a refused plugin or an engine refusal in the
 * daemon left no trace. The daemon keeps {@code STATE/logs/daemon.log} (0600 in a 0700 folder) at its level, never
 * with typed text; a one-shot command creates no log and prints nothing on stderr.
 */
class DaemonLogTest {

    @TempDir
    Path directory;

    private static Path log(Daemon daemon) {
        return daemon.state.resolve("logs").resolve("daemon.log");
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    /** The tag of the editable field of the zenity window titled {@code title}, once it is the active window. */
    private static String entryTag(Daemon.Client client, String title) {
        return await("the zenity window is the active window")
                .atMost(Duration.ofSeconds(30))
                .until(
                        () -> {
                            JsonNode observation = client.call("{\"method\":\"observe\"}");
                            if (observation.get("ok").asBoolean()
                                    && observation
                                            .at("/data/elements/0/name")
                                            .asText()
                                            .equals(title)) {
                                for (JsonNode element : observation.at("/data/elements")) {
                                    if (element.at("/actionability/editable").asBoolean()) {
                                        return element.get("tag").asText();
                                    }
                                }
                            }
                            return null;
                        },
                        tag -> tag != null);
    }

    @Test
    void refusalsLandInThePrivateLogAtDebugButTypedTextNever() throws Exception {
        Daemon.requireDesktop();
        String title = TestWindow.uniqueTitle("Daemon Log");
        String typed = "typed-secret-" + UUID.randomUUID();
        String value = "value-secret-" + UUID.randomUUID();
        String socketTyped = "socket-secret-" + UUID.randomUUID();
        try (TestWindow window = TestWindow.zenity("--entry", title, "Type");
                Daemon daemon = Daemon.start(
                        directory, environment -> {}, "--no-grpc", "--allow-input", "--log-level", "debug");
                Daemon.Client client = daemon.connect()) {
            String tag = entryTag(client, title);
            JsonNode set = client.call("{\"method\":\"act\",\"params\":{\"tag\":\"" + tag
                    + "\",\"action\":{\"kind\":\"set_value\",\"value\":\"" + value + "\"}}}");
            assertTrue(set.get("ok").asBoolean(), set.toString());
            // input without the engine's global-input opt-in: signed by the daemon, refused by the engine
            JsonNode type = client.call("{\"method\":\"act\",\"params\":{\"tag\":\"" + tag
                    + "\",\"action\":{\"kind\":\"type_text\",\"text\":\"" + typed + "\"}}}");
            client.call("{\"method\":\"type_text\",\"params\":{\"text\":\"" + socketTyped + "\"}}");
            JsonNode plugin = client.call("{\"method\":\"call_plugin_tool\",\"params\":{\"plugin_id\":\"system-info\","
                    + "\"tool\":\"info\",\"arguments\":{}}}");
            assertEquals("plugins_not_allowed", plugin.at("/error/code").asText(), plugin.toString());
            JsonNode routed = client.call("{\"method\":\"cli\",\"params\":{\"argv\":[\"capabilities\"]}}");
            assertTrue(routed.get("ok").asBoolean(), routed.toString());

            Path log = log(daemon);
            assertEquals("rwx------", mode(log.getParent()), "the log folder is the user's alone");
            assertEquals("rw-------", mode(log), "the log is the user's alone");
            String text = Files.readString(log);
            assertTrue(text.contains(" INFO [") && text.contains(" - daemon serving: profile assist"), text);
            assertTrue(
                    text.contains(" WARN [") && text.contains(" - refused call_plugin_tool: plugins_not_allowed\n"),
                    text);
            assertTrue(text.contains(" DEBUG [") && text.contains(" - set_value daemon-"), text);
            assertTrue(
                    text.contains(" - capabilities ran through the daemon: ok\n"), "DEBUG is kept at debug: " + text);
            if (!type.get("ok").asBoolean()) {
                assertTrue(text.contains("type_text"), "the refused input is logged by kind: " + type + "\n" + text);
            }
            for (String secret : List.of(typed, value, socketTyped)) {
                assertFalse(text.contains(secret), "the log never holds typed text or values: " + text);
            }
        }
    }

    @Test
    void aOneShotCommandLeavesNoLogWhileTheDaemonKeepsOneAtInfo() throws Exception {
        Path xdg = Files.createDirectories(directory.resolve("xdg-state"));
        Daemon.Result capabilities = Daemon.cli(
                directory,
                environment -> environment.put("XDG_STATE_HOME", xdg.toString()),
                "--no-daemon",
                "capabilities");
        assertEquals(0, capabilities.exitCode(), capabilities.stdout() + capabilities.stderr());
        assertEquals("", capabilities.stderr(), "a one-shot command prints nothing on stderr");
        assertEquals(List.of(), logsUnder(directory), "a one-shot command creates no log");

        try (Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc");
                Daemon.Client client = daemon.connect()) {
            JsonNode plugin = client.call("{\"method\":\"call_plugin_tool\",\"params\":{\"plugin_id\":\"system-info\","
                    + "\"tool\":\"info\",\"arguments\":{}}}");
            assertEquals("plugins_not_allowed", plugin.at("/error/code").asText(), plugin.toString());
            assertTrue(client.call("{\"method\":\"cli\",\"params\":{\"argv\":[\"capabilities\"]}}")
                    .get("ok")
                    .asBoolean());
            String text = Files.readString(log(daemon));
            assertTrue(text.contains(" - refused call_plugin_tool: plugins_not_allowed\n"), text);
            assertFalse(text.contains(" DEBUG ["), "DEBUG is absent at the default level, info: " + text);
            assertFalse(text.contains("ran through the daemon"), text);
        }
    }

    private static List<Path> logsUnder(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(p -> p.getFileName().toString().equals("logs")).toList();
        }
    }
}
