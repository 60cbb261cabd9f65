package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * #36's Wayland acceptance on a window that is not fullscreen (gnome-shell centres zenity's dialog; its element extents
 * are relative to its own surface, not screen points): pointer input at an element target is refused with its reason
 * and no effect, before any question is asked, while the semantic actions work — the entry's text set and verified,
 * OK invoked, zenity printing the text. Runs only inside scripts/test-wayland-desktop; fails, never skips, elsewhere.
 */
class WindowedWaylandCheck {

    @TempDir
    Path screenshots;

    private static String hash(String value) {
        return Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void pointerInputAtElementsIsRefusedWhileSemanticActionsWork() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Windowed");
                LinuxExecutor executor = WaylandSessionDesktop.executor(screenshots, true)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            Rect window = observation.elements().get(0).bounds();
            assertTrue(
                    window.width() < 1280 && window.height() < 800,
                    "the dialog is a window, not the whole screen: " + window);
            SemanticElement entry = Desktop.find(observation, Desktop.role("text"));
            TargetRef entryTarget = new TargetRef.Element(observation.target(entry.tag()));

            DispatchException click = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(
                            new Action.Click(MouseButton.LEFT, 1, false),
                            executor.resolve(entryTarget, new CancellationToken(), Desktop.deadline()),
                            new VerificationPolicy.None(),
                            new CancellationToken(),
                            Desktop.deadline()));
            assertEquals(FailureCode.UNSUPPORTED, click.code());
            assertEquals(EffectKnowledge.NO_EFFECT, click.effect());
            assertTrue(click.getMessage().contains("window-relative"), click.getMessage());
            assertEquals("", Pyatspi.each(zenity.pid(), "text", "node.queryText().getText(0, -1)"), "nothing typed");

            executor.dispatch(
                    new Action.SetValue("set on Wayland"),
                    executor.resolve(entryTarget, new CancellationToken(), Desktop.deadline()),
                    new VerificationPolicy.TargetValueHash(hash("set on Wayland")),
                    new CancellationToken(),
                    Desktop.deadline());
            assertEquals("set on Wayland", Pyatspi.each(zenity.pid(), "text", "node.queryText().getText(0, -1)"));

            SemanticObservation dialog =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            executor.dispatch(
                    new Action.Invoke(),
                    executor.resolve(
                            new TargetRef.Element(
                                    dialog.target(Desktop.find(dialog, Desktop.roleAndName("push button", "OK"))
                                            .tag())),
                            new CancellationToken(),
                            Desktop.deadline()),
                    new VerificationPolicy.None(),
                    new CancellationToken(),
                    Desktop.deadline());
            assertEquals(0, zenity.waitForExit(10));
            assertEquals("set on Wayland\n", zenity.output());
        }
    }
}
