package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #36 {@code focus_window}, {@code wait_for} and {@code read_text}: {@code praefectus --daemon window focus} raises and activates another window through the
 * daemon's signed {@code window} action (the daemon's {@code --allow-input} is the one opt-in), the active window
 * read back by xdotool; without the daemon or without its input gate nothing moves and the CLI does not exit 0.
 */
class DaemonWindowFocusTest {

    @TempDir
    Path directory;

    @BeforeAll
    static void desktop() {
        Daemon.requireDesktop();
    }

    @Test
    void theDaemonFocusesAnotherWindowAndOnlyWithItsInputGate() throws Exception {
        String wanted = TestWindow.uniqueTitle("Praefectus Focus Wanted");
        String holder = TestWindow.uniqueTitle("Praefectus Focus Holder");
        try (TestWindow first = TestWindow.zenity("--info", wanted, "wanted");
                TestWindow second = TestWindow.zenity("--info", holder, "holder")) {
            String wantedId = activate(wanted);
            String holderId = activate(holder);
            assertEquals(holderId, activeWindow());

            Daemon.Result oneShot =
                    Daemon.cli(directory, environment -> {}, "window", "focus", "--window-title", wanted);
            assertFalse(oneShot.exitCode() == 0, oneShot.stdout());
            assertEquals(
                    "runtime_unavailable", oneShot.envelope().at("/error/code").asText(), oneShot.stdout());
            assertEquals(holderId, activeWindow(), "without a host nothing is signed");

            try (Daemon gated = Daemon.start(directory.resolve("gated"), environment -> {}, "--no-grpc")) {
                Daemon.Result refused = gated.cli(directory, "--daemon", "window", "focus", "--window-title", wanted);
                assertFalse(refused.exitCode() == 0, refused.stdout());
                assertEquals(
                        "input_not_allowed",
                        refused.envelope().at("/error/code").asText(),
                        refused.stdout());
                assertEquals(holderId, activeWindow(), "the input gate keeps the focus where it is");
            }

            try (Daemon daemon =
                    Daemon.start(directory.resolve("open"), environment -> {}, "--no-grpc", "--allow-input")) {
                Daemon.Result focused = daemon.cli(directory, "--daemon", "window", "focus", "--window-title", wanted);
                assertEquals(0, focused.exitCode(), focused.stdout() + focused.stderr());
                JsonNode data = focused.envelope().get("data");
                assertEquals("window", data.get("action").asText(), focused.stdout());
                assertEquals("succeeded", data.get("status").asText(), focused.stdout());
                assertEquals(wantedId, activeWindow(), "xdotool sees the focused window active");
                assertFalse(focused.stdout().contains(wanted), "the window's title is not echoed back");

                // the socket's typed method: the same verb, the same service, no command line in between
                try (Daemon.Client socket = daemon.connect()) {
                    JsonNode dry = socket.call("{\"method\":\"focus_window\",\"params\":{\"window_title\":\"" + holder
                            + "\",\"dry_run\":true}}");
                    assertTrue(dry.get("ok").asBoolean(), dry.toString());
                    assertEquals(wantedId, activeWindow(), "a dry run moves no focus");
                    JsonNode unknown = socket.call("{\"method\":\"focus_window\",\"params\":{\"window_title\":\""
                            + holder + "\",\"raise\":true}}");
                    assertEquals("unsupported_field", unknown.at("/error/code").asText(), unknown.toString());
                    JsonNode back = socket.call(
                            "{\"method\":\"focus_window\",\"params\":{\"window_title\":\"" + holder + "\"}}");
                    assertTrue(back.get("ok").asBoolean(), back.toString());
                    assertEquals("succeeded", back.at("/data/status").asText(), back.toString());
                    assertEquals(holderId, activeWindow(), "xdotool sees the socket's focus");

                    // wait_for through the same service: the holder's button is there; a missing one times out
                    JsonNode there = socket.call("{\"method\":\"wait_for\",\"params\":{\"selector\":"
                            + "\"role=push button,label=OK\",\"window_title\":\"" + holder
                            + "\",\"timeout_ms\":30000}}");
                    assertTrue(there.get("ok").asBoolean(), there.toString());
                    assertTrue(there.at("/data/met").asBoolean(), there.toString());
                    assertEquals(1, there.at("/data/count").asInt(), there.toString());
                    JsonNode missing = socket.call("{\"method\":\"wait_for\",\"params\":{\"selector\":"
                            + "\"role=push button,label=Nothing\",\"window_title\":\"" + holder
                            + "\",\"timeout_ms\":200}}");
                    assertEquals("timeout", missing.at("/error/code").asText(), missing.toString());
                    assertFalse(missing.at("/error/details/met").asBoolean(), missing.toString());
                    JsonNode text = socket.call("{\"method\":\"read_text\",\"params\":{\"selector\":"
                            + "\"role=label\",\"window_title\":\"" + holder + "\"}}");
                    assertTrue(text.get("ok").asBoolean(), text.toString());
                    assertEquals("holder", text.at("/data/text").asText(), text.toString());
                }
            }
        }
    }

    /** Activates the window with this title (xdotool, waiting for it to be mapped) and returns its ID. */
    private static String activate(String title) throws Exception {
        Process search =
                new ProcessBuilder("xdotool", "search", "--sync", "--name", title, "windowactivate", "--sync").start();
        assertTrue(search.waitFor(60, TimeUnit.SECONDS));
        String[] id = new String[1];
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            id[0] = run("xdotool", "search", "--name", title).strip().split("\\s+")[0];
            return !id[0].isEmpty() && id[0].equals(activeWindow());
        });
        return id[0];
    }

    private static String activeWindow() throws Exception {
        return run("xdotool", "getactivewindow").strip();
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
