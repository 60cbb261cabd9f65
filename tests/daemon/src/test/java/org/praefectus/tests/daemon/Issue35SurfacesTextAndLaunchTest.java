package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35: the CLI ({@code desktop assert --contains/--not-contains}, {@code desktop focus --launch-if-needed}) and
 * the socket ({@code desktop_assert} with {@code contains}/{@code not_contains}, {@code desktop_focus} with
 * {@code launch_if_needed}) offer what gRPC already does, over the same typed {@code DesktopProfiles} calls: the text
 * of a zenity entry (pyatspi says what it holds) is compared ignoring case, a failed assertion is exit 3 /
 * {@code assertion_failed}, and the text looked for is in no answer and no file the daemon writes; the launch happens
 * only when no window of the profile is open (xdotool counts the windows).
 */
class Issue35SurfacesTextAndLaunchTest {

    @TempDir
    static Path directory;

    static Path profiles;
    static String launchTitle;
    static Daemon daemon;

    @BeforeAll
    static void startTheDaemon() throws Exception {
        Daemon.requireDesktop();
        LaunchProbeDaemon started = LaunchProbeDaemon.start(directory, "Praefectus Surface Launch");
        daemon = started.daemon();
        profiles = started.profiles();
        launchTitle = started.launchTitle();
    }

    @AfterAll
    static void stopTheDaemon() throws Exception {
        if (daemon != null) {
            daemon.close();
        }
    }

    private static Daemon.Result cli(String... arguments) throws IOException, InterruptedException {
        return daemon.cli(directory, arguments);
    }

    private static Daemon.Result assertCli(String title, String... condition) throws Exception {
        List<String> arguments = new java.util.ArrayList<>(List.of(
                "--daemon",
                "desktop",
                "assert",
                "--json",
                "--app",
                "zenity-entry",
                "--target",
                "entry",
                "--window-title",
                title));
        arguments.addAll(List.of(condition));
        return cli(arguments.toArray(String[]::new));
    }

    private static String socketAssert(String title, String field, String text) {
        return "{\"method\":\"desktop_assert\",\"params\":{\"app\":\"zenity-entry\",\"target\":\"entry\","
                + "\"window_title\":\"" + title + "\",\"" + field + "\":\"" + text + "\"}}";
    }

    /** Every file under the daemon's directory and the CLI's (logs, audit, ledgers) that holds {@code text}. */
    private static List<Path> filesHolding(String text) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> !file.startsWith(profiles))
                    .filter(file -> {
                        try {
                            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)
                                    .toLowerCase(Locale.ROOT)
                                    .contains(text.toLowerCase(Locale.ROOT));
                        } catch (IOException unreadable) {
                            return false;
                        }
                    })
                    .toList();
        }
    }

    @Test
    void cliAndSocketAssertTheTargetsTextAndNeverRepeatIt() throws Exception {
        String title = TestWindow.uniqueTitle("Praefectus Surface Text");
        try (TestWindow window = TestWindow.zenity("--entry", title, "Assert", "--entry-text", "Kilo Tango");
                Daemon.Client socket = daemon.connect()) {
            // pyatspi, not the daemon, says what the entry holds
            assertEquals("Kilo Tango", ProfileSurfacesTest.entryText(title));

            Daemon.Result contains = assertCli(title, "--contains", "tango");
            assertEquals(0, contains.exitCode(), contains.stdout() + contains.stderr());
            assertTrue(contains.stdout().contains("\"condition\":\"contains\""), contains.stdout());
            Daemon.Result absent = assertCli(title, "--not-contains", "Zulu");
            assertEquals(0, absent.exitCode(), absent.stdout() + absent.stderr());
            Daemon.Result failed = assertCli(title, "--contains", "Zulu");
            assertEquals(3, failed.exitCode(), failed.stdout());
            assertEquals("assertion_failed", failed.envelope().at("/error/code").asText(), failed.stdout());
            Daemon.Result failedNot = assertCli(title, "--not-contains", "KILO");
            assertEquals(3, failedNot.exitCode(), failedNot.stdout());
            assertEquals(
                    "assertion_failed", failedNot.envelope().at("/error/code").asText(), failedNot.stdout());
            Daemon.Result empty = assertCli(title, "--contains", "");
            assertEquals(2, empty.exitCode(), empty.stdout() + empty.stderr());
            for (Daemon.Result answer : List.of(contains, absent, failed, failedNot)) {
                String all = (answer.stdout() + answer.stderr()).toLowerCase(Locale.ROOT);
                // the element's read_back shows what the entry holds (as every assert answer); the text looked for
                // never
                assertFalse(all.contains("zulu"), all);
            }

            JsonNode viaSocket = socket.call(socketAssert(title, "contains", "TANGO"));
            assertTrue(viaSocket.at("/ok").asBoolean(), viaSocket.toString());
            assertEquals("contains", viaSocket.at("/data/checks/1/condition").asText(), viaSocket.toString());
            JsonNode socketAbsent = socket.call(socketAssert(title, "not_contains", "zulu"));
            assertTrue(socketAbsent.at("/ok").asBoolean(), socketAbsent.toString());
            JsonNode socketFailed = socket.call(socketAssert(title, "contains", "zulu"));
            assertEquals("assertion_failed", socketFailed.at("/error/code").asText(), socketFailed.toString());
            JsonNode socketEmpty = socket.call(socketAssert(title, "not_contains", ""));
            assertEquals("invalid_request", socketEmpty.at("/error/code").asText(), socketEmpty.toString());
            for (JsonNode answer : List.of(viaSocket, socketAbsent, socketFailed)) {
                String all = answer.toString().toLowerCase(Locale.ROOT);
                // the element's read_back shows what the entry holds (as every assert answer); the text looked for
                // never
                assertFalse(all.contains("zulu"), all);
            }

            assertEquals("Kilo Tango", ProfileSurfacesTest.entryText(title), "an assertion changes nothing");
        }
        assertEquals(List.of(), filesHolding("zulu"), "the text looked for is in no log, audit or ledger");
    }

    /** The windows xdotool finds by exactly this title: it never asks the daemon. */
    private static List<String> windowsTitled(String title) throws Exception {
        Process xdotool = new ProcessBuilder("xdotool", "search", "--name", "^" + title + "$")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(xdotool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(xdotool.waitFor(30, TimeUnit.SECONDS));
        return out.lines().filter(line -> !line.isBlank()).toList();
    }

    /** Ends the process that shows {@code window} (xdotool names it), by its ID. */
    private static void close(String window) throws Exception {
        Process pid = new ProcessBuilder("xdotool", "getwindowpid", window).start();
        String id = new String(pid.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(pid.waitFor(30, TimeUnit.SECONDS));
        ProcessHandle.of(Long.parseLong(id)).ifPresent(ProcessHandle::destroy);
    }

    @Test
    void cliAndSocketFocusLaunchTheProfilesApplicationOnlyWhenNoWindowOfItIsOpen() throws Exception {
        assertEquals(List.of(), windowsTitled(launchTitle), "no window of the profile before the test");
        Daemon.Result notOpen = cli("--daemon", "desktop", "focus", "--json", "--app", "launch-probe");
        assertEquals(3, notOpen.exitCode(), notOpen.stdout());
        assertEquals("window_not_found", notOpen.envelope().at("/error/code").asText(), notOpen.stdout());
        assertEquals(List.of(), windowsTitled(launchTitle), "without --launch-if-needed nothing is launched");

        List<String> launched = List.of();
        try (Daemon.Client socket = daemon.connect()) {
            Daemon.Result focused =
                    cli("--daemon", "desktop", "focus", "--json", "--app", "launch-probe", "--launch-if-needed");
            assertEquals(0, focused.exitCode(), focused.stdout() + focused.stderr());
            launched = windowsTitled(launchTitle);
            assertEquals(1, launched.size(), "one window launched: " + launched);

            JsonNode again = socket.call("{\"method\":\"desktop_focus\",\"params\":{\"app\":\"launch-probe\","
                    + "\"launch_if_needed\":true}}");
            assertTrue(again.at("/ok").asBoolean(), again.toString());
            assertEquals(launched, windowsTitled(launchTitle), "a window is open: nothing launched again");
        } finally {
            for (String window : launched) {
                close(window);
            }
        }
    }
}
