package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Content a page shows (or hides) that an agent must see as it is (#39 defect 5): a {@code srcdoc} frame's controls,
 * a control nested deeper than 512 elements, a closed shadow root's button, visually hidden text marked
 * {@code [hidden]}, repeated controls of a table carrying their row, and static text passing the live fence. Each on a
 * real headless Chromium, acted on through the engine with a signed grant where an effect is involved, proven by the
 * page.
 */
class CdpMissingContentTest {

    private static final VerificationPolicy NONE = new VerificationPolicy.None();

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    /** An executor for a browser the host owns alone, as the engine's background actions need. */
    private static CdpExecutor isolated(String target) throws Exception {
        return CdpExecutor.connect(CdpConfig.hostIsolated(
                chromium.endpoint(), target, chromium.pid(), CdpConfig.processGeneration(chromium.pid())));
    }

    private static PageObservation observe(CdpExecutor executor) throws Exception {
        return executor.observePage(new CancellationToken(), System.currentTimeMillis() + 30_000);
    }

    private static ExecuteReport run(
            TestHost host, SemanticObservation observation, SemanticElement element, Action action) throws Exception {
        return host.engine()
                .execute(
                        host.sign(
                                UUID.randomUUID().toString(),
                                action,
                                new TargetRef.Element(observation.target(element.tag())),
                                NONE),
                        new CancellationToken());
    }

    /** The outline's one line that holds {@code text}. */
    private static String line(PageObservation observed, String text) {
        List<String> lines =
                observed.outline().lines().filter(l -> l.contains(text)).toList();
        assertEquals(1, lines.size(), () -> "one line with " + text + " in\n" + observed.outline());
        return lines.get(0);
    }

    @Test
    void aSrcdocFramesButtonIsObservedAndPressed() throws Exception {
        String target = chromium.open("srcdoc.html");
        try (Chromium.PageDriver page = chromium.driver(target);
                CdpExecutor executor = isolated(target);
                TestHost host = new TestHost(executor)) {
            page.waitFor("!!(document.getElementById('inline').contentDocument"
                    + " && document.getElementById('inline').contentDocument.querySelector('button'))");
            PageObservation observed = observe(executor);
            SemanticElement button = named(observed.observation(), "button", "Pay now");
            named(observed.observation(), "StaticText", "Card ending 4242");
            assertTrue(button.actionability().receivesEvents(), observed.outline());

            ExecuteReport pressed = run(host, observed.observation(), button, new Action.Invoke());
            assertTrue(pressed.terminal() instanceof Terminal.Succeeded, pressed.toJson()::toString);
            assertEquals(1, page.evaluate("window.payments").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aControlNestedDeeperThan512IsObservedAndActedOn() throws Exception {
        String target = chromium.open("deep.html");
        try (Chromium.PageDriver page = chromium.driver(target);
                CdpExecutor executor = isolated(target);
                TestHost host = new TestHost(executor)) {
            PageObservation observed = observe(executor);
            named(observed.observation(), "button", "Shallow");
            SemanticElement deep = named(observed.observation(), "button", "Deep");

            ExecuteReport pressed = run(host, observed.observation(), deep, new Action.Invoke());
            assertTrue(pressed.terminal() instanceof Terminal.Succeeded, pressed.toJson()::toString);
            assertEquals(1, page.evaluate("window.deepClicks").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aClosedShadowRootsButtonThatIsListedAsActionableIsActivated() throws Exception {
        String target = chromium.open("shadow.html");
        try (Chromium.PageDriver page = chromium.driver(target);
                CdpExecutor executor = isolated(target);
                TestHost host = new TestHost(executor)) {
            PageObservation observed = observe(executor);
            SemanticElement secret = named(observed.observation(), "button", "Secret");
            // no false promise: listed as receiving events, it must be activatable
            assertTrue(secret.actionability().receivesEvents(), observed.outline());
            assertFalse(line(observed, "Secret").contains("[covered]"), observed.outline());

            ExecuteReport pressed = run(host, observed.observation(), secret, new Action.Invoke());
            assertTrue(pressed.terminal() instanceof Terminal.Succeeded, pressed.toJson()::toString);
            assertEquals(1, page.evaluate("window.secretClicks").asInt(-1));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void visuallyHiddenTextIsMarkedHiddenInTheOutline() throws Exception {
        String target = chromium.open("hidden-text.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            PageObservation observed = observe(executor);
            assertFalse(line(observed, "Visible paragraph.").contains("[hidden]"), observed.outline());
            for (String hidden : List.of(
                    "Offscreen instruction.",
                    "Clip path instruction.",
                    "Clip rect instruction.",
                    "Screen reader instruction.",
                    "White on white instruction.",
                    "Transparent instruction.",
                    "Inside transparent instruction.")) {
                assertTrue(
                        line(observed, "text \"" + hidden).endsWith("[hidden]"),
                        () -> hidden + " in\n" + observed.outline());
            }
            // the button's accessible name holds the screen-reader-only words: the outline says which part is hidden
            String button = line(observed, "button \"Save and delete everything\"");
            assertFalse(button.contains("[hidden]"), observed.outline());
            assertTrue(line(observed, "text \"and delete everything\"").endsWith("[hidden]"), observed.outline());
            // content scrolled out of its container lies at negative coordinates too, yet a person scrolls to it
            String slide = line(observed, "button \"First slide\"");
            assertFalse(slide.contains("[hidden]"), observed.outline());
            assertTrue(slide.contains("[offscreen]"), observed.outline());
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void repeatedControlsOfATableCarryTheirRowsLabel() throws Exception {
        String target = chromium.open("rows.html");
        try (Chromium.PageDriver page = chromium.driver(target);
                CdpExecutor executor = isolated(target);
                TestHost host = new TestHost(executor)) {
            PageObservation observed = observe(executor);
            List<SemanticElement> edits = observed.observation().elements().stream()
                    .filter(e -> e.role().equals("button") && "Edit".equals(e.name()))
                    .toList();
            assertEquals(3, edits.size(), observed.outline());
            SemanticElement second = edits.get(1);
            Object row = observed.state(second.tag()).get("row");
            assertTrue(row instanceof String label && label.startsWith("1742"), observed.outline());
            assertTrue(line(observed, "[" + second.tag() + "]").contains("[row=\"1742"), observed.outline());
            // a control that is not repeated needs no row
            assertFalse(observed.state(
                            named(observed.observation(), "button", "Add order").tag())
                    .containsKey("row"));

            ExecuteReport edited = run(host, observed.observation(), second, new Action.Invoke());
            assertTrue(edited.terminal() instanceof Terminal.Succeeded, edited.toJson()::toString);
            assertEquals("1742", page.evaluate("window.edited").asText());
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void staticTextPassesTheLiveFence() throws Exception {
        String target = chromium.open("text.html");
        try (Chromium.PageDriver page = chromium.driver(target);
                CdpExecutor executor = isolated(target);
                TestHost host = new TestHost(executor)) {
            PageObservation observed = observe(executor);
            SemanticElement far = named(observed.observation(), "StaticText", "Far text.");
            // a scroll aimed at text outside the viewport brings it into view: through the engine, whose fence
            // observes the target before and after the effect
            ExecuteReport revealed = run(host, observed.observation(), far, new Action.Scroll(Direction.DOWN, 1));
            assertTrue(revealed.terminal() instanceof Terminal.Succeeded, revealed.toJson()::toString);
            assertTrue(page.evaluate("scrollY").asDouble(0) > 1_000);

            PageObservation again = observe(executor);
            SemanticElement near = named(again.observation(), "StaticText", "Far text.");
            JsonValue state = executor.observe(
                            new TargetRef.Element(again.observation().target(near.tag())),
                            new CancellationToken(),
                            System.currentTimeMillis() + 10_000)
                    .state();
            assertEquals(
                    JsonValue.JsonBoolean.of(true),
                    ((JsonValue.JsonObject) state).members().get("connected"));
            assertEquals(
                    JsonValue.JsonBoolean.of(true),
                    ((JsonValue.JsonObject) state).members().get("visible"));
        } finally {
            chromium.closeTarget(target);
        }
    }
}
