package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Issue 24, defect 3: the observation says what Chromium's accessibility tree says. Each case on the test pages is one
 * where reading names and roles from the DOM went wrong: text-transform, {@code ::before}/{@code ::after},
 * {@code <br>}, an svg {@code <title>}, {@code aria-labelledby} pointing at a hidden node, {@code visibility:hidden}
 * text inside a button (an injection path), a button clipped by its container's overflow (still invokable), and the
 * inert background behind a modal dialog.
 */
class CdpAccessibilityTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @Test
    void namesAreChromiumsOwn() throws Exception {
        String target = chromium.open("names.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            SemanticObservation observation = observe(executor);
            named(observation, "button", "SAVE DRAFT");
            named(observation, "button", "Quick send now");
            named(observation, "button", "Line one Line two");
            named(observation, "link", "Settings");
            named(observation, "button", "Hidden label");
            named(observation, "heading", "Names as Chromium says them");
            // static text is reported with its text
            named(observation, "StaticText", "Plain");
            named(observation, "StaticText", "static");
            assertTrue(observation.elements().stream()
                    .noneMatch(e -> e.name() != null && e.name().contains("HIDDEN-INSTRUCTION")));
            named(observation, "button", "Save");

            // the independent reading: every reported element's role and name is the one Chromium's tree gives
            Map<Long, String[]> chromiums = chromiumsTree(target);
            ObservedPage page = executor.latest();
            int compared = 0;
            for (SemanticElement element : observation.elements()) {
                long node = page.nodes().get(element.elementId()).backendNodeId();
                String[] theirs = chromiums.get(node);
                assertTrue(theirs != null, () -> element + " is not in Chromium's tree");
                assertEquals(theirs[0], element.role());
                assertEquals(theirs[1], Objects.toString(element.name(), ""));
                compared++;
            }
            assertTrue(compared > 10);
        }
    }

    @Test
    void aButtonClippedByItsContainerReceivesEventsAndCanBeInvoked() throws Exception {
        String target = chromium.open("names.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            SemanticObservation observation = observe(executor);
            SemanticElement clipped = named(observation, "button", "Clipped");
            assertTrue(clipped.actionability().receivesEvents());
            long deadline = System.currentTimeMillis() + 10_000;
            ResolvedTarget resolved = executor.resolve(
                    new TargetRef.Element(observation.target(clipped.tag())), new CancellationToken(), deadline);
            executor.dispatch(
                    new Action.Invoke(), resolved, new VerificationPolicy.None(), new CancellationToken(), deadline);
            assertEquals(1, page.evaluate("window.clippedClicks").asInt());
        }
    }

    @Test
    void theInertBackgroundBehindAModalIsNotOfferedAndCannotBeInvoked() throws Exception {
        String target = chromium.open("modal.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            SemanticObservation observation = observe(executor);
            named(observation, "dialog", "Confirm");
            assertTrue(named(observation, "button", "Confirm").actionability().receivesEvents());
            List<SemanticElement> behind = observation.elements().stream()
                    .filter(e -> "Delete account".equals(e.name()) || "Background field".equals(e.name()))
                    .toList();
            assertEquals(List.of(), behind);

            // opened after the observation: the background turns inert, the fence refuses it
            page.evaluate("document.getElementById('modal').close()");
            SemanticObservation open = observe(executor);
            SemanticElement delete = named(open, "button", "Delete account");
            assertTrue(delete.actionability().receivesEvents());
            long deadline = System.currentTimeMillis() + 10_000;
            ResolvedTarget resolved = executor.resolve(
                    new TargetRef.Element(open.target(delete.tag())), new CancellationToken(), deadline);
            page.evaluate("document.getElementById('modal').showModal()");
            assertThrowsNoEffect(() -> executor.dispatch(
                    new Action.Invoke(), resolved, new VerificationPolicy.None(), new CancellationToken(), deadline));
            assertEquals(0, page.evaluate("window.behindClicks").asInt());
            assertFalse(observe(executor).elements().stream().anyMatch(e -> "Delete account".equals(e.name())));
        }
    }

    private static void assertThrowsNoEffect(org.junit.jupiter.api.function.Executable dispatch) {
        org.praefectus.api.executor.DispatchException refused = org.junit.jupiter.api.Assertions.assertThrows(
                org.praefectus.api.executor.DispatchException.class, dispatch);
        assertEquals(org.praefectus.api.executor.EffectKnowledge.NO_EFFECT, refused.effect());
    }

    /** Role and name of every non-ignored node, read by the test's own DevTools session. */
    private Map<Long, String[]> chromiumsTree(String target) throws Exception {
        DevToolsChannel channel = DevToolsChannel.open(new ObjectMapper(), chromium.port(), target);
        try {
            JsonNode ax = channel.command("Accessibility.getFullAXTree", null, System.currentTimeMillis() + 10_000);
            Map<Long, String[]> nodes = new HashMap<>();
            for (JsonNode node : ax.path("nodes")) {
                if (!node.path("ignored").asBoolean(false) && node.has("backendDOMNodeId")) {
                    nodes.put(node.path("backendDOMNodeId").asLong(), new String[] {
                        node.path("role").path("value").asText(),
                        node.path("name").path("value").asText("").strip()
                    });
                }
            }
            return nodes;
        } finally {
            channel.close();
        }
    }
}
