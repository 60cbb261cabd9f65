package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;

/**
 * The page actions beyond invoke, set_value and scroll, through the executor SPI on a real headless Chromium:
 * {@code type_text} and {@code press} into the fenced node through this page's own input, {@code open} (navigate),
 * {@code window} {@code back} / {@code reload}; each read back from the page's own state, and each refused without
 * effect when the page changed between observation (or resolution) and action.
 */
class CdpPageActionTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;
    private String targetId;
    private CdpExecutor executor;
    private Chromium.PageDriver page;
    private SemanticObservation observation;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @BeforeEach
    void open() throws Exception {
        targetId = chromium.open("keys.html");
        executor = chromium.executor(targetId);
        page = chromium.driver(targetId);
        observation = observe(executor);
    }

    @AfterEach
    void close() throws Exception {
        page.close();
        executor.close();
        chromium.closeTarget(targetId);
    }

    private TargetRef target(String role, String name) throws Exception {
        return new TargetRef.Element(
                observation.target(named(observation, role, name).tag()));
    }

    private void dispatch(TargetRef target, Action action) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        CancellationToken cancellation = new CancellationToken();
        ResolvedTarget resolved = executor.resolve(target, cancellation, deadline);
        executor.dispatch(action, resolved, NONE, cancellation, deadline);
    }

    /** Resolves first, then lets the page change, then dispatches: the fence at the effect must catch it. */
    private DispatchException refusedAfterChange(TargetRef target, String change, Action action) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), deadline);
        page.evaluate(change);
        return assertThrows(
                DispatchException.class,
                () -> executor.dispatch(action, resolved, NONE, new CancellationToken(), deadline));
    }

    @Test
    void keyInputIsAdvertisedAsPageAddressedNotGlobal() {
        ActionCapability typing = executor.capabilities().actionCapabilities().stream()
                .filter(c -> c.action().equals("type_text"))
                .findFirst()
                .orElseThrow();
        assertEquals(DeliveryRoute.PER_PROCESS_EVENT, typing.deliveryRoute());
        assertTrue(executor.capabilities().supportedActions().containsAll(java.util.List.of("press", "open")));
        // back and reload are open of a URL; window selects or closes this page's own tab only (CdpTabsTest)
        assertTrue(executor.capabilities().supportedActions().contains("window"));
    }

    @Test
    void typeTextGoesIntoTheFencedFieldAsTrustedInput() throws Exception {
        // focus is elsewhere: the executor itself must put it on the fenced field
        page.evaluate("document.getElementById('elsewhere').focus()");
        dispatch(target("textbox", "Name"), new Action.TypeText("héllo wörld", false, false, null));
        assertEquals(
                "héllo wörld",
                page.evaluate("document.getElementById('name').value").asText());
        assertEquals("name", page.evaluate("document.activeElement.id").asText());
        assertTrue(page.evaluate("window.inputs.length > 0 && window.inputs.every(t => t)")
                .asBoolean(false));

        observation = observe(executor);
        dispatch(target("textbox", "Name"), new Action.TypeText("!", false, false, 5L));
        assertEquals(
                "héllo wörld!",
                page.evaluate("document.getElementById('name').value").asText());
        observation = observe(executor);
        dispatch(target("textbox", "Name"), new Action.TypeText("new", true, false, null));
        assertEquals(
                "new", page.evaluate("document.getElementById('name').value").asText());
    }

    @Test
    void typeTextIsRefusedWithoutEffectWhenTheFieldChangedAfterObservation() throws Exception {
        DispatchException refused = refusedAfterChange(
                target("textbox", "Name"),
                "document.getElementById('name-label').textContent = 'Card number'",
                new Action.TypeText("secret", false, false, null));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals("", page.evaluate("document.getElementById('name').value").asText());
        assertEquals(0, page.evaluate("window.inputs.length").asInt(-1));
    }

    @Test
    void pressSendsTheKeyToTheFencedNodeOnlyAndRefusesUnknownKeysAndChangedTargets() throws Exception {
        TargetRef search = target("searchbox", "Search");
        dispatch(search, new Action.Press("ArrowDown", 3, null));
        assertEquals(
                "ArrowDown:true,ArrowDown:true,ArrowDown:true",
                page.evaluate("window.keys.join(',')").asText());

        observation = observe(executor);
        DispatchException unknownKey = assertThrows(
                DispatchException.class,
                () -> dispatch(target("searchbox", "Search"), new Action.Press("Hyper", 1, null)));
        assertEquals(FailureCode.UNSUPPORTED, unknownKey.code());

        observation = observe(executor);
        DispatchException stale = refusedAfterChange(
                target("searchbox", "Search"),
                "document.querySelector('label[for=search]').textContent = 'Delete account'",
                new Action.Press("Enter", 1, null));
        assertEquals(FailureCode.STALE_TARGET, stale.code());
        assertEquals(EffectKnowledge.NO_EFFECT, stale.effect());
        assertEquals(3, page.evaluate("window.keys.length").asInt(-1));
    }

    /**
     * #39 Build, {@code press} without a target: a press on the document ({@code e1}) is a page-level key. It goes
     * where the page's focus is, as a person's would, focusing nothing; a page that moved to another document since
     * resolution gets no key.
     */
    @Test
    void pressOnTheDocumentSendsAPageLevelKeyAndFocusesNothing() throws Exception {
        TargetRef document = target("RootWebArea", "Keys");
        dispatch(document, new Action.Press("Escape", 2, null));
        assertEquals(
                "Escape:true:BODY,Escape:true:BODY",
                page.evaluate("window.pageKeys.join(',')").asText());

        observation = observe(executor);
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(target("RootWebArea", "Keys"), new CancellationToken(), deadline);
        page.command("Page.navigate", page.params().put("url", chromium.url("other.html")));
        page.waitFor("location.href.endsWith('other.html') && document.readyState === 'complete'");
        DispatchException stale = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Press("PageDown", 1, null), resolved, NONE, new CancellationToken(), deadline));
        assertEquals(FailureCode.STALE_TARGET, stale.code());
        assertEquals(EffectKnowledge.NO_EFFECT, stale.effect());
        assertEquals("undefined", page.evaluate("typeof window.pageKeys").asText());
    }

    @Test
    void openNavigatesThisPageAndOpenOfTheCurrentOrPreviousUrlReloadsOrGoesBack() throws Exception {
        String keysUrl = chromium.url("keys.html");
        String otherUrl = chromium.url("other.html");
        dispatch(new TargetRef.None(), new Action.Open(otherUrl, null, false));
        assertEquals(otherUrl, page.evaluate("location.href").asText());
        int entries = page.evaluate("history.length").asInt(-1);

        // the current URL: a reload, a new document at the same entry
        page.evaluate("window.marker = 1");
        dispatch(new TargetRef.None(), new Action.Open(otherUrl, null, true));
        assertEquals(otherUrl, page.evaluate("location.href").asText());
        assertEquals("undefined", page.evaluate("typeof window.marker").asText());
        assertEquals(entries, page.evaluate("history.length").asInt(-1));

        // the previous entry's URL: back to that entry, so the history keeps its forward entry and grows by none
        dispatch(new TargetRef.None(), new Action.Open(keysUrl, null, false));
        assertEquals(keysUrl, page.evaluate("location.href").asText());
        page.waitFor("document.readyState === 'complete'");
        assertEquals(entries, page.evaluate("history.length").asInt(-1));
        named(observe(executor), "heading", "Keys");

        // the page's own history confirms it went back rather than forward: it can go forward to other.html again
        page.evaluate("history.forward()");
        page.waitFor("location.href.endsWith('other.html')");
    }

    /** #39 Build, {@code navigate_back}: the previous history entry's URL, which an open of it goes back to. */
    @Test
    void thePreviousHistoryEntrysUrlIsReadWithoutNavigating() throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        assertTrue(executor.previousUrl(new CancellationToken(), deadline).isEmpty(), "a new page has no history");
        String otherUrl = chromium.url("other.html");
        dispatch(new TargetRef.None(), new Action.Open(otherUrl, null, false));
        page.waitFor("document.readyState === 'complete'");
        assertEquals(
                chromium.url("keys.html"),
                executor.previousUrl(new CancellationToken(), deadline).orElseThrow());
        assertEquals(otherUrl, page.evaluate("location.href").asText());
    }

    @Test
    void navigationIsRefusedWithoutEffectForNonWebUrlsAnAppAndWhenThePageMovedSinceResolution() throws Exception {
        String keysUrl = chromium.url("keys.html");
        for (String url : new String[] {"javascript:alert(1)", "file:///etc/passwd", "http://user:pw@127.0.0.1/"}) {
            DispatchException refused = assertThrows(
                    DispatchException.class, () -> dispatch(new TargetRef.None(), new Action.Open(url, null, false)));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect(), url);
        }
        DispatchException withApp = assertThrows(
                DispatchException.class,
                () -> dispatch(new TargetRef.None(), new Action.Open(chromium.url("other.html"), "firefox", false)));
        assertEquals(FailureCode.UNSUPPORTED, withApp.code());
        assertEquals(EffectKnowledge.NO_EFFECT, withApp.effect());
        DispatchException window = assertThrows(
                DispatchException.class,
                () -> dispatch(new TargetRef.None(), new Action.Window(WindowOperation.FOCUS, "chromium", null)));
        assertEquals(FailureCode.UNSUPPORTED, window.code());
        assertEquals(keysUrl, page.evaluate("location.href").asText());
        assertTrue(executor.capabilities().supportedActions().contains("open"));

        // a reload of the resolved document: the page moves on by itself between resolution and dispatch
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(new TargetRef.None(), new CancellationToken(), deadline);
        page.evaluate("location.href = 'other.html'");
        page.waitFor("location.href.endsWith('other.html')");
        DispatchException moved = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Open(keysUrl, null, false), resolved, NONE, new CancellationToken(), deadline));
        assertEquals(FailureCode.STALE_TARGET, moved.code());
        assertEquals(EffectKnowledge.NO_EFFECT, moved.effect());
        assertEquals(chromium.url("other.html"), page.evaluate("location.href").asText());

        // a step back (keys.html is the previous entry now) after the page moved on again: refused the same way
        page.waitFor("document.readyState === 'complete'");
        ResolvedTarget onOther = executor.resolve(new TargetRef.None(), new CancellationToken(), deadline);
        page.evaluate("location.href = 'keys.html#moved'");
        page.waitFor("location.href.endsWith('#moved') && document.readyState === 'complete'");
        DispatchException movedBack = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Open(keysUrl, null, false), onOther, NONE, new CancellationToken(), deadline));
        assertEquals(FailureCode.STALE_TARGET, movedBack.code());
        assertEquals(EffectKnowledge.NO_EFFECT, movedBack.effect());
        assertEquals(keysUrl + "#moved", page.evaluate("location.href").asText());
    }
}
