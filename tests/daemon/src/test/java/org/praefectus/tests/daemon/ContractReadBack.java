package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the cross-surface contract reads back without the daemon: AT-SPI through pyatspi (the MCP client tests'
 * {@code atspi-oracle.py}), the pointer and windows through xdotool, the clipboard through another GTK client (the
 * linux bundle's clipboard fixtures).
 */
final class ContractReadBack {

    static final Path ORACLE =
            Path.of("../mcp-client/fixtures/atspi-oracle.py").toAbsolutePath().normalize();
    static final Path CLIPBOARD_FIXTURES = Path.of(
                    "../../bundles/linux/src/test/resources/org/praefectus/linux/executor")
            .toAbsolutePath()
            .normalize();

    private ContractReadBack() {}

    /** The oracle's answer, or {@code null} while the window or what it asks for is not there (exit 2). */
    static String oracle(String... arguments) throws IOException, InterruptedException {
        String[] command = new String[arguments.length + 2];
        command[0] = "/usr/bin/python3";
        command[1] = ORACLE.toString();
        System.arraycopy(arguments, 0, command, 2, arguments.length);
        Process python = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(python.getInputStream().readAllBytes(), UTF_8);
        assertTrue(python.waitFor(30, TimeUnit.SECONDS), "pyatspi answered");
        return python.exitValue() == 0 ? out.strip() : null;
    }

    /** The oracle's answer once the window shows what is asked for (at most 30 s). */
    static String awaitOracle(String... arguments) {
        String[] answer = new String[1];
        await().atMost(Duration.ofSeconds(30)).until(() -> (answer[0] = oracle(arguments)) != null);
        return answer[0];
    }

    /** The text of the first editable text of the window titled {@code title}. */
    static String entryText(String title) {
        return awaitOracle("text", title);
    }

    /** {x, y, width, height} on the screen of the first node with {@code role} of the window titled {@code title}. */
    static int[] bounds(String title, String role) {
        String[] parts = awaitOracle("bounds", title, role).split(" ");
        int[] bounds = new int[4];
        for (int i = 0; i < 4; i++) {
            bounds[i] = Integer.parseInt(parts[i]);
        }
        return bounds;
    }

    /** The current value of the first slider of the window titled {@code title}. */
    static double sliderValue(String title) {
        return Double.parseDouble(awaitOracle("value", title, "slider"));
    }

    /** The pointer, {@code x,y}, as xdotool reads it. */
    static String pointer() throws Exception {
        return Issue35SocketAndCliHonestyTest.pointer();
    }

    /** The window titled {@code title} raised and focused by xdotool, once it is mapped. */
    static void activate(String title) throws IOException, InterruptedException {
        String id = XEventWindow.run("xdotool", "search", "--sync", "--onlyvisible", "--name", title)
                .lines()
                .findFirst()
                .orElseThrow();
        XEventWindow.run("xdotool", "windowactivate", "--sync", id);
    }

    /** Another GTK client owning the clipboard with the text {@code text} until it is destroyed. */
    static Process clipboardOwner(String text) throws IOException {
        Path owner = CLIPBOARD_FIXTURES.resolve("clipboard_owner.py");
        assertTrue(Files.isRegularFile(owner), owner.toString());
        Process process = new ProcessBuilder("/usr/bin/python3", owner.toString(), "text", text)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String first =
                new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), UTF_8)).readLine();
        assertTrue("owning".equals(first), "the clipboard owner owns the clipboard: " + first);
        return process;
    }

    /** The clipboard as another GTK client reads it: {@code text:…}. */
    static String clipboard() throws IOException, InterruptedException {
        return XEventWindow.run(
                "/usr/bin/python3",
                CLIPBOARD_FIXTURES.resolve("clipboard_text.py").toString());
    }
}
