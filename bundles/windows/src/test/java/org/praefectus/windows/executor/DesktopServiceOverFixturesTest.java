package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.desktop.WindowListing;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The typed desktop service on Windows ({@code NativeDesktop} over the executor's port), over the hand-written UIA
 * fixtures (Notepad, Explorer, a WinForms dialog): windows, elements with selectors and read-back, text, the pointer,
 * and input verbs signed through the host kit and executed by the real engine, asserting what reached the UIA and
 * {@code SendInput} boundary. Nothing here ran on Windows.
 */
class DesktopServiceOverFixturesTest {

    @TempDir
    Path directory;

    private static final CancellationToken GO = new CancellationToken();

    private static DesktopService service(WinTesting win) {
        return new NativeDesktop(win.executor.desktop());
    }

    private static ElementQuery query(String selector, ElementScope scope) throws SelectorException {
        return new ElementQuery(Selector.parse(selector), scope, 0, false, null, null);
    }

    @Test
    void windowsAreListedByClassWithTheForegroundOneActiveAndAMinimizedOneUnobservable() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "explorer-list");
        desktop.processes.get(1).window().minimized = true;
        WinTesting win = new WinTesting(desktop, directory);

        WindowListing all = service(win).windows(WindowQuery.ALL, GO);

        assertEquals(2, all.count());
        DesktopWindow notepad = all.windows().get(0);
        assertEquals("591146", notepad.id());
        assertEquals("Notepad", notepad.appId());
        assertEquals("Untitled - Notepad", notepad.title());
        assertTrue(notepad.focused());
        assertNotNull(notepad.surfaceId());
        DesktopWindow explorer = all.windows().get(1);
        assertEquals("minimized", explorer.state());
        assertFalse(explorer.accessible());
        assertNull(explorer.surfaceId());
        assertEquals(
                List.of("591146"),
                service(win)
                        .windows(new WindowQuery("0x9052a", null, null, null, false, 0, null, "auto", false), GO)
                        .windows()
                        .stream()
                        .map(DesktopWindow::id)
                        .toList());
    }

    @Test
    void elementsCarryValueToggleAndFocusAsReadBackAndAPasswordIsNeverRead() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("winforms-dialog", "notepad"), directory);
        DesktopService desktop = service(win);

        UiElement editor = desktop.findElements(
                        query("role-exact=document", new ElementScope("notepad", null, null)), GO)
                .elements()
                .get(0);
        assertEquals("Draft", editor.readBack().text());
        assertTrue(editor.states().containsAll(List.of("editable", "focused", "enabled")));
        assertEquals("uia:42.263420", editor.id());

        UiElement remember = desktop.findElements(query("label-exact=Remember me", ElementScope.ALL), GO)
                .elements()
                .get(0);
        assertFalse(remember.readBack().checked());
        UiElement apply = desktop.findElements(query("label-exact=Apply", ElementScope.ALL), GO)
                .elements()
                .get(0);
        assertFalse(apply.readBack().enabled());

        UiElement password = desktop.findElements(query("label-exact=Password", ElementScope.ALL), GO)
                .elements()
                .get(0);
        assertTrue(password.states().contains("password"));
        assertNull(password.readBack().text());
        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> desktop.readText(query("label-exact=Password", ElementScope.ALL), 0, 10, GO));
        assertEquals("not_readable", refused.code());
        assertFalse(win.desktop.valuesRead.contains("Password"));
    }

    @Test
    void textIsPagedAndReadBackFollowsTheElementAsItIsNow() throws Exception {
        FakeWindows fixtures = Fixtures.desktop("notepad");
        WinTesting win = new WinTesting(fixtures, directory);
        DesktopService desktop = service(win);

        TextRead page = desktop.readText(query("role-exact=document", ElementScope.ALL), 1, 3, GO);
        assertEquals("raf", page.text());
        assertEquals(5, page.total());
        assertEquals(4, page.nextOffset());

        UiElement editor = desktop.findElements(query("role-exact=document", ElementScope.ALL), GO)
                .elements()
                .get(0);
        fixtures.front().window().root.find("Text editor").value = "Draft two";
        Map<String, ReadBack> now = desktop.readBack(editor.observationId(), List.of(editor.tag()), GO);
        assertEquals("Draft two", now.get(editor.tag()).text());
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
    void aClickBySelectorIsTheInvokePatternSignedAndExecutedByTheEngine() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("winforms-dialog"), directory);
        try (SigningHost host = new SigningHost(win.executor, directory, false)) {
            InputOutcome outcome = service(win)
                    .input(
                            InputRequest.selected(
                                    "click", Selector.parse("label-exact=OK"), ElementScope.ALL, null, false),
                            host,
                            GO);

            assertTrue(outcome.succeeded(), outcome.status());
            assertInstanceOf(Action.Invoke.class, outcome.proposal().action());
            assertEquals(
                    DeliveryRoute.TARGET_ADDRESSED,
                    assertInstanceOf(Terminal.Succeeded.class, outcome.terminal())
                            .receipt()
                            .deliveryRoute());
            assertEquals(1, win.desktop.effects("invoke").size());
        }
    }

    @Test
    void typingIsSendInputOnlyWithTheHostsOptInAndTheEnginesAnswerIsReportedAsItIs() throws Exception {
        WinTesting refused = new WinTesting(Fixtures.desktop("notepad"), directory.resolve("a"));
        try (SigningHost host = new SigningHost(refused.executor, directory, false)) {
            InputOutcome outcome = service(refused).input(type("hello"), host, GO);

            Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, outcome.terminal());
            assertEquals(FailureCode.PERMISSION_DENIED, rejected.code());
            assertEquals(List.of(), refused.desktop.effects("send_input"));
        }
        WinTesting allowed =
                new WinTesting(Fixtures.desktop("notepad"), directory.resolve("b"), "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        try (SigningHost host = new SigningHost(allowed.executor, directory.resolve("b"), true)) {
            InputOutcome outcome = service(allowed).input(type("hello"), host, GO);

            assertTrue(outcome.succeeded(), outcome.status());
            assertEquals("Text editor", outcome.element().label());
            assertFalse(allowed.desktop.effects("send_input").isEmpty());
        }
    }

    @Test
    void aDisabledElementAndAMissingWindowAreRefusedBeforeAnythingIsSigned() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("winforms-dialog"), directory);
        DesktopService desktop = service(win);
        try (SigningHost host = new SigningHost(win.executor, directory, true)) {
            assertEquals(
                    "target_disabled",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(
                                            InputRequest.selected(
                                                    "click",
                                                    Selector.parse("label-exact=Apply"),
                                                    ElementScope.ALL,
                                                    null,
                                                    false),
                                            host,
                                            GO))
                            .code());
            assertEquals(
                    "window_not_found",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(
                                            InputRequest.window(
                                                    "close", new ElementScope("Notepad", null, null), false),
                                            host,
                                            GO))
                            .code());
            assertEquals(0, host.operations());
            assertEquals(List.of(), win.desktop.effects);
        }
    }

    private static InputRequest type(String text) {
        return new InputRequest(
                "type",
                null,
                null,
                null,
                null,
                null,
                ElementScope.ALL,
                false,
                null,
                null,
                false,
                null,
                1,
                null,
                text,
                false,
                List.of(),
                1,
                0,
                0,
                null,
                false,
                false,
                null);
    }
}
