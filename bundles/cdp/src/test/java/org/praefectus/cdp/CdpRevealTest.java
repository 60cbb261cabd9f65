package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Controls outside the viewport (#39 defect 2: "Edit 1742" of a long table was refused as "does not receive events",
 * and only 100 px scroll steps could reach it): observed as {@code [offscreen]}, not {@code [covered]}; an act brings
 * the exact observed node into view as part of its fence, re-checks it, and acts; the same observation stays usable
 * after that reveal, while a viewport someone else moved still refuses. A covered control is refused as covered.
 */
class CdpRevealTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    private static PageObservation observe(CdpExecutor executor) throws Exception {
        return executor.observePage(new CancellationToken(), System.currentTimeMillis() + 30_000);
    }

    private static void invoke(CdpExecutor executor, TargetRef target) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), deadline);
        executor.dispatch(new Action.Invoke(), resolved, NONE, new CancellationToken(), deadline);
    }

    @Test
    void anOffscreenRowButtonIsBroughtIntoViewAndInvokedAndTheObservationStaysUsable() throws Exception {
        String target = chromium.open("table.html?rows=300");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            PageObservation observed = observe(executor);
            SemanticObservation observation = observed.observation();
            String edit = named(observation, "button", "Edit 250").tag();
            assertEquals(true, observed.state(edit).get("offscreen"));
            assertTrue(
                    observed.outline().contains("- button \"Edit 250\" [" + edit + "] [offscreen]"), observed::outline);
            assertFalse(observed.outline().contains("\"Edit 250\" [" + edit + "] [covered]"));

            invoke(executor, new TargetRef.Element(observation.target(edit)));
            assertEquals(250, page.evaluate("window.edited").asInt(-1));
            assertTrue(page.evaluate("scrollY").asDouble() > 0, "the page was scrolled to the row");

            // the reveal was this executor's own: another control of the same observation is acted on as well
            invoke(
                    executor,
                    new TargetRef.Element(observation.target(
                            named(observation, "button", "Edit 10").tag())));
            assertEquals(10, page.evaluate("window.edited").asInt(-1));

            // a viewport moved by anyone else is still a change
            page.evaluate("window.scrollTo(0, 100)");
            TargetRef moved = new TargetRef.Element(
                    observation.target(named(observation, "button", "Edit 200").tag()));
            assertThrows(Exception.class, () -> invoke(executor, moved));
            assertEquals(10, page.evaluate("window.edited").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aCoveredTargetIsRefusedAsCoveredWithoutEffect() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            page.evaluate("document.getElementById('cover').style.display = 'block'");
            PageObservation observed = observe(executor);
            String add = named(observed.observation(), "button", "Add one").tag();
            assertTrue(observed.outline().contains("[" + add + "] [covered]"), observed::outline);
            assertFalse(observed.state(add).containsKey("offscreen"));
            long deadline = System.currentTimeMillis() + 30_000;
            ResolvedTarget resolved = executor.resolve(
                    new TargetRef.Element(observed.observation().target(add)), new CancellationToken(), deadline);
            DispatchException refused = assertThrows(
                    DispatchException.class,
                    () -> executor.dispatch(new Action.Invoke(), resolved, NONE, new CancellationToken(), deadline));
            assertEquals(EffectKnowledge.NO_EFFECT, refused.effect());
            assertEquals("browser target is covered", refused.getMessage());
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aScrollAimedAtAnOffscreenControlRevealsItAndAPageScrollTakesAnAmount() throws Exception {
        String target = chromium.open("table.html?rows=300");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            SemanticObservation observation = observe(executor).observation();
            TargetRef edit = new TargetRef.Element(
                    observation.target(named(observation, "button", "Edit 290").tag()));
            scroll(executor, edit, Direction.DOWN, 1);
            String rect = "(() => { const r = [...document.querySelectorAll('button')]"
                    + ".find(b => b.textContent === 'Edit 290').getBoundingClientRect();"
                    + " return r.top >= 0 && r.bottom <= innerHeight })()";
            assertTrue(page.evaluate(rect).asBoolean(), "Edit 290 is in view");

            // the page itself: ten steps in one act
            SemanticObservation fresh = observe(executor).observation();
            double before = page.evaluate("scrollY").asDouble();
            scroll(executor, new TargetRef.Element(fresh.target("e1")), Direction.UP, 10);
            assertEquals(before - 1_000, page.evaluate("scrollY").asDouble(), 0.5);
        } finally {
            chromium.closeTarget(target);
        }
    }

    private static void scroll(CdpExecutor executor, TargetRef target, Direction direction, int amount)
            throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), deadline);
        executor.dispatch(new Action.Scroll(direction, amount), resolved, NONE, new CancellationToken(), deadline);
    }
}
