package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Issue #15 (MCP issue #17 defect 4): pointer and keyboard input aimed at a fenced element is delivered at
 * the element's live centre (keyboard input after giving it the focus); it was refused as unsupported.
 */
class ElementInputDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void aClickOnAnElementTargetPressesTheRealButton() throws Exception {
        try (GtkApp zenity = GtkApp.zenityInfo("Praefectus Element Click");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            Desktop.bringToFront(zenity.pid());
            TargetRef ok = new TargetRef.Element(
                    observation.target(Desktop.find(observation, Desktop.roleAndName("push button", "OK"))
                            .tag()));

            ResolvedTarget resolved = executor.resolve(ok, new CancellationToken(), Desktop.deadline());
            executor.dispatch(
                    new Action.Click(MouseButton.LEFT, 1, false),
                    resolved,
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());

            assertEquals(0, zenity.waitForExit(10));
        }
    }

    @Test
    void typingAtAnElementTargetReachesThatEntry() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Element Type");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            Desktop.bringToFront(zenity.pid());
            TargetRef entry = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("text")).tag()));

            executor.dispatch(
                    new Action.TypeText("At the element", false, false, null),
                    executor.resolve(entry, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());

            String expected = Sha256.hex("At the element".getBytes(StandardCharsets.UTF_8));
            await("the entry reads the typed text back")
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> valueHash(executor, entry), expected::equals);
        }
    }

    @Test
    void inputAtAnElementOfABackgroundWindowIsRefusedWithNoEffect() throws Exception {
        try (GtkApp zenity = GtkApp.zenityInfo("Praefectus Element Behind");
                LinuxExecutor executor = Desktop.executor(screenshots, true)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            TargetRef ok = new TargetRef.Element(
                    observation.target(Desktop.find(observation, Desktop.roleAndName("push button", "OK"))
                            .tag()));
            try (GtkApp front = GtkApp.zenityInfo("Praefectus Element Front")) {
                Desktop.surfaceOf(executor, front.pid());
                Desktop.bringToFront(front.pid());

                DispatchException refused = assertThrows(
                        DispatchException.class,
                        () -> executor.dispatch(
                                new Action.Click(MouseButton.LEFT, 1, false),
                                new ResolvedTarget.Semantic(((TargetRef.Element) ok).target()),
                                new VerificationPolicy.None(),
                                new CancellationToken(),
                                Desktop.deadline()));
                assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
                assertEquals(FailureCode.STALE_TARGET, refused.code());
                assertEquals(true, zenity.alive());
                assertEquals(true, front.alive());
            }
        }
    }

    private static String valueHash(LinuxExecutor executor, TargetRef entry) throws Exception {
        JsonValue.JsonObject state =
                (JsonValue.JsonObject) executor.observe(entry, new CancellationToken(), Desktop.deadline())
                        .state();
        return ((JsonValue.JsonString) state.members().get("value_hash")).value();
    }
}
