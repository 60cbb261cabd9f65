package org.praefectus.nativecore.desktop;

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
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
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
import org.praefectus.api.executor.Executor;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;

/**
 * The typed desktop service ({@link NativeDesktop} over a platform's port) as every platform shows it, over that
 * platform's hand-written fixtures: windows, elements with selectors and read-back, text, waits, and the input verbs
 * signed by a resident host through the host kit and executed by the real engine, asserting what reached the native
 * boundary. A platform's test extends this with its fixtures ({@link #desktop}, {@link Names}); what only one
 * platform does stays in its own test.
 */
public abstract class DesktopServiceContract {

    /** What the executor is told of the host's global-input opt-in when a scenario needs it. */
    private static final String ALLOW_GLOBAL_INPUT = "PRAEFECTUS_ALLOW_GLOBAL_INPUT=1";

    private static final CancellationToken GO = new CancellationToken();

    /**
     * One platform's executor over its fixtures, and what reached its native boundary.
     *
     * @param executor   the executor over the fixtures
     * @param port       its desktop port
     * @param effects    every effect that reached the native boundary, in order
     * @param ofKind     the effects of one kind (the fixture's own names: {@code perform}, {@code invoke}…)
     * @param editorText the text the front window's editable text holds in the fixture
     * @param edit       changes what the front window's editable text holds, as the application would
     */
    public record Fixture(
            Executor executor,
            DesktopPort port,
            List<?> effects,
            Function<String, List<?>> ofKind,
            Supplier<String> editorText,
            Consumer<String> edit) {

        List<?> effects(String kind) {
            return ofKind.apply(kind);
        }
    }

    /**
     * The kinds of effect the platform's fixture records.
     *
     * @param invoke      an element's own action (a press, an invoke pattern)
     * @param key         a key event
     * @param windowFocus a window focused
     */
    public record EffectKinds(String invoke, String key, String windowFocus) {}

    /**
     * What a platform's fixtures hold for these scenarios.
     *
     * @param backend        the backend that lists windows and elements here
     * @param frontApp       the fixture of the frontmost application, whose one window holds the focused editable text
     * @param backApp        the fixture of the application behind it, whose one window holds an invokable and a
     *                       disabled button
     * @param frontId        the front window's id
     * @param frontAppId     its app ID
     * @param frontTitle     its title
     * @param backAppId      the back window's app ID
     * @param editor         a selector of the front window's editable text
     * @param editorId       how that element's backend id begins
     * @param button         a selector of the back window's invokable button
     * @param disabledButton a selector of its disabled button
     * @param passwordApp    the fixture of an application showing a password field
     * @param password       a selector of that field
     * @param passwordLength the length of its text as the platform tells it, or {@code null}
     * @param selectAll      the select-all hotkey
     * @param keyboardRoute  how the route of keyboard input begins
     * @param effects        the kinds of effect the fixture records
     */
    public record Names(
            String backend,
            String frontApp,
            String backApp,
            String frontId,
            String frontAppId,
            String frontTitle,
            String backAppId,
            String editor,
            String editorId,
            String button,
            String disabledButton,
            String passwordApp,
            String password,
            Integer passwordLength,
            List<String> selectAll,
            String keyboardRoute,
            EffectKinds effects) {}

    @TempDir
    protected Path directory;

    private final Names names;

    /** @param names what the platform's fixtures hold */
    protected DesktopServiceContract(Names names) {
        this.names = names;
    }

    /**
     * A desktop of these applications' fixtures, the first frontmost, over a fresh executor.
     *
     * @param directory   where the executor keeps its private state
     * @param environment its environment entries ({@code NAME=value}), such as {@link #ALLOW_GLOBAL_INPUT}
     */
    protected abstract Fixture desktop(Path directory, List<String> apps, String... environment) throws Exception;

    private Fixture frontAndBack(String... environment) throws Exception {
        return desktop(directory, List.of(names.frontApp(), names.backApp()), environment);
    }

    private static DesktopService service(Fixture fixture) {
        return new NativeDesktop(fixture.port());
    }

    private static ElementQuery query(String selector, ElementScope scope) throws SelectorException {
        return new ElementQuery(Selector.parse(selector), scope, 0, false, null, null);
    }

    private static ElementScope app(String appId) {
        return new ElementScope(appId, null, null);
    }

    private ElementScope front() {
        return app(names.frontAppId());
    }

    private ElementScope back() {
        return app(names.backAppId());
    }

    private static String refusal(Executable call) {
        return assertThrows(DesktopException.class, call).code();
    }

    @Test
    public void windowsAreListedFrontToBackWithTheirSurfacesAndFilteredAsPeekabooXDoes() throws Exception {
        Fixture fixture = frontAndBack();
        DesktopService desktop = service(fixture);

        WindowListing all = desktop.windows(WindowQuery.ALL, GO);

        assertEquals(2, all.count());
        DesktopWindow front = all.windows().get(0);
        assertEquals(names.frontId(), front.id());
        assertEquals(names.frontAppId(), front.appId());
        assertEquals(names.frontTitle(), front.title());
        assertTrue(front.focused());
        assertTrue(front.accessible());
        assertNotNull(front.surfaceId());
        assertEquals(names.backend(), front.backend());
        assertFalse(all.windows().get(1).focused());
        assertEquals(names.backAppId(), all.windows().get(1).appId());

        WindowListing byApp =
                desktop.windows(new WindowQuery(null, names.backAppId(), null, null, false, 0, null, "auto", true), GO);
        assertEquals(
                List.of(names.backAppId()),
                byApp.windows().stream().map(DesktopWindow::appId).toList());
        assertEquals(1, byApp.diagnostics().size());
        String hexId = "0x" + Long.toHexString(Long.parseLong(names.frontId()));
        assertEquals(
                List.of(names.frontId()),
                desktop
                        .windows(new WindowQuery(hexId, null, null, null, false, 0, null, "auto", false), GO)
                        .windows()
                        .stream()
                        .map(DesktopWindow::id)
                        .toList());
        assertEquals(
                "unsupported",
                refusal(() ->
                        desktop.windows(new WindowQuery(null, null, null, null, false, 0, null, "x11", false), GO)));
    }

    @Test
    public void elementsMatchSelectorsInTheirScopeAndCarryTheirObservationAndReadBack() throws Exception {
        Fixture fixture = frontAndBack();
        DesktopService desktop = service(fixture);

        ElementMatches text = desktop.findElements(query(names.editor(), front()), GO);

        assertEquals(1, text.count());
        UiElement editor = text.elements().get(0);
        assertEquals(names.frontId(), editor.windowId());
        assertEquals(names.frontAppId(), editor.appId());
        assertTrue(editor.states().containsAll(List.of("enabled", "focused", "editable")), editor.states()::toString);
        assertNotNull(editor.observationId());
        assertNotNull(editor.tag());
        assertTrue(editor.id().startsWith(names.editorId()), editor.id());
        ReadBack readBack = editor.readBack();
        String whole = fixture.editorText().get();
        assertEquals(whole.substring(0, Math.min(whole.length(), ReadBack.TEXT_LIMIT)), readBack.text());
        assertTrue(readBack.focused());
        assertTrue(readBack.editable());

        // the scope keeps the front window's elements out of a lookup in the back one; a disabled button says so
        UiElement disabled = desktop.findElements(query(names.disabledButton(), back()), GO)
                .elements()
                .get(0);
        assertFalse(disabled.states().contains("enabled"));
        assertFalse(disabled.readBack().enabled());
        assertEquals(names.backAppId(), disabled.appId());

        assertEquals(
                "target_not_found",
                refusal(() -> desktop.findElements(
                        query(names.button(), new ElementScope(null, "No such title", null)), GO)));
        assertEquals(
                "unsupported",
                refusal(() -> desktop.findElements(
                        new ElementQuery(Selector.parse(names.button()), ElementScope.ALL, 0, true, null, null), GO)));
    }

    @Test
    public void aMalformedSelectorIsRefusedBeforeTheServiceIsAsked() {
        // every surface parses its selector first; what does not parse never becomes a query
        assertThrows(SelectorException.class, () -> Selector.parse("role="));
        assertThrows(SelectorException.class, () -> Selector.parse("shape=round"));
    }

    @Test
    public void readBackAnswersWhatTheObservedElementsHoldNowAndRefusesAnObservationItDoesNotHold() throws Exception {
        Fixture fixture = frontAndBack();
        DesktopService desktop = service(fixture);
        UiElement editor = desktop.findElements(query(names.editor(), front()), GO)
                .elements()
                .get(0);
        fixture.edit().accept("edited");

        Map<String, ReadBack> now = desktop.readBack(editor.observationId(), List.of(editor.tag(), "e9999"), GO);

        assertEquals(List.of(editor.tag()), List.copyOf(now.keySet()));
        assertEquals("edited", now.get(editor.tag()).text());
        assertEquals("stale_target", refusal(() -> desktop.readBack("f".repeat(64), List.of("e1"), GO)));
    }

    @Test
    public void textIsReadInPagesAndAPasswordFieldNeverIs() throws Exception {
        Fixture fixture = frontAndBack();
        DesktopService desktop = service(fixture);
        String whole = fixture.editorText().get();

        TextRead page = desktop.readText(query(names.editor(), front()), 1, 2, GO);

        assertEquals(whole.substring(1, 3), page.text());
        assertEquals(whole.length(), page.total());
        assertEquals(3, page.nextOffset());
        assertEquals("usage", refusal(() -> desktop.readText(query(names.editor(), front()), -1, 5, GO)));

        DesktopService withPassword = service(desktop(directory.resolve("password"), List.of(names.passwordApp())));
        ElementQuery password = query(names.password(), ElementScope.ALL);
        UiElement field = withPassword.findElements(password, GO).elements().get(0);
        assertTrue(field.states().contains("password"));
        assertNull(field.readBack().text());
        assertEquals(names.passwordLength(), field.readBack().textLength());
        DesktopException refused =
                assertThrows(DesktopException.class, () -> withPassword.readText(password, 0, 100, GO));
        assertEquals("not_readable", refused.code());
        assertFalse(refused.getMessage().contains("hunter2"));
    }

    @Test
    public void theDesktopStateIsTheActiveWindowWithItsElements() throws Exception {
        DesktopState state = service(frontAndBack()).desktopState(0, GO);

        assertEquals(names.frontId(), state.activeWindow().id());
        assertEquals(2, state.windows().size());
        assertFalse(state.elements().isEmpty());
        assertTrue(state.elements().stream().allMatch(e -> e.windowId().equals(names.frontId())));
        assertEquals(List.of(), state.warnings());
    }

    @Test
    public void aWaitEndsWhenItsConditionHoldsAndSaysSoWhenItDoesNot() throws Exception {
        DesktopService desktop = service(frontAndBack());
        ElementQuery button = query(names.button(), back());

        ElementWait appeared = desktop.waitFor(button, false, 0, GO);
        assertTrue(appeared.met());
        assertEquals(1, appeared.lookups());

        ElementWait stillThere = desktop.waitFor(button, true, 0, GO);
        assertFalse(stillThere.met());
        assertEquals("timeout", stillThere.failure().code());

        // a scope whose window is not there yet matches nothing: a wait for it to disappear holds at once
        assertTrue(desktop.waitFor(query(names.button(), app("Preview")), true, 0, GO)
                .met());
        assertEquals("usage", refusal(() -> desktop.waitFor(button, false, DesktopService.MAX_WAIT_MS + 1, GO)));
    }

    @Test
    public void aClickBySelectorIsTheElementsOwnActionSignedAndExecutedByTheEngine() throws Exception {
        Fixture fixture = frontAndBack();
        try (SigningHost host = new SigningHost(fixture.executor(), directory, false)) {
            InputOutcome outcome = service(fixture)
                    .input(
                            InputRequest.selected("click", Selector.parse(names.button()), back(), null, false),
                            host,
                            GO);

            assertTrue(outcome.succeeded(), outcome.status());
            assertInstanceOf(Action.Invoke.class, outcome.proposal().action());
            Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, outcome.terminal());
            assertEquals(DeliveryRoute.TARGET_ADDRESSED, succeeded.receipt().deliveryRoute());
            assertEquals(1, fixture.effects(names.effects().invoke()).size());
            assertEquals(1, host.operations());
        }
    }

    @Test
    public void typingAndAHotkeyGoToTheFocusedElement() throws Exception {
        Fixture fixture = frontAndBack(ALLOW_GLOBAL_INPUT);
        DesktopService desktop = service(fixture);
        UiElement editor = desktop.findElements(query(names.editor(), front()), GO)
                .elements()
                .get(0);
        try (SigningHost host = new SigningHost(fixture.executor(), directory, true)) {
            // no selector: the one focused element of the active window
            InputOutcome typed = desktop.input(keyboard("type", null, "hello", List.of(), null), host, GO);
            InputOutcome selectAll = desktop.input(
                    keyboard("hotkey", Selector.parse(names.editor()), null, names.selectAll(), null), host, GO);

            assertTrue(typed.succeeded(), typed.status());
            assertTrue(selectAll.succeeded(), selectAll.status());
            assertEquals(editor.id(), typed.element().id());
            assertTrue(typed.route().startsWith(names.keyboardRoute()), typed.route());
            assertFalse(fixture.effects(names.effects().key()).isEmpty());
        }
    }

    @Test
    public void aDryRunSignsAndDispatchesNothing() throws Exception {
        Fixture fixture = frontAndBack();
        InputRequest click = InputRequest.selected("click", Selector.parse(names.button()), back(), null, true);
        try (SigningHost host = new SigningHost(fixture.executor(), directory, false)) {
            InputOutcome unsigned = service(fixture).input(click, null, GO);
            InputOutcome drafted = service(fixture).input(click, host, GO);

            assertNotNull(unsigned.nextAction());
            assertNull(unsigned.draft());
            assertNotNull(drafted.draft());
            assertNull(drafted.terminal());
            assertEquals(0, host.operations());
            assertEquals(List.of(), fixture.effects());
        }
    }

    @Test
    public void aCoordinateClickWithoutTheGlobalInputOptInIsTheEnginesRejectionAsItIs() throws Exception {
        Fixture fixture = frontAndBack();
        DesktopService desktop = service(fixture);
        Rect window = desktop.windows(WindowQuery.ALL, GO).windows().get(0).bounds();
        long[] inside = {window.x() + window.width() / 2, window.y() + window.height() / 2};
        try (SigningHost host = new SigningHost(fixture.executor(), directory, false)) {
            InputOutcome outcome = desktop.input(InputRequest.at("click", inside, false, false), host, GO);

            Terminal.Rejected rejected = assertInstanceOf(Terminal.Rejected.class, outcome.terminal());
            assertEquals(FailureCode.PERMISSION_DENIED, rejected.code());
            assertFalse(outcome.succeeded());
            assertEquals(List.of(), fixture.effects());
        }
    }

    @Test
    public void aRatioIsAPointInsideTheOneWindowTheScopeNamesItsLastPixelAtOne() throws Exception {
        DesktopService desktop = service(frontAndBack());
        Rect window = desktop.windows(WindowQuery.ALL, GO).windows().get(0).bounds();

        TargetRef.Coordinates origin = clickAt(desktop, new double[] {0, 0}, front());
        TargetRef.Coordinates corner = clickAt(desktop, new double[] {1, 1}, front());

        assertEquals(List.of(window.x(), window.y()), List.of(origin.x(), origin.y()));
        assertEquals(
                List.of(window.x() + window.width() - 1, window.y() + window.height() - 1),
                List.of(corner.x(), corner.y()));
        assertEquals("usage", refusal(() -> clickAt(desktop, new double[] {0.5, 0.5}, ElementScope.ALL)));
        assertEquals("window_not_found", refusal(() -> clickAt(desktop, new double[] {0.5, 0.5}, app("Preview"))));
    }

    /** Where a dry-run click at {@code ratio} of the window {@code scope} names is aimed. */
    private static TargetRef.Coordinates clickAt(DesktopService desktop, double[] ratio, ElementScope scope)
            throws DesktopException {
        InputOutcome dry =
                desktop.input(request("click", ratio, null, scope, null, List.of(), null, true, null), null, GO);
        return assertInstanceOf(TargetRef.Coordinates.class, dry.proposal().target());
    }

    @Test
    public void whatCannotBeDoneHereIsRefusedBeforeAnythingIsSigned() throws Exception {
        Fixture fixture = frontAndBack();
        DesktopService desktop = service(fixture);
        Selector editor = Selector.parse(names.editor());
        try (SigningHost host = new SigningHost(fixture.executor(), directory, true)) {
            assertEquals(
                    "target_disabled",
                    refusal(() -> desktop.input(
                            InputRequest.selected("click", Selector.parse(names.disabledButton()), back(), null, false),
                            host,
                            GO)));
            assertEquals(
                    "window_not_found",
                    refusal(() -> desktop.input(InputRequest.window("focus", app("Preview"), false), host, GO)));
            assertEquals(
                    "unsupported",
                    refusal(() -> desktop.input(
                            keyboard(
                                    "hotkey",
                                    editor,
                                    null,
                                    names.selectAll(),
                                    new InputRequest.Pace(40L, null, null, false, false)),
                            host,
                            GO)));
            assertEquals(
                    "unsupported",
                    refusal(() -> desktop.input(InputRequest.application("launch", "Safari", false), host, GO)));
            assertEquals("unsupported", refusal(() -> desktop.input(pasteKeepingTheClipboard(editor), host, GO)));
            // these executors scroll elements: a scroll at a point, or where the pointer is, has none to go to
            assertEquals(
                    "unsupported",
                    refusal(() -> desktop.input(
                            InputRequest.scroll(Direction.DOWN, 1, new long[] {300, 300}, null, null, false),
                            host,
                            GO)));
            assertEquals(
                    "unsupported",
                    refusal(() ->
                            desktop.input(InputRequest.scroll(Direction.UP, 1, null, null, null, false), host, GO)));
            assertEquals(
                    "runtime_unavailable",
                    refusal(() -> desktop.input(
                            InputRequest.selected("click", Selector.parse(names.button()), back(), null, false),
                            null,
                            GO)));
            assertEquals(0, host.operations());
            assertEquals(List.of(), fixture.effects());
        }
    }

    @Test
    public void aWindowVerbIsTheSignedWindowActionOnTheOneWindowTheScopeNames() throws Exception {
        Fixture fixture = frontAndBack(ALLOW_GLOBAL_INPUT);
        try (SigningHost host = new SigningHost(fixture.executor(), directory, true)) {
            InputOutcome outcome = service(fixture).input(InputRequest.window("focus", back(), false), host, GO);

            Action.Window window =
                    assertInstanceOf(Action.Window.class, outcome.proposal().action());
            assertEquals(names.backAppId(), window.app());
            assertTrue(outcome.succeeded(), outcome.status());
            assertFalse(fixture.effects(names.effects().windowFocus()).isEmpty());
        }
        assertTrue(service(fixture).windowShownBy(new Action.Invoke(), null).isEmpty());
    }

    /** A keyboard verb on {@code selector}'s element, or on the focused one without. */
    protected static InputRequest keyboard(
            String verb, Selector selector, String text, List<String> keys, InputRequest.Pace pace) {
        return request(verb, null, selector, ElementScope.ALL, text, keys, pace, false, null);
    }

    private static InputRequest pasteKeepingTheClipboard(Selector selector) {
        return request("paste", null, selector, ElementScope.ALL, "x", List.of(), null, false, ClipboardRestore.STRICT);
    }

    /** A request with every option it does not name at its default. */
    private static InputRequest request(
            String verb,
            double[] ratio,
            Selector selector,
            ElementScope scope,
            String text,
            List<String> keys,
            InputRequest.Pace pace,
            boolean dryRun,
            ClipboardRestore clipboard) {
        return InputRequest.of(verb)
                .ratio(ratio)
                .selector(selector)
                .scope(scope)
                .text(text)
                .keys(keys)
                .pace(pace)
                .dryRun(dryRun)
                .clipboard(clipboard)
                .build();
    }
}
