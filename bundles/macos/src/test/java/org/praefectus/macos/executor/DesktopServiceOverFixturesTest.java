package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.UiElement;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.nativecore.desktop.DesktopServiceContract;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The typed desktop service on macOS ({@code NativeDesktop} over the executor's port) over the hand-written AX
 * fixtures: TextEdit in front of Finder, Safari's password field ({@link DesktopServiceContract}), and what only macOS
 * does: Quartz's fractional pointer, keyboard input posted to the element's process without the global-input opt-in.
 * Nothing here ran on a Mac.
 */
class DesktopServiceOverFixturesTest extends DesktopServiceContract {

    private static final Names NAMES = new Names(
            "ax",
            "textedit",
            "finder",
            "4711",
            "TextEdit",
            "Tofu Praefectus Demo.txt",
            "Finder",
            "role-exact=AXTextArea",
            "ax:4711/",
            "role=AXButton,label-exact=Back",
            "role=AXButton,label-exact=Forward",
            "safari",
            "label-exact=Card PIN,role-exact=AXTextField",
            14,
            List.of("cmd", "a"),
            "per_process_event",
            new EffectKinds("perform", "post_to_pid", "perform"));

    DesktopServiceOverFixturesTest() {
        super(NAMES);
    }

    @Override
    protected Fixture desktop(Path directory, List<String> apps, String... environment) throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop(apps.toArray(String[]::new)), directory, environment);
        FakeElement textArea = mac.desktop.front().window().find("AXTextArea", null);
        return new Fixture(
                mac.executor,
                mac.executor.desktop(),
                mac.desktop.effects,
                mac.desktop::effects,
                () -> textArea.attributes.get("AXValue").text(),
                text -> textArea.attributes.put("AXValue", new AxValue.Text(text)));
    }

    @Test
    void thePointerIsWhereQuartzSaysItIsRoundedToWholePoints() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);
        mac.desktop.pointer = new double[] {321.4, 654.6};

        assertEquals(new UiElement.Point(321, 655), new NativeDesktop(mac.executor.desktop()).pointer());
    }

    @Test
    void keyboardInputIsPostedToTheFocusedElementsProcessWithoutTheGlobalInputOptInAndNowhereElse() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            InputOutcome typed = new NativeDesktop(mac.executor.desktop())
                    .input(keyboard("type", null, "hello", List.of(), null), host, new CancellationToken());

            assertTrue(typed.succeeded(), typed.status());
            assertEquals("AXTextArea", typed.element().role());
            assertFalse(mac.desktop.effects("post_to_pid").isEmpty());
            assertTrue(mac.desktop.effects("post_to_pid").stream().allMatch(e -> e.processId() == 512));
            assertEquals(List.of(), mac.desktop.effects("post_global"));
        }
    }
}
