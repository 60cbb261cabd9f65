package org.praefectus.macos.executor;

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
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementMatches;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.ElementWait;
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
import org.praefectus.macos.ax.AxValue;
import org.praefectus.nativecore.desktop.NativeDesktop;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The typed desktop service on macOS ({@code NativeDesktop} over the executor's port), over the hand-written AX
 * fixtures: windows, elements with selectors and read-back, text, waits, the pointer, and the input verbs signed by a
 * resident host through the host kit and executed by the real engine, asserting what reached the AX and Quartz
 * boundary. Nothing here ran on a Mac.
 */
class DesktopServiceOverFixturesTest {

    @TempDir
    Path directory;

    private static final CancellationToken GO = new CancellationToken();

    private static DesktopService service(MacTesting mac) {
        return new NativeDesktop(mac.executor.desktop());
    }

    private static ElementQuery query(String selector, ElementScope scope) throws SelectorException {
        return new ElementQuery(Selector.parse(selector), scope, 0, false, null, null);
    }

    private static ElementScope app(String name) {
        return new ElementScope(name, null, null);
    }

    @Test
    void windowsAreListedFrontToBackWithTheirSurfacesAndFilteredAsPeekabooXDoes() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);

        WindowListing all = service(mac).windows(WindowQuery.ALL, GO);

        assertEquals(2, all.count());
        DesktopWindow textEdit = all.windows().get(0);
        assertEquals("4711", textEdit.id());
        assertEquals("TextEdit", textEdit.appId());
        assertEquals("Tofu Praefectus Demo.txt", textEdit.title());
        assertTrue(textEdit.focused());
        assertTrue(textEdit.accessible());
        assertNotNull(textEdit.surfaceId());
        assertEquals("ax", textEdit.backend());
        assertFalse(all.windows().get(1).focused());
        assertEquals("Finder", all.windows().get(1).appId());

        WindowListing finder =
                service(mac).windows(new WindowQuery(null, "finder", null, null, false, 0, null, "auto", true), GO);
        assertEquals(
                List.of("Finder"),
                finder.windows().stream().map(DesktopWindow::appId).toList());
        assertEquals(1, finder.diagnostics().size());

        DesktopException x11 = assertThrows(
                DesktopException.class,
                () -> service(mac).windows(new WindowQuery(null, null, null, null, false, 0, null, "x11", false), GO));
        assertEquals("unsupported", x11.code());
    }

    @Test
    void elementsMatchSelectorsInTheirScopeAndCarryTheirObservationAndReadBack() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);
        DesktopService desktop = service(mac);

        ElementMatches text = desktop.findElements(query("role-exact=AXTextArea", app("textedit")), GO);

        assertEquals(1, text.count());
        UiElement area = text.elements().get(0);
        assertEquals("4711", area.windowId());
        assertEquals("TextEdit", area.appId());
        assertTrue(area.states().containsAll(List.of("enabled", "focused", "showing", "editable")));
        assertNotNull(area.observationId());
        assertNotNull(area.tag());
        assertTrue(area.id().startsWith("ax:4711/"));
        ReadBack readBack = area.readBack();
        String fixtureText = mac.desktop
                .front()
                .window()
                .find("AXTextArea", null)
                .attributes
                .get("AXValue")
                .text();
        assertEquals(fixtureText.substring(0, Math.min(fixtureText.length(), ReadBack.TEXT_LIMIT)), readBack.text());
        assertTrue(readBack.focused());
        assertTrue(readBack.editable());

        // the scope keeps TextEdit's buttons out of a Finder lookup; a disabled button says so
        UiElement forward = desktop.findElements(query("role=AXButton,label-exact=Forward", app("finder")), GO)
                .elements()
                .get(0);
        assertFalse(forward.states().contains("enabled"));
        assertFalse(forward.readBack().enabled());
        assertEquals("Finder", forward.appId());

        DesktopException noWindow = assertThrows(
                DesktopException.class,
                () -> desktop.findElements(query("role=AXButton", new ElementScope(null, "No such title", null)), GO));
        assertEquals("target_not_found", noWindow.code());

        DesktopException vision = assertThrows(
                DesktopException.class,
                () -> desktop.findElements(
                        new ElementQuery(Selector.parse("role=AXImage"), ElementScope.ALL, 0, true, null, null), GO));
        assertEquals("unsupported", vision.code());
    }

    @Test
    void aMalformedSelectorIsRefusedBeforeTheServiceIsAsked() {
        // every surface parses its selector first; what does not parse never becomes a query
        assertThrows(SelectorException.class, () -> Selector.parse("role="));
        assertThrows(SelectorException.class, () -> Selector.parse("shape=round"));
    }

    @Test
    void readBackAnswersWhatTheObservedElementsHoldNowAndRefusesAnObservationItDoesNotHold() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);
        DesktopService desktop = service(mac);
        UiElement area = desktop.findElements(query("role-exact=AXTextArea", ElementScope.ALL), GO)
                .elements()
                .get(0);
        mac.desktop.front().window().find("AXTextArea", null).attributes.put("AXValue", new AxValue.Text("edited"));

        Map<String, ReadBack> now = desktop.readBack(area.observationId(), List.of(area.tag(), "e9999"), GO);

        assertEquals(List.of(area.tag()), List.copyOf(now.keySet()));
        assertEquals("edited", now.get(area.tag()).text());
        assertEquals(
                "stale_target",
                assertThrows(DesktopException.class, () -> desktop.readBack("f".repeat(64), List.of("e1"), GO))
                        .code());
    }

    @Test
    void textIsReadInPagesAndAPasswordFieldNeverIs() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);
        String whole = mac.desktop
                .front()
                .window()
                .find("AXTextArea", null)
                .attributes
                .get("AXValue")
                .text();

        TextRead page = service(mac).readText(query("role-exact=AXTextArea", ElementScope.ALL), 1, 2, GO);

        assertEquals(whole.substring(1, 3), page.text());
        assertEquals(whole.length(), page.total());
        assertEquals(3, page.nextOffset());
        assertEquals(
                "usage",
                assertThrows(
                                DesktopException.class,
                                () -> service(mac).readText(query("role=AXTextArea", ElementScope.ALL), -1, 5, GO))
                        .code());

        MacTesting safari = new MacTesting(Fixtures.desktop("safari"), directory.resolve("safari"));
        UiElement pin = service(safari)
                .findElements(query("label-exact=Card PIN,role-exact=AXTextField", ElementScope.ALL), GO)
                .elements()
                .get(0);
        assertTrue(pin.states().contains("password"));
        assertNull(pin.readBack().text());
        assertEquals(14, pin.readBack().textLength());
        DesktopException refused = assertThrows(
                DesktopException.class,
                () -> service(safari)
                        .readText(query("label-exact=Card PIN,role-exact=AXTextField", ElementScope.ALL), 0, 100, GO));
        assertEquals("not_readable", refused.code());
        assertFalse(refused.getMessage().contains("hunter2"));
    }

    @Test
    void theDesktopStateIsTheActiveWindowWithItsElements() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);

        DesktopState state = service(mac).desktopState(0, GO);

        assertEquals("4711", state.activeWindow().id());
        assertEquals(2, state.windows().size());
        assertFalse(state.elements().isEmpty());
        assertTrue(state.elements().stream().allMatch(e -> e.windowId().equals("4711")));
        assertEquals(List.of(), state.warnings());
    }

    @Test
    void aWaitEndsWhenItsConditionHoldsAndSaysSoWhenItDoesNot() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder"), directory);
        DesktopService desktop = service(mac);

        ElementWait appeared = desktop.waitFor(query("label-exact=Back", ElementScope.ALL), false, 0, GO);
        assertTrue(appeared.met());
        assertEquals(1, appeared.lookups());

        ElementWait stillThere = desktop.waitFor(query("label-exact=Back", ElementScope.ALL), true, 0, GO);
        assertFalse(stillThere.met());
        assertEquals("timeout", stillThere.failure().code());

        // a scope whose window is not there yet matches nothing: a wait for it to disappear holds at once
        assertTrue(desktop.waitFor(query("role=AXButton", app("Preview")), true, 0, GO)
                .met());
        assertEquals(
                "usage",
                assertThrows(
                                DesktopException.class,
                                () -> desktop.waitFor(
                                        query("role=AXButton", ElementScope.ALL),
                                        false,
                                        DesktopService.MAX_WAIT_MS + 1,
                                        GO))
                        .code());
    }

    @Test
    void thePointerIsWhereQuartzSaysItIs() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);
        mac.desktop.pointer = new double[] {321.4, 654.6};

        assertEquals(new UiElement.Point(321, 655), service(mac).pointer());
    }

    @Test
    void aClickBySelectorIsTheElementsOwnPressSignedAndExecutedByTheEngine() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder"), directory);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            InputOutcome outcome = service(mac)
                    .input(
                            InputRequest.selected(
                                    "click", Selector.parse("label-exact=Back"), app("finder"), null, false),
                            host,
                            GO);

            assertTrue(outcome.succeeded(), outcome.status());
            assertInstanceOf(Action.Invoke.class, outcome.proposal().action());
            Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, outcome.terminal());
            assertEquals(DeliveryRoute.TARGET_ADDRESSED, succeeded.receipt().deliveryRoute());
            assertEquals(1, mac.desktop.effects("perform").size());
            assertEquals(1, host.operations());
        }
    }

    @Test
    void typingAndAHotkeyGoToTheFocusedElementsProcessAndNowhereElse() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);
        DesktopService desktop = service(mac);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            // no selector: the one focused element of the active window (TextEdit's text area)
            InputOutcome typed = desktop.input(request("type", null, "hello", List.of(), null), host, GO);
            InputOutcome selectAll = desktop.input(
                    request("hotkey", Selector.parse("role-exact=AXTextArea"), null, List.of("cmd", "a"), null),
                    host,
                    GO);

            assertTrue(typed.succeeded(), typed.status());
            assertTrue(selectAll.succeeded(), selectAll.status());
            assertEquals("AXTextArea", typed.element().role());
            assertTrue(typed.route().startsWith("per_process_event"));
            assertFalse(mac.desktop.effects("post_to_pid").isEmpty());
            assertTrue(mac.desktop.effects("post_to_pid").stream().allMatch(e -> e.processId() == 512));
            assertEquals(List.of(), mac.desktop.effects("post_global"));
        }
    }

    @Test
    void aDryRunSignsAndDispatchesNothing() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder"), directory);
        InputRequest click =
                InputRequest.selected("click", Selector.parse("label-exact=Back"), ElementScope.ALL, null, true);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            InputOutcome unsigned = service(mac).input(click, null, GO);
            InputOutcome drafted = service(mac).input(click, host, GO);

            assertNotNull(unsigned.nextAction());
            assertNull(unsigned.draft());
            assertNotNull(drafted.draft());
            assertNull(drafted.terminal());
            assertEquals(0, host.operations());
            assertEquals(List.of(), mac.desktop.effects);
        }
    }

    @Test
    void aCoordinateClickWithoutTheGlobalInputOptInIsTheEnginesRejectionAsItIs() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);
        try (SigningHost host = new SigningHost(mac.executor, directory, false)) {
            InputOutcome outcome =
                    service(mac).input(InputRequest.at("click", new long[] {300, 300}, false, false), host, GO);

            Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, outcome.terminal());
            assertEquals(FailureCode.PERMISSION_DENIED, rejected.code());
            assertFalse(outcome.succeeded());
            assertEquals(List.of(), mac.desktop.effects);
        }
    }

    @Test
    void whatCannotBeDoneHereIsRefusedBeforeAnythingIsSigned() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder", "textedit"), directory);
        DesktopService desktop = service(mac);
        try (SigningHost host = new SigningHost(mac.executor, directory, true)) {
            assertEquals(
                    "target_disabled",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(
                                            InputRequest.selected(
                                                    "click",
                                                    Selector.parse("label-exact=Forward"),
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
                                    () -> desktop.input(InputRequest.window("focus", app("Preview"), false), host, GO))
                            .code());
            assertEquals(
                    "unsupported",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(
                                            request(
                                                    "hotkey",
                                                    Selector.parse("role-exact=AXTextArea"),
                                                    null,
                                                    List.of("cmd", "a"),
                                                    new InputRequest.Pace(40L, null, null, false, false)),
                                            host,
                                            GO))
                            .code());
            assertEquals(
                    "unsupported",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(InputRequest.application("launch", "Safari", false), host, GO))
                            .code());
            assertEquals(
                    "unsupported",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(
                                            pasteKeepingTheClipboard(Selector.parse("role-exact=AXTextArea")),
                                            host,
                                            GO))
                            .code());
            assertEquals(
                    "runtime_unavailable",
                    assertThrows(
                                    DesktopException.class,
                                    () -> desktop.input(
                                            InputRequest.selected(
                                                    "click",
                                                    Selector.parse("label-exact=Back"),
                                                    ElementScope.ALL,
                                                    null,
                                                    false),
                                            null,
                                            GO))
                            .code());
            assertEquals(0, host.operations());
            assertEquals(List.of(), mac.desktop.effects);
        }
    }

    @Test
    void aWindowVerbIsTheSignedWindowActionOnTheOneWindowTheScopeNames() throws Exception {
        MacTesting mac =
                new MacTesting(Fixtures.desktop("textedit", "finder"), directory, "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1");
        try (SigningHost host = new SigningHost(mac.executor, directory, true)) {
            InputOutcome outcome = service(mac).input(InputRequest.window("focus", app("finder"), false), host, GO);

            Action.Window window =
                    assertInstanceOf(Action.Window.class, outcome.proposal().action());
            assertEquals("Finder", window.app());
            assertTrue(outcome.succeeded(), outcome.status());
            assertFalse(mac.desktop.effects("perform").isEmpty());
        }
        assertTrue(service(mac).windowShownBy(new Action.Invoke(), null).isEmpty());
    }

    private static InputRequest request(
            String verb, Selector selector, String text, List<String> keys, InputRequest.Pace pace) {
        return new InputRequest(
                verb,
                null,
                null,
                null,
                null,
                selector,
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
                keys,
                1,
                0,
                0,
                pace,
                false,
                false,
                null);
    }

    private static InputRequest pasteKeepingTheClipboard(Selector selector) {
        return new InputRequest(
                "paste",
                null,
                null,
                null,
                null,
                selector,
                ElementScope.ALL,
                false,
                null,
                null,
                false,
                null,
                1,
                null,
                "x",
                false,
                List.of(),
                1,
                0,
                0,
                null,
                false,
                false,
                ClipboardRestore.STRICT);
    }
}
