package org.praefectus.cdp;

import static org.awaitility.Awaitility.await;
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
 * Issue 24, defects 2 and 5: the fingerprint holds at the moment of the effect (a page renaming its button, its
 * field's label or its scroll pane while the fence waits never gets the activation, the value or the scroll), an option of a listbox is chosen by invoke, scroll needs the exact hit
 * target, and refusals say what is wrong.
 */
class CdpFenceTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    /** The executor under test: with the accessibility tree's names here, the page's own in the in-page variant. */
    CdpExecutor connect(Chromium browser, String target) throws Exception {
        return browser.executor(target);
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
        try (CdpExecutor executor = connect(chromium, target);
                Chromium.PageDriver page = chromium.driver(target)) {
            assertRefusedWhateverFrameRenamesIt(
                    executor, page, "button", "button", "Add one", new Action.Invoke(), NONE);
            assertEquals(0, page.evaluate("window.deleted").asInt(-1));
            assertEquals(0, page.evaluate("window.added").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aLabelFlippingEveryTwentyFiveMillisecondsIsNeverActivatedWhileItReadsDeleteAll() throws Exception {
        String target = chromium.open("race.html");
        try (CdpExecutor executor = connect(chromium, target);
                Chromium.PageDriver page = chromium.driver(target)) {
            page.evaluate("window.flip(); true");
            int attempts = 0;
            while (attempts < 12) {
                SemanticObservation observation = observe(executor);
                // an observation of a page that changes every 25 ms may catch the button and its text at different
                // moments (names computed in the page, text from the snapshot): only one that shows the button
                // named "Add one" is acted on
                if (observation.elements().stream()
                        .noneMatch(e -> e.role().equals("button") && "Add one".equals(e.name()))) {
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
    void aFieldRelabelledWhileTheFenceWaitsGetsNoValue() throws Exception {
        String target = chromium.open("race.html");
        try (CdpExecutor executor = connect(chromium, target);
                Chromium.PageDriver page = chromium.driver(target)) {
            assertRefusedWhateverFrameRenamesIt(
                    executor, page, "field", "textbox", "Nickname", new Action.SetValue("ada"), valueHash("ada"));
            assertEquals(
                    "", page.evaluate("document.getElementById('field').value").asText());
            assertEquals(0, page.evaluate("window.nicknames + window.passwords").asInt(-1));
            // the same field, observed again under its new label, does take the value: the refusals were the rename's
            page.evaluate("window.renameAfter('field', 1); true");
            page.waitFor("document.getElementById('field-label').textContent === 'New password'", 10_000);
            SemanticObservation relabelled = observe(executor);
            executor.dispatch(
                    new Action.SetValue("ada"),
                    resolve(
                            executor,
                            relabelled,
                            named(relabelled, "textbox", "New password").tag()),
                    valueHash("ada"),
                    new CancellationToken(),
                    deadline());
            assertEquals(1, page.evaluate("window.passwords").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aPaneRenamedWhileTheFenceWaitsIsNotScrolled() throws Exception {
        String target = chromium.open("race.html");
        try (CdpExecutor executor = connect(chromium, target);
                Chromium.PageDriver page = chromium.driver(target)) {
            assertRefusedWhateverFrameRenamesIt(
                    executor, page, "pane", "region", "Notes", new Action.Scroll(Direction.DOWN, 1), NONE);
            assertEquals(
                    0,
                    page.evaluate("document.getElementById('pane').scrollTop").asInt(-1));
            // the same pane, observed again under its new name, does scroll: the refusals were the rename's
            page.evaluate("window.renameAfter('pane', 1); true");
            page.waitFor("document.getElementById('pane').getAttribute('aria-label') === 'Trash'", 10_000);
            SemanticObservation renamed = observe(executor);
            dispatch(
                    executor,
                    new Action.Scroll(Direction.DOWN, 1),
                    resolve(executor, renamed, named(renamed, "region", "Trash").tag()));
            assertEquals(
                    CdpExecutor.SCROLL_STEP,
                    page.evaluate("document.getElementById('pane').scrollTop").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    /**
     * The page renames {@code what} in the first, second, third or fourth animation frame after the dispatch begins:
     * before the fence reads the accessibility name (the fingerprint no longer matches) or after it, while the
     * actionability checks wait two frames (only the watch in the effect's own call sees it). Every one is refused
     * before any effect. The fence takes at least four frames before it acts, so each rename lands before the effect.
     */
    private static void assertRefusedWhateverFrameRenamesIt(
            CdpExecutor executor,
            Chromium.PageDriver page,
            String what,
            String role,
            String name,
            Action action,
            VerificationPolicy verification)
            throws Exception {
        for (int frames = 1; frames <= 4; frames++) {
            page.evaluate("window.restore(); true");
            SemanticObservation observation = observe(executor);
            ResolvedTarget resolved = resolve(
                    executor, observation, named(observation, role, name).tag());
            page.evaluate("window.renameAfter('" + what + "', " + frames + "); true");
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(action, resolved, verification, new CancellationToken(), deadline()),
                    what + " renamed in frame " + frames);
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect(), refused::getMessage);
        }
        page.evaluate("window.restore(); true");
    }

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(
                org.praefectus.api.canonical.Sha256.hex(value.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Test
    void invokingAListboxOptionSelectsIt() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = connect(chromium, target);
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
        try (CdpExecutor executor = connect(chromium, target);
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
        try (CdpExecutor executor = connect(chromium, target)) {
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
        try (CdpExecutor executor = connect(chromium, target)) {
            // a deadline one second out bounds the observation's expiry: it is expired once that second has passed
            SemanticObservation observation =
                    executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 1_000);
            TargetRef button = new TargetRef.Element(
                    observation.target(named(observation, "button", "Add one").tag()));
            long expiry = observation.expiresAtMs();
            await("the observation's expiry passes")
                    .atMost(java.time.Duration.ofSeconds(10))
                    .pollInterval(java.time.Duration.ofMillis(10))
                    .until(() -> System.currentTimeMillis() > expiry);
            ExecutorException stale = assertThrows(
                    ExecutorException.class,
                    () -> executor.resolve(button, new CancellationToken(), System.currentTimeMillis() + 10_000));
            assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
            assertEquals("browser observation expired", stale.getMessage());
        }
    }
}
