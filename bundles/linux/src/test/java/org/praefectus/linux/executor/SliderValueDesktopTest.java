package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * {@code set_value} on a slider (#36 "values, not only text"): its number is set through AT-SPI Value within its
 * bounds, read back by hash in one written form, and confirmed by pyatspi and by the application itself.
 */
class SliderValueDesktopTest {

    @TempDir
    Path screenshots;

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    private static void setValue(LinuxExecutor executor, TargetRef target, String value) throws Exception {
        executor.dispatch(
                new Action.SetValue(value),
                executor.resolve(target, new CancellationToken(), Desktop.deadline()),
                new VerificationPolicy.TargetValueHash(hash(value)),
                new CancellationToken(),
                Desktop.deadline());
    }

    /** The current value of the process's one slider, read independently through pyatspi (libatspi). */
    private static String sliderSeenByPyatspi(long pid) throws Exception {
        return Pyatspi.each(pid, "slider", "node.queryValue().currentValue");
    }

    @Test
    void aSlidersNumberIsSetReadBackAndReportedByTheApplication() throws Exception {
        try (GtkApp zenity = GtkApp.zenityScale("Praefectus Slider");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("slider"));
            SemanticElement slider = Desktop.find(observation, Desktop.role("slider"));
            assertTrue(slider.actionability().editable(), "a slider's number can be set");
            TargetRef target = new TargetRef.Element(observation.target(slider.tag()));

            setValue(executor, target, "73");

            assertEquals("73.0", sliderSeenByPyatspi(zenity.pid()));
            Observation after = executor.observe(target, new CancellationToken(), Desktop.deadline());
            assertEquals(
                    new JsonValue.JsonString(hash("73")),
                    ((JsonValue.JsonObject) after.state()).members().get("value_hash"));
            assertEquals(slider.fingerprintHash(), after.evidence().targetFingerprintHash());

            // zenity prints the scale's value when OK is activated
            SemanticObservation dialog =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            SemanticElement ok = Desktop.find(dialog, Desktop.roleAndName("push button", "OK"));
            executor.dispatch(
                    new Action.Invoke(),
                    executor.resolve(
                            new TargetRef.Element(dialog.target(ok.tag())),
                            new CancellationToken(),
                            Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            assertEquals(0, zenity.waitForExit(10));
            assertEquals("73\n", zenity.output());
        }
    }

    @Test
    void aNumberOutsideTheRangeOrNotPlainIsRefusedWithNoEffect() throws Exception {
        try (GtkApp zenity = GtkApp.zenityScale("Praefectus Slider Bounds");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("slider"));
            TargetRef target = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("slider")).tag()));

            for (String refused : new String[] {"101", "-1", "73.0", "high", "1e2"}) {
                DispatchException e = assertThrows(DispatchException.class, () -> setValue(executor, target, refused));
                assertEquals(EffectKnowledge.NO_EFFECT, e.effect(), refused);
                assertEquals(FailureCode.INVALID_REQUEST, e.code(), refused);
            }
            assertEquals("50.0", sliderSeenByPyatspi(zenity.pid()));
        }
    }
}
