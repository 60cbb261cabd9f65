package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Fenced invoke, set_value and scroll through the executor SPI (observe, resolve, dispatch, verification
 * observation) against a real headless Chromium; effects and their absence are read from the page's own state.
 */
class CdpActionTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;
    private CdpExecutor executor;
    private Chromium.PageDriver page;
    private SemanticObservation observation;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @BeforeEach
    void open() throws Exception {
        String target = chromium.open("actions.html");
        executor = connect(chromium, target);
        page = chromium.driver(target);
        observation = observe(executor);
    }

    /** The executor under test: with the accessibility tree's names here, the page's own in the in-page variant. */
    CdpExecutor connect(Chromium browser, String target) throws Exception {
        return browser.executor(target);
    }

    @AfterEach
    void close() {
        page.close();
        executor.close();
    }

    private TargetRef target(String role, String name) throws Exception {
        return new TargetRef.Element(
                observation.target(named(observation, role, name).tag()));
    }

    private DispatchReceipt dispatch(TargetRef target, Action action, VerificationPolicy verification)
            throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        CancellationToken cancellation = new CancellationToken();
        ResolvedTarget resolved = executor.resolve(target, cancellation, deadline);
        return executor.dispatch(action, resolved, verification, cancellation, deadline);
    }

    private ResolvedTarget resolvedNow(TargetRef target) throws ExecutorException {
        return executor.resolve(target, new CancellationToken(), System.currentTimeMillis() + 10_000);
    }

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
    }

    private int clicks() {
        return page.evaluate("window.clicks").asInt(-1);
    }

    @Test
    void invokeRunsTheButtonsClickHandlerOnce() throws Exception {
        DispatchReceipt receipt = dispatch(target("button", "Add one"), new Action.Invoke(), NONE);
        assertEquals("praefectus-chromium-cdp", receipt.backend());
        assertEquals(1, clicks());
    }

    @Test
    void invokeFollowsALink() throws Exception {
        dispatch(target("link", "Go there"), new Action.Invoke(), NONE);
        page.waitFor("location.hash === '#arrived'");
    }

    @Test
    void setValueChangesAnInputAndTheVerificationObservationSeesItsHash() throws Exception {
        TargetRef name = target("textbox", "Name");
        dispatch(name, new Action.SetValue("new name ✓"), valueHash("new name ✓"));
        assertEquals(
                "new name ✓",
                page.evaluate("document.getElementById('name').value").asText());
        assertEquals(1, page.evaluate("window.inputs").asInt());

        Observation after = executor.observe(name, new CancellationToken(), System.currentTimeMillis() + 10_000);
        JsonValue.JsonObject state = (JsonValue.JsonObject) after.state();
        assertEquals(
                new JsonValue.JsonString(Sha256.hex("new name ✓".getBytes(StandardCharsets.UTF_8))),
                state.members().get("value_hash"));
        assertEquals(JsonValue.JsonBoolean.TRUE, state.members().get("connected"));
        assertEquals(
                named(observation, "textbox", "Name").fingerprintHash(),
                after.evidence().targetFingerprintHash());
    }

    @Test
    void setValueChangesATextarea() throws Exception {
        dispatch(target("textbox", "Notes"), new Action.SetValue("second\nline"), valueHash("second\nline"));
        assertEquals(
                "second\nline",
                page.evaluate("document.getElementById('notes').value").asText());
    }

    @Test
    void setValueRefusesAVerificationThatIsNotTheValuesHash() throws Exception {
        TargetRef name = target("textbox", "Name");
        DispatchException none =
                assertThrows(DispatchException.class, () -> dispatch(name, new Action.SetValue("x"), NONE));
        DispatchException wrong =
                assertThrows(DispatchException.class, () -> dispatch(name, new Action.SetValue("x"), valueHash("y")));
        assertEquals(EffectKnowledge.NO_EFFECT, none.effect());
        assertEquals(EffectKnowledge.NO_EFFECT, wrong.effect());
        assertEquals(
                "old", page.evaluate("document.getElementById('name').value").asText());
    }

    @Test
    void setValueRefusesAReadOnlyInput() throws Exception {
        TargetRef fixed = target("textbox", "Fixed");
        DispatchException refused = assertThrows(
                DispatchException.class, () -> dispatch(fixed, new Action.SetValue("changed"), valueHash("changed")));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(
                "fixed",
                page.evaluate("document.getElementById('readonly').value").asText());
    }

    @Test
    void clickIsNeverDispatched() throws Exception {
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> dispatch(target("button", "Add one"), new Action.Click(MouseButton.LEFT, 1, false), NONE));
        assertEquals(FailureCode.UNSUPPORTED, refused.code());
        assertEquals(0, clicks());
    }

    @Test
    void hiddenTargetIsRefused() throws Exception {
        TargetRef button = target("button", "Add one");
        ResolvedTarget resolved = resolvedNow(button);
        page.evaluate("document.getElementById('target').style.visibility = 'hidden'");
        assertNoEffect(resolved, "browser target changed");
    }

    @Test
    void transparentTargetIsRefused() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("document.getElementById('target').style.opacity = '0'");
        assertNoEffect(resolved, "browser target is hidden");
    }

    @Test
    void disabledTargetIsRefused() throws Exception {
        TargetRef button = target("button", "Add one");
        ResolvedTarget resolved = resolvedNow(button);
        page.evaluate("document.getElementById('target').disabled = true");
        assertNoEffect(resolved, "browser target is not invokable");
    }

    @Test
    void ariaDisabledTargetIsRefused() throws Exception {
        TargetRef button = target("button", "Aria disabled");
        assertThrows(Exception.class, () -> dispatch(button, new Action.Invoke(), NONE));
        assertEquals(0, clicks());
    }

    @Test
    void disabledAtObservationIsRefused() throws Exception {
        assertThrows(
                DispatchException.class, () -> dispatch(target("button", "In fieldset"), new Action.Invoke(), NONE));
    }

    @Test
    void coveredTargetIsRefused() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("document.getElementById('cover').style.display = 'block'");
        assertNoEffect(resolved, "browser target is covered");
    }

    @Test
    void detachedTargetIsRefused() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("window.keep = document.getElementById('target'); window.keep.remove()");
        assertNoEffect(resolved, "browser target changed");
    }

    @Test
    void reRenderedTargetIsRefusedAndTheNewNodeIsNotTouched() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("const t = document.getElementById('target'); t.replaceWith(t.cloneNode(true))");
        assertNoEffect(resolved, "browser target changed");
    }

    @Test
    void movedTargetIsRefused() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("document.getElementById('target').style.left = '60px'");
        assertNoEffect(resolved, "browser target moved");
    }

    @Test
    void renamedTargetIsRefused() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("document.getElementById('target').textContent = 'Delete everything'");
        assertNoEffect(resolved, "browser target changed");
    }

    @Test
    void navigatedAwayTargetIsRefused() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        page.evaluate("location.href = 'other.html'");
        page.waitFor("document.title === 'Other' && document.readyState === 'complete'");
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Invoke(),
                        resolved,
                        NONE,
                        new CancellationToken(),
                        System.currentTimeMillis() + 10_000));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(0, clicks());
        assertThrows(
                ExecutorException.class,
                () -> executor.resolve(
                        target("button", "Add one"), new CancellationToken(), System.currentTimeMillis() + 10_000));
    }

    @Test
    void afterANavigationANewObservationActsInTheNewDocument() throws Exception {
        String before = observation.provenance().documentId();
        page.evaluate("location.href = 'other.html'");
        page.waitFor("document.title === 'Other' && document.readyState === 'complete'");
        observation = observe(executor);
        org.junit.jupiter.api.Assertions.assertNotEquals(
                before, observation.provenance().documentId());
        // the isolated world of the old document is gone: acting proves a new one was made
        dispatch(target("button", "Add one"), new Action.Invoke(), NONE);
        assertEquals(1, clicks());
    }

    @Test
    void aPasswordFieldsValueNeverLeavesThePage() throws Exception {
        // Chromium 156 does not mark password fields "protected": the page functions recognise them themselves
        TargetRef secret = target("textbox", "Secret");
        Observation state = executor.observe(secret, new CancellationToken(), System.currentTimeMillis() + 10_000);
        JsonValue.JsonObject members = (JsonValue.JsonObject) state.state();
        assertTrue(!members.members().containsKey("value_hash")
                && !members.members().containsKey("value_length"));
        dispatch(secret, new Action.SetValue("s3cret"), valueHash("s3cret"));
        assertEquals(
                "s3cret",
                page.evaluate("document.getElementById('secret').value").asText());
    }

    @Test
    void ambiguousTargetIsRefused() throws Exception {
        TargetRef twin = new TargetRef.Element(observation.target(observation.elements().stream()
                .filter(e -> e.role().equals("button") && "Twin".equals(e.name()))
                .findFirst()
                .orElseThrow()
                .tag()));
        DispatchException refused =
                assertThrows(DispatchException.class, () -> dispatch(twin, new Action.Invoke(), NONE));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertEquals(0, page.evaluate("window.twins").asInt(-1));
    }

    @Test
    void staleObservationIsRefusedAtResolution() throws Exception {
        TargetRef button = target("button", "Add one");
        observe(executor);
        ExecutorException stale = assertThrows(
                ExecutorException.class,
                () -> executor.resolve(button, new CancellationToken(), System.currentTimeMillis() + 10_000));
        assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
    }

    @Test
    void cancelledBeforeTheEffectDispatchesNothing() throws Exception {
        ResolvedTarget resolved = resolvedNow(target("button", "Add one"));
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Invoke(), resolved, NONE, cancelled, System.currentTimeMillis() + 10_000));
        assertEquals(EffectKnowledge.CANCELLED_BEFORE_EFFECT, refused.effect());
        assertEquals(0, clicks());
    }

    @Test
    void scrollMovesTheElementByOneStep() throws Exception {
        dispatch(target("list", "Feed"), new Action.Scroll(Direction.DOWN, 1), NONE);
        assertEquals(
                CdpExecutor.SCROLL_STEP,
                page.evaluate("document.getElementById('list').scrollTop").asInt());
        assertEquals(0, page.evaluate("scrollY").asInt());
    }

    @Test
    void scrollThatCannotMoveIsRefusedWithoutEffect() throws Exception {
        DispatchException up = assertThrows(
                DispatchException.class,
                () -> dispatch(target("list", "Feed"), new Action.Scroll(Direction.UP, 1), NONE));
        assertEquals(EffectKnowledge.NO_EFFECT, up.effect());
        DispatchException none = assertThrows(
                DispatchException.class,
                () -> dispatch(target("region", "Short"), new Action.Scroll(Direction.DOWN, 1), NONE));
        assertEquals(EffectKnowledge.NO_EFFECT, none.effect());
    }

    @Test
    void scrollThatDoesNotReachItsOffsetIsAnUnknownOutcome() throws Exception {
        // smooth scrolling starts the move but does not arrive at once: the effect happened, unproven
        DispatchException unknown = assertThrows(
                DispatchException.class,
                () -> dispatch(target("region", "Smooth"), new Action.Scroll(Direction.DOWN, 1), NONE));
        assertEquals(EffectKnowledge.UNKNOWN, unknown.effect());
    }

    @Test
    void scrollNeedsNoSnapshotVerification() throws Exception {
        TargetRef list = target("list", "Feed");
        assertEquals(
                FailureCode.UNSUPPORTED,
                assertThrows(
                                DispatchException.class,
                                () -> dispatch(
                                        list,
                                        new Action.Scroll(Direction.DOWN, 1),
                                        new VerificationPolicy.SnapshotChanged()))
                        .code());
        assertEquals(
                0, page.evaluate("document.getElementById('list').scrollTop").asInt());
    }

    @Test
    void scrollTakesAnAmountOfStepsInOneUpdate() throws Exception {
        dispatch(target("list", "Feed"), new Action.Scroll(Direction.DOWN, 2), NONE);
        assertEquals(
                2 * CdpExecutor.SCROLL_STEP,
                page.evaluate("document.getElementById('list').scrollTop").asInt());
    }

    private void assertNoEffect(ResolvedTarget resolved, String reason) {
        DispatchException refused = assertThrows(
                DispatchException.class,
                () -> executor.dispatch(
                        new Action.Invoke(),
                        resolved,
                        NONE,
                        new CancellationToken(),
                        System.currentTimeMillis() + 10_000));
        assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        assertTrue(
                refused.code() == FailureCode.STALE_TARGET || refused.code() == FailureCode.TARGET_NOT_FOUND,
                refused.code()::toString);
        assertEquals(0, clicks());
        assertEquals(reason, refused.getMessage());
    }
}
