package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 35, Acceptance: the cross-surface contract. The same request of each input verb goes through every surface —
 * the CLI ({@code --daemon … --json}), the daemon's socket, gRPC on stubs of PeekabooX's current contract, MCP through
 * the official TypeScript SDK — onto real GTK windows (zenity), and each effect is read back without the daemon
 * (pyatspi, xdotool, another clipboard client): every surface answers {@code succeeded}. Every refusal (input not
 * allowed, a bad key, an unknown window, a malformed selector) is the same code on every surface, with no effect; an
 * unknown field is refused with no effect everywhere, in each surface's own form (see its test). {@code scroll} goes
 * through the CLI, the socket and MCP only: PeekabooX's gRPC contract has no scroll. One daemon with input allowed and one without serve the CLI, the socket and gRPC; MCP is a host of
 * its own, one session with input allowed and one without.
 */
class CrossSurfaceContractTest {

    @TempDir
    static Path directory;

    static Daemon open;
    static Daemon closed;
    static final Map<String, ContractSurface> allowed = new LinkedHashMap<>();
    static final Map<String, ContractSurface> notAllowed = new LinkedHashMap<>();

    @BeforeAll
    static void startTheSurfaces() throws Exception {
        Daemon.requireDesktop();
        open = Daemon.start(
                directory.resolve("open"),
                environment -> environment.remove("PRAEFECTUS_ALLOW_GLOBAL_INPUT"),
                "--grpc-addr",
                "127.0.0.1:0",
                "--profile",
                "operator",
                "--allow-input");
        // neither --allow-input nor the operator profile (which opens the input gate too)
        closed = Daemon.start(
                directory.resolve("closed"),
                environment -> {
                    environment.remove("PRAEFECTUS_ALLOW_GLOBAL_INPUT");
                    environment.remove("PEEKABOOX_ALLOW_INPUT");
                },
                "--grpc-addr",
                "127.0.0.1:0");
        allowed.put("cli", new CliContractSurface(open, directory));
        allowed.put("socket", new SocketContractSurface(open));
        allowed.put("grpc", new GrpcContractSurface(open));
        allowed.put(
                "mcp",
                new McpContractSurface(
                        "operator",
                        directory.resolve("mcp-open"),
                        environment -> environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1")));
        notAllowed.put("cli", new CliContractSurface(closed, directory));
        notAllowed.put("socket", new SocketContractSurface(closed));
        notAllowed.put("grpc", new GrpcContractSurface(closed));
        notAllowed.put(
                "mcp",
                new McpContractSurface(
                        "operator",
                        directory.resolve("mcp-closed"),
                        environment -> environment.remove("PRAEFECTUS_ALLOW_GLOBAL_INPUT")));
    }

    @AfterAll
    static void stopTheSurfaces() throws Exception {
        for (ContractSurface surface : List.copyOf(allowed.values())) {
            surface.close();
        }
        for (ContractSurface surface : List.copyOf(notAllowed.values())) {
            surface.close();
        }
        if (open != null) {
            open.close();
        }
        if (closed != null) {
            closed.close();
        }
    }

    private static ContractSurface.Answer send(String surface, ContractRequest request) throws Exception {
        return allowed.get(surface).send(request);
    }

    private static void succeeded(ContractSurface.Answer answer) {
        assertTrue(answer.succeeded(), "the terminal the engine recorded is succeeded: " + answer.raw());
    }

    /** A window title unique to this test and surface. */
    private static String title(String verb, String surface) {
        return TestWindow.uniqueTitle("Contract " + verb + " " + surface);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void moveMouseLandsWhereAsked(String surface) throws Exception {
        Issue35SocketAndCliHonestyTest.movePointer(30, 30);
        int x = 200 + 17 * surface.length();
        int y = 150 + 11 * surface.length();
        succeeded(send(surface, new ContractRequest.Move(x, y)));
        assertEquals(x + "," + y, ContractReadBack.pointer(), "xdotool reads the pointer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void clickOnAButtonAnswersTheDialog(String surface) throws Exception {
        String title = title("click", surface);
        try (TestWindow question = TestWindow.zenity("--question", title, "Click Yes")) {
            ContractReadBack.awaitOracle("states", title, "push button");
            succeeded(send(surface, new ContractRequest.ClickOn("role=push button,label-exact=Yes", title)));
            await().atMost(Duration.ofSeconds(20)).until(() -> !question.process.isAlive());
            assertEquals(0, question.process.exitValue(), "zenity answers Yes");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void clickAtTheButtonsPointAnswersTheDialog(String surface) throws Exception {
        String title = title("click at", surface);
        try (TestWindow info = TestWindow.zenity("--info", title, "Click OK")) {
            ContractReadBack.activate(title);
            // the dialog's one button, where pyatspi finds it on the screen
            int[] bounds = ContractReadBack.bounds(title, "push button");
            succeeded(send(surface, new ContractRequest.ClickAt(bounds[0] + bounds[2] / 2, bounds[1] + bounds[3] / 2)));
            await().atMost(Duration.ofSeconds(20)).until(() -> !info.process.isAlive());
            assertEquals(0, info.process.exitValue(), "zenity answers OK");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void dragMovesAScale(String surface) throws Exception {
        String title = title("drag", surface);
        try (TestWindow scale = TestWindow.zenity(
                "--scale", title, "Drag", "--min-value", "0", "--max-value", "100", "--value", "0", "--hide-value")) {
            ContractReadBack.activate(title);
            assertEquals(0.0, ContractReadBack.sliderValue(title));
            int[] bounds = ContractReadBack.bounds(title, "slider");
            int y = bounds[1] + bounds[3] / 2;
            // the knob sits at the trough's left end; a press on the trough moves it there and the drag carries it
            succeeded(send(surface, new ContractRequest.Drag(bounds[0] + 4, y, bounds[0] + bounds[2] * 3 / 4, y)));
            await().atMost(Duration.ofSeconds(20)).until(() -> ContractReadBack.sliderValue(title) > 50);
            double value = ContractReadBack.sliderValue(title);
            assertTrue(value > 50 && value < 95, "pyatspi reads the scale near three quarters: " + value);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void typeTextInsertsIntoTheEntry(String surface) throws Exception {
        String title = title("type", surface);
        try (TestWindow entry = TestWindow.zenity("--entry", title, "Type")) {
            ContractReadBack.activate(title);
            assertEquals("", ContractReadBack.entryText(title));
            String text = "typed over " + surface;
            succeeded(send(surface, new ContractRequest.Type(text, "role=text", title)));
            await().atMost(Duration.ofSeconds(20)).until(() -> text.equals(ContractReadBack.entryText(title)));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void pasteTextPastesAndGivesTheClipboardBack(String surface) throws Exception {
        String title = title("paste", surface);
        Process owner = ContractReadBack.clipboardOwner("kept");
        try (TestWindow entry = TestWindow.zenity("--entry", title, "Paste")) {
            ContractReadBack.activate(title);
            assertEquals("", ContractReadBack.entryText(title));
            String text = "pasted over " + surface;
            succeeded(send(surface, new ContractRequest.Paste(text, "role=text", title)));
            await().atMost(Duration.ofSeconds(20)).until(() -> text.equals(ContractReadBack.entryText(title)));
            assertEquals("text:kept", ContractReadBack.clipboard().strip(), "the clipboard holds what it held");
        } finally {
            owner.destroy();
            owner.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void hotkeyPressesTheChord(String surface) throws Exception {
        String title = title("hotkey", surface);
        try (TestWindow entry = TestWindow.zenity("--entry", title, "Hotkey")) {
            ContractReadBack.activate(title);
            assertEquals("", ContractReadBack.entryText(title));
            succeeded(send(surface, new ContractRequest.Hotkey(List.of("shift", "a"), "role=text", title)));
            await().atMost(Duration.ofSeconds(20)).until(() -> "A".equals(ContractReadBack.entryText(title)));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "mcp"})
    void scrollOverASliderMovesIt(String surface) throws Exception {
        String title = title("scroll", surface);
        try (TestWindow scale = scale(title)) {
            ContractReadBack.activate(title);
            assertEquals(50.0, ContractReadBack.sliderValue(title));
            succeeded(send(surface, new ContractRequest.ScrollOn("role=slider", title, "down", 3)));
            await().atMost(Duration.ofSeconds(20)).until(() -> ContractReadBack.sliderValue(title) < 50);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "mcp"})
    void scrollAtTheSlidersPointMovesIt(String surface) throws Exception {
        String title = title("scroll at", surface);
        try (TestWindow scale = scale(title)) {
            ContractReadBack.activate(title);
            int[] bounds = ContractReadBack.bounds(title, "slider");
            succeeded(send(
                    surface,
                    new ContractRequest.ScrollAt(bounds[0] + bounds[2] / 2, bounds[1] + bounds[3] / 2, "up", 2)));
            await().atMost(Duration.ofSeconds(20)).until(() -> ContractReadBack.sliderValue(title) > 50);
        }
    }

    /** {@code zenity --scale} from 0 to 100 at 50. */
    private static TestWindow scale(String title) throws Exception {
        return TestWindow.zenity(
                "--scale", title, "Scroll", "--min-value", "0", "--max-value", "100", "--value", "50", "--hide-value");
    }

    // the refusals: the same code on every surface, and nothing happened

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "mcp"})
    void scrollWithoutInputAllowedIsRefusedWithNoEffect(String surface) throws Exception {
        String title = title("scroll refused", surface);
        try (TestWindow scale = scale(title)) {
            ContractReadBack.activate(title);
            ContractSurface.Answer answer =
                    notAllowed.get(surface).send(new ContractRequest.ScrollOn("role=slider", title, "down", 3));
            assertEquals("input_not_allowed", answer.code(), answer.raw());
            assertEquals(50.0, ContractReadBack.sliderValue(title), "nothing scrolled");
        }
    }

    /** A bad direction or amount is refused before anything happens: the CLI's usage error, the socket's invalid. */
    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket"})
    void aBadScrollDirectionOrAmountIsRefusedWithNoEffect(String surface) throws Exception {
        String title = title("scroll bad", surface);
        try (TestWindow scale = scale(title)) {
            ContractReadBack.activate(title);
            String expected = surface.equals("cli") ? "usage" : "invalid_request";
            for (ContractRequest bad : List.of(
                    new ContractRequest.ScrollOn("role=slider", title, "sideways", 3),
                    new ContractRequest.ScrollOn("role=slider", title, "down", 0),
                    new ContractRequest.ScrollOn("role=slider", title, "down", 101))) {
                ContractSurface.Answer answer = send(surface, bad);
                assertEquals(expected, answer.code(), answer.raw());
            }
            assertEquals(50.0, ContractReadBack.sliderValue(title), "nothing scrolled");
        }
    }

    // the refusals: the same code on every surface, and nothing happened

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void inputNotAllowedIsRefusedWithNoEffect(String surface) throws Exception {
        Issue35SocketAndCliHonestyTest.movePointer(30, 30);
        ContractSurface.Answer answer = notAllowed.get(surface).send(new ContractRequest.Move(333, 222));
        assertEquals("input_not_allowed", answer.code(), answer.raw());
        assertEquals("30,30", ContractReadBack.pointer(), "nothing moved");
    }

    /**
     * A field no surface implements is refused by name before anything happens: {@code unsupported_field} on the
     * socket, gRPC and MCP (issue 35: MCP's was the SDK's input-schema refusal, text without a code); the CLI's form of
     * the same mistake is an unknown option, its usage error (exit 2).
     */
    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void anUnknownFieldIsRefusedWithNoEffect(String surface) throws Exception {
        Issue35SocketAndCliHonestyTest.movePointer(30, 30);
        ContractSurface.Answer answer = send(surface, new ContractRequest.MoveWithUnknownField(333, 222));
        String expected = surface.equals("cli") ? "usage" : "unsupported_field";
        assertEquals(expected, answer.code(), answer.raw());
        assertTrue(
                answer.raw().contains("warp")
                        || answer.raw().contains(String.valueOf(GrpcContractSurface.UNKNOWN_FIELD)),
                "the refusal names the field: " + answer.raw());
        assertEquals("30,30", ContractReadBack.pointer(), "nothing moved");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void anUnknownWindowIsRefusedWithNoEffect(String surface) throws Exception {
        String title = title("unknown window", surface);
        try (TestWindow question = TestWindow.zenity("--question", title, "Do not click")) {
            ContractReadBack.awaitOracle("states", title, "push button");
            ContractSurface.Answer answer = send(
                    surface,
                    new ContractRequest.ClickOn(
                            "role=push button,label-exact=Yes", TestWindow.uniqueTitle("No Such Window")));
            assertEquals("target_not_found", answer.code(), answer.raw());
            assertTrue(question.process.isAlive(), "no dialog was answered");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void aMalformedSelectorIsRefusedWithNoEffect(String surface) throws Exception {
        String title = title("malformed selector", surface);
        try (TestWindow question = TestWindow.zenity("--question", title, "Do not click")) {
            ContractReadBack.awaitOracle("states", title, "push button");
            ContractSurface.Answer answer = send(surface, new ContractRequest.ClickOn(",,,", title));
            assertEquals("invalid_selector", answer.code(), answer.raw());
            assertTrue(question.process.isAlive(), "no dialog was answered");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cli", "socket", "grpc", "mcp"})
    void aBadKeyIsRefusedWithNoEffect(String surface) throws Exception {
        String title = title("bad key", surface);
        try (TestWindow entry = TestWindow.zenity("--entry", title, "Bad key")) {
            ContractReadBack.activate(title);
            assertEquals("", ContractReadBack.entryText(title));
            ContractSurface.Answer answer =
                    send(surface, new ContractRequest.Hotkey(List.of("notakey", "zz"), "role=text", title));
            assertFalse(answer.succeeded(), answer.raw());
            // the engine rejects the chord before any effect: the terminal's code, on every surface
            assertEquals("invalid_request", answer.code(), answer.raw());
            assertEquals("", ContractReadBack.entryText(title), "nothing was typed");
        }
    }
}
