package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #36 {@code app launch|quit} and {@code open} through the daemon: {@code praefectus --daemon app launch} starts an
 * application by a desktop ID of this test's own XDG folders through the daemon's signed {@code application} action
 * and answers its window (read back by xdotool); the socket's {@code launch_app}, {@code quit_app} and {@code open}
 * are the same verbs of the same service. Launching needs the input gate, quitting the operator profile; a name that
 * is no profile or desktop ID is refused; without a daemon nothing starts.
 */
class DaemonApplicationTest {

    private static final String FACTORY = "praefectus-daemon-factory.desktop";

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() {
        Daemon.requireDesktop();
    }

    /** Ends what the test started (detached from the daemon, it would outlive it), by the windows' processes. */
    @AfterEach
    void endFactories() throws Exception {
        for (String window : factoryWindows().split("\\s+")) {
            if (!window.isEmpty()) {
                long pid = Long.parseLong(run("xdotool", "getwindowpid", window).strip());
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void theDaemonLaunchesQuitsAndOpensBehindItsGates() throws Exception {
        Consumer<Map<String, String>> xdg = this::testFolders;
        assertEquals("", factoryWindows(), "no factory runs before");

        Daemon.Result oneShot = Daemon.cli(directory, xdg, "app", "launch", FACTORY);
        assertFalse(oneShot.exitCode() == 0, oneShot.stdout());
        assertEquals("runtime_unavailable", oneShot.envelope().at("/error/code").asText(), oneShot.stdout());

        try (Daemon gated = Daemon.start(directory.resolve("gated"), xdg, "--no-grpc")) {
            Daemon.Result refused = gated.cli(directory, "--daemon", "app", "launch", FACTORY);
            assertFalse(refused.exitCode() == 0, refused.stdout());
            assertEquals(
                    "input_not_allowed", refused.envelope().at("/error/code").asText(), refused.stdout());
        }
        assertEquals("", factoryWindows(), "the input gate starts nothing");

        try (Daemon daemon = Daemon.start(directory.resolve("assist"), xdg, "--no-grpc", "--allow-input")) {
            Daemon.Result launched = daemon.cli(directory, "--daemon", "app", "launch", FACTORY);
            assertEquals(0, launched.exitCode(), launched.stdout() + launched.stderr());
            JsonNode data = launched.envelope().get("data");
            assertEquals("application", data.get("action").asText(), launched.stdout());
            assertEquals("succeeded", data.get("status").asText(), launched.stdout());
            assertEquals("gtk3-widget-factory", data.at("/window/app_id").asText(), launched.stdout());
            assertTrue(factoryWindows().contains(data.at("/window/id").asText()), "xdotool finds the window");

            try (Daemon.Client socket = daemon.connect()) {
                JsonNode quit = socket.call("{\"method\":\"quit_app\",\"params\":{\"app\":\"" + FACTORY + "\"}}");
                assertEquals("profile_denied", quit.at("/error/code").asText(), quit.toString());
                JsonNode command =
                        socket.call("{\"method\":\"launch_app\",\"params\":{\"app\":\"/usr/bin/xmessage\"}}");
                assertEquals(
                        "application_not_allowed", command.at("/error/code").asText(), command.toString());
                JsonNode unknown = socket.call(
                        "{\"method\":\"launch_app\",\"params\":{\"app\":\"" + FACTORY + "\",\"args\":[\"-x\"]}}");
                assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
            }
            assertFalse(factoryWindows().isEmpty(), "the refused quit closed nothing");
        }

        try (Daemon operator = Daemon.start(directory.resolve("operator"), xdg, "--no-grpc", "--profile", "operator");
                Daemon.Client socket = operator.connect()) {
            JsonNode quit = socket.call("{\"method\":\"quit_app\",\"params\":{\"app\":\"" + FACTORY + "\"}}");
            assertTrue(quit.get("ok").asBoolean(), quit.toString());
            assertEquals("succeeded", quit.at("/data/status").asText(), quit.toString());
            assertEquals("", factoryWindows(), "xdotool finds no factory window after quit_app");

            Path notes = directory.resolve("praefectus-daemon-notes.txt");
            Files.writeString(notes, "Opened through the daemon.\n");
            JsonNode opened = socket.call("{\"method\":\"open\",\"params\":{\"target\":\"" + notes + "\"}}");
            assertTrue(opened.get("ok").asBoolean(), opened.toString());
            assertEquals("mousepad", opened.at("/data/window/app_id").asText(), opened.toString());
            String window = opened.at("/data/window/id").asText();
            assertTrue(run("xdotool", "getwindowname", window).contains("praefectus-daemon-notes"));
            // the window id open answers is the socket's window_id scope (#36 review finding)
            JsonNode read =
                    socket.call("{\"method\":\"read_text\",\"params\":{\"selector\":\"role=text,state=editable\","
                            + "\"window_id\":\"" + window + "\"}}");
            assertTrue(read.get("ok").asBoolean(), read.toString());
            assertEquals("Opened through the daemon.\n", read.at("/data/text").asText(), read.toString());
            JsonNode scheme = socket.call("{\"method\":\"open\",\"params\":{\"target\":\"ftp://example.org/x\"}}");
            assertEquals("scheme_not_allowed", scheme.at("/error/code").asText(), scheme.toString());
            run("xdotool", "windowkill", window);
        }
    }

    /**
     * This test's own XDG folders: a desktop ID for gtk3-widget-factory and Mousepad (its own instance, a window per
     * file) as the text/plain handler, so nothing depends on the machine's applications.
     */
    private void testFolders(Map<String, String> environment) {
        try {
            Path data = directory.resolve("data");
            Path config = directory.resolve("config");
            Files.createDirectories(data.resolve("applications"));
            Files.createDirectories(config);
            Files.writeString(
                    data.resolve("applications").resolve(FACTORY),
                    "[Desktop Entry]\nType=Application\nName=Factory\nExec=gtk3-widget-factory\n");
            Files.writeString(data.resolve("applications/praefectus-daemon-editor.desktop"), """
                    [Desktop Entry]
                    Type=Application
                    Name=Editor
                    MimeType=text/plain;
                    Exec=mousepad --disable-server --opening-mode=window %f
                    """);
            Files.writeString(
                    config.resolve("mimeapps.list"),
                    "[Default Applications]\ntext/plain=praefectus-daemon-editor.desktop\n");
            environment.put("XDG_DATA_HOME", data.toString());
            environment.put("XDG_CONFIG_HOME", config.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The factory's mapped windows (a GTK application keeps an unmapped leader window until its process ends). */
    private static String factoryWindows() throws Exception {
        return run("xdotool", "search", "--onlyvisible", "--classname", "^gtk3-widget-factory$")
                .strip();
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        return out;
    }
}
