package org.praefectus.linux.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/** The paste verb's clipboard flags and the signed paces, on an executor with no X display (no desktop needed). */
class InputFlagsTest {

    @TempDir
    Path directory;

    private LinuxExecutor executorWithoutDisplay() {
        return new LinuxExecutor(
                new DesktopConnections(Map.of("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "0")),
                new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, directory));
    }

    @Test
    void aRestorePolicyOtherThanTheThreeIsAUsageError() {
        try (LinuxExecutor executor = executorWithoutDisplay()) {
            CliCommandException usage = assertThrows(
                    CliCommandException.class,
                    () -> InputFlags.run(
                            "paste",
                            new PlainInputVerb(executor, () -> null).service(),
                            null,
                            List.of("--preserve-clipboard", "--restore-policy", "always", "--text", "x")));
            assertEquals("usage", usage.code());
            assertEquals(2, usage.exitCode());
        }
    }

    @Test
    void strictRefusesAClipboardItCannotReadBeforeAskingForAnyHost() {
        try (LinuxExecutor executor = executorWithoutDisplay()) {
            // without a resident host a paste is refused runtime_unavailable: this refusal comes first
            CliCommandException refused = assertThrows(
                    CliCommandException.class,
                    () -> InputFlags.run(
                            "paste",
                            new PlainInputVerb(executor, () -> null).service(),
                            null,
                            List.of("--preserve-clipboard", "--restore-policy", "strict", "--text", "secret 42")));
            assertEquals("clipboard_not_restorable", refused.code());
            assertEquals(3, refused.exitCode());
            assertTrue(refused.getMessage().contains("no X display is available"), refused::getMessage);
            assertFalse(refused.getMessage().contains("secret 42"), "the text is never in a message");
        }
    }

    @Test
    void restoreIsAskedOfAPointerVerbOnly() throws CliCommandException {
        Set<String> valued = Set.of("x", "y", "text");
        Set<String> switches = Set.of("restore", "dry-run");
        Options click = Options.parse("click", List.of("--x", "5", "--y", "6", "--restore"), valued, switches);
        assertTrue(InputFlags.request("click", "click", click).restore());
        Options plain = Options.parse("click", List.of("--x", "5", "--y", "6"), valued, switches);
        assertFalse(InputFlags.request("click", "click", plain).restore());
        Options type = Options.parse("type", List.of("--text", "x", "--restore"), valued, switches);
        assertFalse(InputFlags.request("type", "type", type).restore(), "a keyboard verb has no pointer to give back");
    }

    @Test
    void clearReplacesTheTextOfATypeAndIsAUsageErrorElsewhere() throws CliCommandException {
        Set<String> valued = Set.of("x", "y", "text");
        Set<String> switches = Set.of("clear");
        assertTrue(InputFlags.request(
                        "type", "type", Options.parse("type", List.of("--text", "x", "--clear"), valued, switches))
                .clear());
        assertFalse(
                InputFlags.request("type", "type", Options.parse("type", List.of("--text", "x"), valued, switches))
                        .clear(),
                "typing inserts at the caret unless asked to replace");
        try (LinuxExecutor executor = executorWithoutDisplay()) {
            CliCommandException usage = assertThrows(
                    CliCommandException.class,
                    () -> InputFlags.run(
                            "click",
                            new PlainInputVerb(executor, () -> null).service(),
                            null,
                            List.of("--x", "5", "--y", "6", "--clear")));
            assertEquals("usage", usage.code());
        }
    }

    private static Options timing(String verb, String... arguments) throws CliCommandException {
        return Options.parse(
                verb,
                List.of(arguments),
                Set.of("key-delay-ms", "typing-speed", "duration-ms", "steps"),
                Set.of("release-before", "release-after"));
    }

    private static Long keyDelay(String verb, Options flags) throws CliCommandException {
        return InputFlags.pace(verb, flags).keyDelayMs();
    }

    @Test
    void aTypesKeyDelayOrTypingSpeedBecomesTheSignedPace() throws CliCommandException {
        assertEquals(15L, keyDelay("type", timing("type", "--key-delay-ms", "15")));
        assertEquals(50L, keyDelay("type", timing("type", "--typing-speed", "20")));
        assertEquals(333L, keyDelay("type", timing("type", "--typing-speed", "3")));
        assertEquals(null, keyDelay("type", timing("type")));
        // the explicit key delay wins over the speed, and the speed is then reported ignored
        Options both = timing("type", "--typing-speed", "20", "--key-delay-ms", "7");
        assertEquals(7L, keyDelay("type", both));
        assertEquals(List.of("--typing-speed"), InputFlags.ignoredTiming("type", both));
        assertEquals(List.of(), InputFlags.ignoredTiming("type", timing("type", "--key-delay-ms", "7")));
    }

    @Test
    void aHotkeysKeyDelayAndReleasesAreSigned() throws CliCommandException {
        Options hotkey = timing("hotkey", "--key-delay-ms", "30", "--release-before", "--release-after");
        assertEquals(new InputRequest.Pace(30L, null, null, true, true), InputFlags.pace("hotkey", hotkey));
        assertEquals(List.of(), InputFlags.ignoredTiming("hotkey", hotkey));
        assertEquals(InputRequest.Pace.NONE, InputFlags.pace("hotkey", timing("hotkey")));
    }

    @Test
    void aMovesOrADragsPathIsSigned() throws CliCommandException {
        Options path = timing("drag", "--duration-ms", "400", "--steps", "20");
        assertEquals(new InputRequest.Pace(null, 400L, 20L, false, false), InputFlags.pace("drag", path));
        assertEquals(new InputRequest.Pace(null, 400L, 20L, false, false), InputFlags.pace("move", path));
        assertEquals(List.of(), InputFlags.ignoredTiming("drag", path));
    }

    @Test
    void aTimingTheVerbsActionCannotCarryIsReportedIgnored() throws CliCommandException {
        Options click = timing("click", "--duration-ms", "400", "--steps", "20", "--release-after");
        assertEquals(InputRequest.Pace.NONE, InputFlags.pace("click", click));
        assertEquals(List.of("--duration-ms", "--steps", "--release-after"), InputFlags.ignoredTiming("click", click));
        Options paste = timing("paste", "--typing-speed", "20", "--key-delay-ms", "5");
        assertEquals(InputRequest.Pace.NONE, InputFlags.pace("paste", paste));
        assertEquals(List.of("--key-delay-ms", "--typing-speed"), InputFlags.ignoredTiming("paste", paste));
    }

    @Test
    void aPaceOutsideItsBoundsIsAUsageErrorNotAClampedPace() {
        for (String[] bad : new String[][] {
            {"--key-delay-ms", "1001"},
            {"--key-delay-ms", "-1"},
            {"--typing-speed", "0"},
            {"--typing-speed", "fast"},
            {"--duration-ms", "10001"},
            {"--steps", "0"},
            {"--steps", "1001"}
        }) {
            CliCommandException usage =
                    assertThrows(CliCommandException.class, () -> InputFlags.pace("drag", timing("drag", bad)));
            assertEquals("usage", usage.code(), String.join(" ", bad));
        }
    }

    @Test
    void scrollTakesADirectionAndBoundedWheelStepsAndRefusesTheRestAsUsage() throws CliCommandException {
        Options flags = Options.parse(
                "scroll",
                List.of("--selector", "role=slider", "--direction", "right", "--amount", "7", "--dry-run"),
                Set.of("selector", "direction", "amount"),
                Set.of("dry-run"));
        InputRequest scroll = InputFlags.request("scroll", "scroll", flags);
        assertEquals("scroll", scroll.verb());
        assertEquals(org.praefectus.api.protocol.Direction.RIGHT, scroll.direction());
        assertEquals(7, scroll.count(), "--amount is the scroll's wheel steps");
        assertTrue(scroll.dryRun());
        try (LinuxExecutor executor = executorWithoutDisplay()) {
            var desktop = new PlainInputVerb(executor, () -> null).service();
            for (List<String> wrong : List.of(
                    List.of("--x", "5", "--y", "6"),
                    List.of("--direction", "sideways"),
                    List.of("--direction", "DOWN"),
                    List.of("--direction", "down", "--amount", "0"),
                    List.of("--direction", "down", "--amount", "101"),
                    List.of("--direction", "down", "--button", "right"),
                    List.of("--direction", "down", "--count", "2"))) {
                CliCommandException usage =
                        assertThrows(CliCommandException.class, () -> InputFlags.run("scroll", desktop, null, wrong));
                assertEquals("usage", usage.code(), wrong.toString());
                assertEquals(2, usage.exitCode(), wrong.toString());
            }
            CliCommandException notScroll = assertThrows(
                    CliCommandException.class,
                    () -> InputFlags.run("click", desktop, null, List.of("--x", "5", "--y", "6", "--direction", "up")));
            assertEquals("usage", notScroll.code());
        }
    }
}
