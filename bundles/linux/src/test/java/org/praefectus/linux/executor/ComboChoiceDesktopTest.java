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
 * {@code set_value} on a combo box (#36 "selection in … combo boxes"): the item of that name is chosen through AT-SPI
 * Selection (no popup, no pointer), verified by the hash of the name the combo box then shows, and confirmed by pyatspi
 * and by the application itself.
 */
class ComboChoiceDesktopTest {

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

    /** The name of the process's combo box that has Selection, and its selected item, read through pyatspi. */
    private static String comboSeenByPyatspi(long pid) throws Exception {
        return Pyatspi.each(
                pid,
                "combo box",
                "(node.name + ' ' + str(node.querySelection().getSelectedChild(0).name if "
                        + "node.querySelection().getSelectedChild(0) is not None else None)) "
                        + "if 'Selection' in pyatspi.listInterfaces(node) else ''");
    }

    @Test
    void anItemIsChosenByNameReadBackAndReportedByTheApplication() throws Exception {
        try (GtkApp zenity = GtkApp.zenityCombo("Praefectus Combo");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("combo box"));
            SemanticElement combo = Desktop.find(observation, Desktop.role("combo box"));
            assertTrue(combo.actionability().editable(), "a combo box's item can be chosen");
            TargetRef target = new TargetRef.Element(observation.target(combo.tag()));

            setValue(executor, target, "Banana");

            assertEquals("Banana Banana", comboSeenByPyatspi(zenity.pid()));
            Observation after = executor.observe(target, new CancellationToken(), Desktop.deadline());
            assertEquals(
                    new JsonValue.JsonString(hash("Banana")),
                    ((JsonValue.JsonObject) after.state()).members().get("value_hash"));
            assertEquals(combo.fingerprintHash(), after.evidence().targetFingerprintHash(), "still the same combo box");

            // zenity --forms prints the chosen item when OK is activated
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
            assertEquals("Banana\n", zenity.output());
        }
    }

    @Test
    void aNameNoItemHasIsRefusedWithNoEffect() throws Exception {
        try (GtkApp zenity = GtkApp.zenityCombo("Praefectus Combo Refused");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("combo box"));
            TargetRef target = new TargetRef.Element(observation.target(
                    Desktop.find(observation, Desktop.role("combo box")).tag()));

            for (String refused : new String[] {"Durian", "banana", ""}) {
                DispatchException e = assertThrows(DispatchException.class, () -> setValue(executor, target, refused));
                assertEquals(EffectKnowledge.NO_EFFECT, e.effect(), refused);
                assertEquals(FailureCode.INVALID_REQUEST, e.code(), refused);
            }
            assertEquals("None", comboSeenByPyatspi(zenity.pid()), "no name, no item chosen");
        }
    }
}
