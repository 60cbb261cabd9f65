package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.SessionIsolation;

/** Observation of a real page's root frame in a real headless Chromium. */
class CdpObservationTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    static SemanticElement named(SemanticObservation observation, String role, String name) {
        List<SemanticElement> found = observation.elements().stream()
                .filter(e -> e.role().equals(role) && java.util.Objects.equals(name, e.name()))
                .toList();
        assertEquals(1, found.size(), () -> "one " + role + " named " + name + " in " + observation.elements());
        return found.get(0);
    }

    static SemanticObservation observe(CdpExecutor executor) throws Exception {
        return executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 10_000);
    }

    @Test
    void observesTheRootFrameWithDomProvenanceTagsAndActionability() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            SemanticObservation observation = observe(executor);
            observation.validate(System.currentTimeMillis());

            assertEquals(SemanticBackend.DOM, observation.provenance().backend());
            assertEquals("praefectus-chromium-cdp", observation.provenance().backendName());
            assertEquals(chromium.pid(), observation.provenance().processId());
            assertEquals(
                    CdpConfig.processGeneration(chromium.pid()),
                    observation.provenance().processGeneration());
            assertEquals(target, observation.provenance().windowId());
            assertNotNull(observation.provenance().documentId());
            assertFalse(observation.truncated());
            for (int i = 0; i < observation.elements().size(); i++) {
                assertEquals("e" + (i + 1), observation.elements().get(i).tag());
            }
            assertEquals("RootWebArea", observation.elements().get(0).role());
            assertNull(observation.elements().get(0).parentId());

            SemanticElement button = named(observation, "button", "Add one");
            assertTrue(button.actionability().visible());
            assertTrue(button.actionability().enabled());
            assertTrue(button.actionability().invokable());
            assertTrue(button.actionability().receivesEvents());
            assertTrue(button.actionability().unambiguous());
            assertFalse(button.actionability().editable());
            // the real box, in viewport CSS pixels
            assertEquals(10, button.bounds().x());
            assertEquals(10, button.bounds().y());
            assertEquals(120, button.bounds().width());
            assertEquals(40, button.bounds().height());

            assertTrue(named(observation, "textbox", "Name").actionability().editable());
            assertTrue(named(observation, "textbox", "Notes").actionability().editable());
            assertFalse(named(observation, "textbox", "Fixed").actionability().editable());
            assertTrue(named(observation, "link", "Go there").actionability().invokable());
            // paint order is shared within a layer: the later box (the link over its paragraph) is on top
            assertTrue(named(observation, "link", "Go there").actionability().receivesEvents());
            assertTrue(named(observation, "button", "Aria disabled")
                    .actionability()
                    .receivesEvents());
            assertFalse(named(observation, "button", "Disabled").actionability().enabled());
            assertFalse(
                    named(observation, "button", "In fieldset").actionability().enabled());
            // a password field's name and value never leave the executor
            assertTrue(observation.elements().stream().noneMatch(e -> "hunter2".equals(e.name())));

            List<SemanticElement> twins = observation.elements().stream()
                    .filter(e -> e.role().equals("button") && "Twin".equals(e.name()))
                    .toList();
            assertEquals(2, twins.size());
            assertTrue(twins.stream().noneMatch(e -> e.actionability().unambiguous()));
            // the first twin lies under the second
            assertFalse(twins.get(0).actionability().receivesEvents());
            assertTrue(twins.get(1).actionability().receivesEvents());

            // the srcdoc frame's document (the page's own text) is observed with the page (#39 defect 5: it was left
            // out, as if it were of another origin)
            named(observation, "button", "Inside frame");

            SemanticTargetRef ref = observation.target(button.tag());
            assertEquals(
                    button.elementId(),
                    observation.resolve(ref, System.currentTimeMillis()).elementId());
        }
    }

    @Test
    void aHostIsolatedConfigurationIsReportedAsSuch() throws Exception {
        String target = chromium.open("other.html");
        CdpConfig isolated = CdpConfig.hostIsolated(
                chromium.endpoint(), target, chromium.pid(), CdpConfig.processGeneration(chromium.pid()));
        try (CdpExecutor executor = CdpExecutor.connect(isolated)) {
            observe(executor);
            assertEquals(SessionIsolation.HOST_ISOLATED, executor.sessionIsolation());
            assertEquals(SessionIsolation.HOST_ISOLATED, executor.capabilities().sessionIsolation());
        }
    }

    @Test
    void coveredElementDoesNotReceiveEventsAtObservation() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver page = chromium.driver(target)) {
            page.evaluate("document.getElementById('cover').style.display = 'block'");
            SemanticElement button = named(observe(executor), "button", "Add one");
            assertTrue(button.actionability().visible());
            assertFalse(button.actionability().receivesEvents());
        }
    }

    @Test
    void capabilitiesAdvertiseElementActionsOnlyWithACurrentObservation() throws Exception {
        String target = chromium.open("actions.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            Capabilities before = executor.capabilities();
            // navigation (open, also as reload and back) and the tab's own window (select, close) name no element: they
            // need the page, not an observation
            assertEquals(List.of("window", "open"), before.supportedActions());
            assertEquals(true, before.permissions().get("cdp"));

            SemanticObservation observation = observe(executor);
            Capabilities after = executor.capabilities();
            assertEquals("browser", after.platform());
            assertEquals("praefectus-chromium-cdp", after.backend());
            assertEquals(SessionIsolation.SHARED_DESKTOP, after.sessionIsolation());
            assertEquals(
                    List.of(
                            "invoke",
                            "scroll",
                            "set_value",
                            "perform_secondary_action",
                            "type_text",
                            "press",
                            "click",
                            "move",
                            "window",
                            "open"),
                    after.supportedActions());
            // key input and a double or right click's mouse events go to this page's own session: per-process, never
            // pointer (global) input
            assertTrue(after.actionCapabilities().stream()
                    .allMatch(c -> c.backgroundSupport().name().equals("HOST_ISOLATED_ONLY")
                            && c.deliveryRoute()
                                    .name()
                                    .equals(
                                            c.action().equals("type_text")
                                                            || c.action().equals("press")
                                                            || c.action().equals("click")
                                                            || c.action().equals("move")
                                                    ? "PER_PROCESS_EVENT"
                                                    : "TARGET_ADDRESSED")));
            assertEquals(observation.provenance().displayGeometryHash(), after.displayGeometryHash());
            assertEquals(true, after.permissions().get("root_frame_only"));
            assertEquals(true, after.permissions().get("coordinates"));
            assertEquals(false, after.permissions().get("screenshots"));
        }
    }
}
