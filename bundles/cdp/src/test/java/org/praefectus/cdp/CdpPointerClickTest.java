package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * #39 Build, double and right click, hover: {@code click} with two presses or the right button on a fenced element is this
 * page's own mouse input at the element's centre (per-process, never the desktop pointer), proven by every mouse event
 * landing on that element; a single left click stays {@code invoke}; a page that changed the element after resolution
 * gets no event. A hover ({@code move} on the element) is the same page's mouse moving to its centre, without the
 * global-input permission.
 */
class CdpPointerClickTest {

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
        targetId = chromium.open("pointer.html");
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

    private TargetRef file() throws Exception {
        return new TargetRef.Element(
                observation.target(named(observation, "button", "Report.pdf").tag()));
    }

    private void dispatch(Action action) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        CancellationToken cancellation = new CancellationToken();
        executor.dispatch(action, executor.resolve(file(), cancellation, deadline), NONE, cancellation, deadline);
    }

    @Test
    void aDoubleClickIsTwoTrustedPressesOnTheFencedElement() throws Exception {
        assertEquals(
                DeliveryRoute.PER_PROCESS_EVENT,
                executor.capabilities().actionCapabilities().stream()
                        .filter(c -> c.action().equals("click"))
                        .findFirst()
                        .orElseThrow()
                        .deliveryRoute());
        dispatch(new Action.Click(MouseButton.LEFT, 2, false));
        assertEquals(
                "file:mousedown:0:true,file:click:0:true,file:mousedown:0:true,file:click:0:true,file:dblclick:0:true",
                page.evaluate("window.events.join(',')").asText());
    }

    @Test
    void aRightClickOpensThePagesContextMenuHandler() throws Exception {
        dispatch(new Action.Click(MouseButton.RIGHT, 1, false));
        assertEquals(
                "file:mousedown:2:true,file:contextmenu:2:true",
                page.evaluate("window.events.join(',')").asText());
    }

    @Test
    void aHoverMovesThePagesMouseOntoTheFencedElementOnly() throws Exception {
        assertEquals(
                DeliveryRoute.PER_PROCESS_EVENT,
                executor.capabilities().actionCapabilities().stream()
                        .filter(c -> c.action().equals("move"))
                        .findFirst()
                        .orElseThrow()
                        .deliveryRoute());
        dispatch(new Action.Move());
        assertEquals("file:true", page.evaluate("window.hovers.join(',')").asText());
        assertEquals(0, page.evaluate("window.events.length").asInt(-1));

        observation = observe(executor);
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(
                new TargetRef.Element(observation.target(
                        named(observation, "button", "Notes.txt").tag())),
                new CancellationToken(),
                deadline);
        page.evaluate("document.getElementById('other').textContent = 'Delete everything'");
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(new Action.Move(), resolved, NONE, new CancellationToken(), deadline));
        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals("file:true", page.evaluate("window.hovers.join(',')").asText());
    }

    @Test
    void aSingleLeftClickIsInvokeAndIsRefused() throws Exception {
        DispatchException refused =
                assertThrows(DispatchException.class, () -> dispatch(new Action.Click(MouseButton.LEFT, 1, false)));
        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(0, page.evaluate("window.events.length").asInt(-1));
    }

    @Test
    void aLabelSwappedAfterResolutionGetsNoEvent() throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        ResolvedTarget resolved = executor.resolve(file(), new CancellationToken(), deadline);
        page.evaluate("document.getElementById('file').textContent = 'Delete everything'");
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Click(MouseButton.RIGHT, 1, false),
                        resolved,
                        NONE,
                        new CancellationToken(),
                        deadline));
        assertEquals(FailureCode.STALE_TARGET, refused.code());
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(0, page.evaluate("window.events.length").asInt(-1));
    }
}
