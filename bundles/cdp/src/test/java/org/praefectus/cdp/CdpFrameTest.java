package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Same-origin iframes on a real Chromium: their elements are observed (children of their {@code <iframe>}, bounds
 * in the page's viewport, the frame named in the outline), acted on in the frame's own isolated world, and fenced by
 * the frame's document; a frame covered in its parent gets no events, a frame of another origin (in the same process)
 * is not read.
 */
class CdpFrameTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;
    private String targetId;
    private CdpExecutor executor;
    private Chromium.PageDriver page;
    private PageObservation observed;
    private SemanticObservation observation;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @BeforeEach
    void open() throws Exception {
        targetId = chromium.open("frames.html");
        page = chromium.driver(targetId);
        page.waitFor("[...document.querySelectorAll('iframe')].slice(0, 2)"
                + ".every(f => f.contentDocument && f.contentDocument.readyState === 'complete'"
                + " && f.contentDocument.querySelector('button'))");
        executor = chromium.executor(targetId);
        observed = executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000);
        observation = observed.observation();
    }

    @AfterEach
    void close() throws Exception {
        page.close();
        executor.close();
        chromium.closeTarget(targetId);
    }

    private SemanticElement element(String role, String name) {
        return named(observation, role, name);
    }

    private TargetRef target(String role, String name) throws Exception {
        return new TargetRef.Element(observation.target(element(role, name).tag()));
    }

    private ResolvedTarget resolve(TargetRef target) throws Exception {
        return executor.resolve(target, new CancellationToken(), System.currentTimeMillis() + 10_000);
    }

    private void dispatch(TargetRef target, Action action, VerificationPolicy verification) throws Exception {
        executor.dispatch(
                action, resolve(target), verification, new CancellationToken(), System.currentTimeMillis() + 10_000);
    }

    private int paid() {
        return page.evaluate("document.getElementById('pay').contentWindow.paid || 0")
                .asInt(-1);
    }

    @Test
    void sameOriginFrameElementsAreObservedInsideTheirIframe() {
        SemanticElement iframe = element("Iframe", "Payment");
        SemanticElement document = element("RootWebArea", "Payment form");
        SemanticElement heading = element("heading", "Card details");
        SemanticElement field = element("textbox", "Card number");
        SemanticElement button = element("button", "Pay now");
        assertEquals(iframe.elementId(), document.parentId());
        for (SemanticElement inside : java.util.List.of(heading, field, button)) {
            assertTrue(
                    isBelow(inside, document),
                    () -> inside.role() + " " + inside.name() + " is not inside the frame's document");
        }
        // document order: the frame's elements follow its iframe and precede what comes after it
        int iframeAt = observation.elements().indexOf(iframe);
        assertTrue(observation.elements().indexOf(button) > iframeAt);
        assertTrue(observation.elements().indexOf(element("Iframe", "Covered"))
                > observation.elements().indexOf(button));

        // viewport bounds: the iframe's content box starts at (44, 124), the frame's body has an 8 px margin
        Rect frameBox = iframe.bounds();
        Rect buttonBox = button.bounds();
        assertTrue(buttonBox.x() >= frameBox.x() + 4 && buttonBox.y() >= frameBox.y() + 4, buttonBox::toString);
        assertTrue(
                buttonBox.x() + buttonBox.width() <= frameBox.x() + frameBox.width()
                        && buttonBox.y() + buttonBox.height() <= frameBox.y() + frameBox.height(),
                buttonBox::toString);
        assertEquals(44 + 8, element("heading", "Card details").bounds().x());
        assertTrue(button.actionability().receivesEvents());
        assertTrue(field.actionability().editable());

        // the outline says which frame the indented elements live in
        assertEquals("f1", observed.state(document.tag()).get("frame"));
        assertTrue(
                observed.outline().contains("- RootWebArea \"Payment form\" [" + document.tag() + "] [frame=\"f1\"]"),
                observed.outline());
        // the root frame's own elements are still there
        element("button", "Top action");
        element("heading", "Checkout");
    }

    private boolean isBelow(SemanticElement element, SemanticElement ancestor) {
        java.util.Map<String, SemanticElement> byId = new java.util.HashMap<>();
        observation.elements().forEach(e -> byId.put(e.elementId(), e));
        for (SemanticElement up = byId.get(element.parentId()); up != null; up = byId.get(up.parentId())) {
            if (up.elementId().equals(ancestor.elementId())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aFrameCoveredInItsParentGetsNoEvents() {
        SemanticElement covered = element("button", "Covered pay");
        assertTrue(covered.actionability().visible());
        assertFalse(covered.actionability().receivesEvents());
        assertTrue(observed.outline().contains("- button \"Covered pay\" [" + covered.tag() + "] [covered]"));
    }

    @Test
    void aFrameOfAnotherOriginIsNotRead() throws Exception {
        // another port of 127.0.0.1: another origin of the same site, so the frame shares this page's process (and
        // its frame tree and snapshot): only the origin check keeps it out
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", exchange -> {
            byte[] body = "<!doctype html><title>Other origin</title><button>Other origin button</button>"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        other.start();
        try {
            String origin = "http://127.0.0.1:" + other.getAddress().getPort();
            page.evaluate("new Promise(done => { const f = document.getElementById('other');"
                    + " f.addEventListener('load', () => done(true), {once: true}); f.src = '" + origin + "/'; })");
            String tree = page.command("Page.getFrameTree", page.params()).toString();
            assertTrue(tree.contains("\"securityOrigin\":\"" + origin + "\""), tree);
            observation = executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000)
                    .observation();
            element("Iframe", "Elsewhere");
            element("button", "Pay now");
            assertTrue(observation.elements().stream()
                    .noneMatch(e -> "Other origin button".equals(e.name()) || "Other origin".equals(e.name())));
        } finally {
            other.stop(0);
        }
    }

    @Test
    void invokeInsideAFrameRunsItsHandlerOnce() throws Exception {
        dispatch(target("button", "Pay now"), new Action.Invoke(), NONE);
        assertEquals(1, paid());
        assertEquals(0, page.evaluate("window.topClicks || 0").asInt(-1));
    }

    @Test
    void setValueInsideAFrameIsVerifiedByItsHash() throws Exception {
        TargetRef card = target("textbox", "Card number");
        String value = "4111 1111 1111 1111";
        String hash = Sha256.hex(value.getBytes(StandardCharsets.UTF_8));
        dispatch(card, new Action.SetValue(value), new VerificationPolicy.TargetValueHash(hash));
        assertEquals(
                value,
                page.evaluate("document.getElementById('pay').contentDocument.getElementById('card').value")
                        .asText());
        Observation after = executor.observe(card, new CancellationToken(), System.currentTimeMillis() + 10_000);
        assertEquals(
                new JsonValue.JsonString(hash),
                ((JsonValue.JsonObject) after.state()).members().get("value_hash"));
    }

    @Test
    void typeTextGoesIntoTheFencedFieldInsideAFrame() throws Exception {
        // focus starts in the root frame: the executor itself must move it into the frame's field
        page.evaluate("document.getElementById('top').focus()");
        dispatch(target("textbox", "Card number"), new Action.TypeText("4242", false, false, null), NONE);
        assertEquals(
                "4242",
                page.evaluate("document.getElementById('pay').contentDocument.getElementById('card').value")
                        .asText());
        // typed through the page's own input: the frame's field saw input events
        assertTrue(page.evaluate("document.getElementById('pay').contentWindow.inputs")
                        .asInt(-1)
                > 0);
    }

    @Test
    void aFrameThatNavigatedAfterObservationIsRefusedWithoutEffect() throws Exception {
        ResolvedTarget resolved = resolve(target("button", "Pay now"));
        // the same page loads again in the frame: same URL, same markup, a new document
        page.evaluate("new Promise(done => { const f = document.getElementById('pay');"
                + " f.addEventListener('load', () => done(true), {once: true}); f.contentWindow.location.reload(); })");
        page.waitFor("document.getElementById('pay').contentDocument.getElementById('paynow') !== null");
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Invoke(),
                        resolved,
                        NONE,
                        new CancellationToken(),
                        System.currentTimeMillis() + 10_000));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals("browser document changed", refused.getMessage());
        assertEquals(0, paid());
    }

    @Test
    void aFrameElementRenamedAfterObservationIsRefusedWithoutEffect() throws Exception {
        ResolvedTarget resolved = resolve(target("button", "Pay now"));
        page.evaluate("document.getElementById('pay').contentDocument.getElementById('paynow').textContent"
                + " = 'Delete card'");
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Invoke(),
                        resolved,
                        NONE,
                        new CancellationToken(),
                        System.currentTimeMillis() + 10_000));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals(0, paid());
    }
}
