package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Issue 24, defects 2 and 5: the fingerprint holds at the moment of the effect (a page renaming its button while the
 * fence waits never gets the activation), an option of a listbox is chosen by invoke, scroll needs the exact hit
 * target, and refusals say what is wrong.
 */
class CdpFenceTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    private static long deadline() {
        return System.currentTimeMillis() + 10_000;
    }

    private static ResolvedTarget resolve(CdpExecutor executor, SemanticObservation observation, String tag)
            throws Exception {
        return executor.resolve(new TargetRef.Element(observation.target(tag)), new CancellationToken(), deadline());
    }

    private static void dispatch(CdpExecutor executor, Action action, ResolvedTarget resolved) throws Exception {
        executor.dispatch(action, resolved, NONE, new CancellationToken(), deadline());
    }

    @Test
    void aButtonRenamedWhileTheFenceWaitsIsNeverActivated() throws Exception {
        String target = chromium.open("race.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            SemanticObservation observation = observe(executor);
            ResolvedTarget resolved = resolve(
                    executor,
                    observation,
                    named(observation, "button", "Add one").tag());
            // the page renames the button in its next animation frame: while the fence waits for two frames
            page.evaluate("window.armed = true");
            DispatchException refused =
                    assertThrows(DispatchException.class, () -> dispatch(executor, new Action.Invoke(), resolved));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals(0, page.evaluate("window.deleted").asInt(-1));
            assertEquals(0, page.evaluate("window.added").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aLabelFlippingEveryTwentyFiveMillisecondsIsNeverActivatedWhileItReadsDeleteAll() throws Exception {
        String target = chromium.open("race.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            page.evaluate("window.flip(); true");
            int attempts = 0;
            while (attempts < 12) {
                SemanticObservation observation = observe(executor);
                if (observation.elements().stream().noneMatch(e -> "Add one".equals(e.name()))) {
                    continue;
                }
                attempts++;
                try {
                    dispatch(
                            executor,
                            new Action.Invoke(),
                            resolve(
                                    executor,
                                    observation,
                                    named(observation, "button", "Add one").tag()));
                } catch (DispatchException | ExecutorException refused) {
                    // refused before any effect: the label changed under the fence
                }
            }
            assertEquals(0, page.evaluate("window.deleted").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void invokingAListboxOptionSelectsIt() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            SemanticObservation observation = observe(executor);
            dispatch(
                    executor,
                    new Action.Invoke(),
                    resolve(
                            executor,
                            observation,
                            named(observation, "option", "Green").tag()));
            assertEquals(
                    "Green",
                    page.evaluate("document.getElementById('listbox').value").asText());
            assertEquals(1, page.evaluate("window.colourChanges").asInt());
        }
    }

    @Test
    void scrollRefusesATargetWhoseCentreHitsADescendant() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            SemanticObservation observation = observe(executor);
            ResolvedTarget rows = resolve(
                    executor,
                    observation,
                    named(observation, "region", "Rows on top").tag());
            DispatchException refused = assertThrows(
                    DispatchException.class, () -> dispatch(executor, new Action.Scroll(Direction.DOWN, 1), rows));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals("browser target is not the exact hit target", refused.getMessage());
            assertEquals(
                    0,
                    page.evaluate("document.getElementById('rows').scrollTop").asInt(-1));
        }
    }

    @Test
    void theDocumentRootIsUnsupportedForInvokeNotStale() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            SemanticObservation observation = observe(executor);
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> dispatch(executor, new Action.Invoke(), resolve(executor, observation, "e1")));
            assertEquals(FailureCode.UNSUPPORTED, refused.code());
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
        }
    }

    @Test
    void anExpiredObservationIsReportedAsExpired() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            // a deadline one second out bounds the observation's expiry: it is expired once that second has passed
            SemanticObservation observation =
                    executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 1_000);
            TargetRef button = new TargetRef.Element(
                    observation.target(named(observation, "button", "Add one").tag()));
            long expiry = observation.expiresAtMs();
            while (System.currentTimeMillis() < expiry) {
                Thread.onSpinWait();
            }
            ExecutorException stale = assertThrows(
                    ExecutorException.class,
                    () -> executor.resolve(button, new CancellationToken(), System.currentTimeMillis() + 10_000));
            assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
            assertEquals("browser observation expired", stale.getMessage());
        }
    }
}
