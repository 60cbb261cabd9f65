package org.praefectus.linux.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.linux.desktop.InputVerb;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/** The paste verb's clipboard flags, on an executor with no X display (no desktop needed). */
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
                            new InputVerb(executor, () -> null),
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
                            new InputVerb(executor, () -> null),
                            List.of("--preserve-clipboard", "--restore-policy", "strict", "--text", "secret 42")));
            assertEquals("clipboard_not_restorable", refused.code());
            assertEquals(3, refused.exitCode());
            assertTrue(refused.getMessage().contains("no X display is available"), refused::getMessage);
            assertFalse(refused.getMessage().contains("secret 42"), "the text is never in a message");
        }
    }
}
