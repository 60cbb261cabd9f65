package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.nativecore.desktop.DesktopServiceContract;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The typed desktop service on Windows ({@code NativeDesktop} over the executor's port) over the hand-written UIA
 * fixtures: Notepad in front of a WinForms dialog ({@link DesktopServiceContract}), and what only Windows does: a
 * minimized window listed but unobservable, a toggle's read-back, the cursor as the pointer, typing through
 * {@code SendInput} only with the global-input opt-in. Nothing here ran on Windows.
 */
class DesktopServiceOverFixturesTest extends DesktopServiceContract {

    private static final CancellationToken GO = new CancellationToken();

    private static final Names NAMES = new Names(
            "uia",
            "notepad",
            "winforms-dialog",
            "591146",
            "Notepad",
            "Untitled - Notepad",
            "WindowsForms10.Window.8.app.0.141b42a_r8_ad1",
            "role-exact=document",
            "uia:42.263420",
            "label-exact=OK",
            "label-exact=Apply",
            "winforms-dialog",
            "label-exact=Password",
            null,
            List.of("ctrl", "a"),
            "pointer (SendInput",
            new EffectKinds("invoke", "send_input", "set_focus"));

    DesktopServiceOverFixturesTest() {
        super(NAMES);
    }

    @Override
    protected Fixture desktop(Path directory, List<String> apps, String... environment) throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop(apps.toArray(String[]::new)), directory, environment);
        FakeNode editor = win.desktop.front().window().root.find("Text editor");
        return new Fixture(
                win.executor,
                win.executor.desktop(),
                win.desktop.effects,
                win.desktop::effects,
                () -> editor.value,
                text -> editor.value = text);
    }

    private static DesktopService service(WinTesting win) {
        return new NativeDesktop(win.executor.desktop());
    }

    @Test
    void aMinimizedWindowIsListedWithItsStateButNothingToObserve() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "explorer-list");
        desktop.processes.get(1).window().minimized = true;

        WindowListing all = service(new WinTesting(desktop, directory)).windows(WindowQuery.ALL, GO);

        DesktopWindow explorer = all.windows().get(1);
        assertEquals("minimized", explorer.state());
        assertFalse(explorer.accessible());
        assertNull(explorer.surfaceId());
    }

    @Test
    void aToggleReadsBackItsStateAndAPasswordsValueIsNeverAskedFor() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("winforms-dialog"), directory);
        DesktopService desktop = service(win);

        UiElement remember = desktop.findElements(
                        new ElementQuery(
                                Selector.parse("label-exact=Remember me"), ElementScope.ALL, 0, false, null, null),
                        GO)
                .elements()
                .get(0);
        assertFalse(remember.readBack().checked());
        assertThrows(
                DesktopException.class,
                () -> desktop.readText(
                        new ElementQuery(
                                Selector.parse("label-exact=Password"), ElementScope.ALL, 0, false, null, null),
                        0,
                        10,
                        GO));
        assertFalse(win.desktop.valuesRead.contains("Password"));
    }

    @Test
    void thePointerIsTheCursor() throws Exception {
        FakeWindows fixtures = Fixtures.desktop("notepad");
        fixtures.cursor = new long[] {640, 360};

        assertEquals(
                new UiElement.Point(640, 360),
                service(new WinTesting(fixtures, directory)).pointer());
    }

    @Test
    void typingWithoutTheGlobalInputOptInIsTheEnginesRejectionAsItIs() throws Exception {
        WinTesting refused = new WinTesting(Fixtures.desktop("notepad"), directory);
        try (SigningHost host = new SigningHost(refused.executor, directory, false)) {
            InputOutcome outcome = service(refused).input(keyboard("type", null, "hello", List.of(), null), host, GO);

            Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, outcome.terminal());
            assertEquals(FailureCode.PERMISSION_DENIED, rejected.code());
            assertEquals(List.of(), refused.desktop.effects("send_input"));
        }
    }
}
