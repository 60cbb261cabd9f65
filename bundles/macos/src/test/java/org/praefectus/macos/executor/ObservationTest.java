package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.macos.ax.AxValue;

/** Bounded observations of the frontmost window and of a host-selected surface, over the fixtures. */
class ObservationTest {

    static SemanticElement element(SemanticObservation observation, String tag) {
        return observation.elements().get(Integer.parseInt(tag.substring(1)) - 1);
    }

    @TempDir
    Path directory;

    @Test
    void theFrontmostTextEditDocumentIsObservedInReadingOrder() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);

        SemanticObservation observation = mac.observe();

        List<String> roles =
                observation.elements().stream().map(SemanticElement::role).toList();
        assertEquals(
                List.of(
                        "AXWindow",
                        "AXScrollArea",
                        "AXTextArea",
                        "AXScrollBar",
                        "AXValueIndicator",
                        "AXButton",
                        "AXButton",
                        "AXButton",
                        "AXStaticText"),
                roles);
        assertEquals("e1", observation.elements().get(0).tag());
        assertEquals("Tofu Praefectus Demo.txt", observation.elements().get(0).name());
        assertEquals(512, observation.provenance().processId());
        assertEquals(List.of(), observation.provenance().hostOptIns());
        assertEquals(MacExecutor.BACKEND_NAME, observation.provenance().backendName());
        assertFalse(observation.truncated());
        // the tree: the text area's parent is the scroll area, the scroll area's is the window
        SemanticElement text = observation.elements().get(2);
        assertEquals(observation.elements().get(1).elementId(), text.parentId());
        assertNull(observation.elements().get(0).parentId());
    }

    @Test
    void eachElementsAttributesAreReadInOneMessage() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);

        SemanticObservation observation = mac.observe();

        // per element: its attributes twice (facts, then stability), each read one batched message; plus the
        // window match, the traversal's axes and the hit tests, which are single reads
        int elements = observation.elements().size();
        assertTrue(
                desktop.attributeMessages <= 2 * elements + 4 * elements + 8,
                desktop.attributeMessages + " attribute messages for " + elements + " elements");
    }

    @Test
    void actionabilityComesFromTheLiveFacts() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);

        SemanticObservation observation = mac.observe();

        SemanticElement text = observation.elements().get(2);
        assertTrue(text.actionability().editable());
        assertFalse(text.actionability().invokable());
        assertTrue(text.actionability().visible());
        assertTrue(text.actionability().stable());
        // a hit test at its centre reaches the text area itself
        assertTrue(text.actionability().receivesEvents());
        SemanticElement close = observation.elements().get(5);
        assertEquals("close button", close.name());
        assertTrue(close.actionability().invokable());
        assertFalse(close.actionability().editable());
    }

    @Test
    void aDisabledButtonIsObservedDisabled() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("finder"), directory);

        SemanticObservation observation = mac.observe();

        SemanticElement forward = observation
                .elements()
                .get(Integer.parseInt(MacTesting.tag(observation, "AXButton", "Forward")
                                .substring(1))
                        - 1);
        assertFalse(forward.actionability().enabled());
    }

    @Test
    void aWindowCoveredByAnotherAppDoesNotReceiveEvents() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit", "finder");
        MacTesting mac = new MacTesting(desktop, directory);
        SurfaceDescriptor finder = mac.executor
                .listSurfaces(new CancellationToken(), MacTesting.deadline())
                .get(1);

        SemanticObservation observation =
                mac.executor.observeSurface(finder.surface(), new CancellationToken(), MacTesting.deadline());

        // Finder's View button lies under TextEdit's window: the hit test reaches TextEdit, not it; Back is clear
        SemanticElement view = element(observation, MacTesting.tag(observation, "AXMenuButton", "View"));
        SemanticElement back = element(observation, MacTesting.tag(observation, "AXButton", "Back"));
        assertTrue(view.actionability().visible());
        assertFalse(view.actionability().receivesEvents());
        assertTrue(back.actionability().receivesEvents());
        assertEquals(401, observation.provenance().processId());
    }

    @Test
    void anObservationStopsAtItsElementBoundAndSaysItWasTruncated() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("large-folder"), directory);

        SemanticObservation observation = mac.observe();

        assertEquals(MacObserver.MAX_ELEMENTS, observation.elements().size());
        assertTrue(observation.truncated());
        // the 2,100-row table was read through its three visible rows, not its over-bound children
        assertEquals("visible 1", observation.elements().get(2).name());
    }

    /** The TextEdit window with only a chain of {@code levels} nested groups below it. */
    private static FakeDesktop nested(int levels) throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        FakeApp app = desktop.front();
        FakeElement parent = app.window();
        parent.axes.clear();
        for (int level = 1; level <= levels; level++) {
            FakeElement group = new FakeElement(app);
            group.attributes.put("AXRole", new AxValue.Text("AXGroup"));
            group.attributes.put("AXTitle", new AxValue.Text("level " + level));
            group.frame(200, 128, 800, 572);
            parent.axes.put("AXChildren", List.of(group));
            parent = group;
        }
        return desktop;
    }

    @Test
    void anObservationStopsAtItsDepthBoundAndSaysItWasTruncated() throws Exception {
        SemanticObservation deep = new MacTesting(nested(MacObserver.MAX_DEPTH + 10), directory).observe();
        SemanticObservation exact = new MacTesting(nested(MacObserver.MAX_DEPTH), directory).observe();

        // the window and 64 levels below it; level 65 is not read
        assertEquals(MacObserver.MAX_DEPTH + 1, deep.elements().size());
        assertEquals(
                "level " + MacObserver.MAX_DEPTH,
                deep.elements().get(MacObserver.MAX_DEPTH).name());
        assertTrue(deep.truncated());
        assertEquals(MacObserver.MAX_DEPTH + 1, exact.elements().size());
        assertFalse(exact.truncated());
    }

    @Test
    void surfacesAreTheApplicationWindowsWithTheirGenerations() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);

        List<SurfaceDescriptor> surfaces = mac.executor.listSurfaces(new CancellationToken(), MacTesting.deadline());

        assertEquals(2, surfaces.size());
        assertEquals(512, surfaces.get(0).processId());
        assertEquals(401, surfaces.get(1).processId());
        assertTrue(surfaces.get(0).processGeneration().matches("[0-9a-f]{64}"));
    }

    @Test
    void aSurfaceThatIsNotListedIsNotFound() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit"), directory);

        ExecutorException missing = assertThrows(
                ExecutorException.class,
                () -> mac.executor.observeSurface(
                        new org.praefectus.api.protocol.SurfaceRef("0".repeat(64)),
                        new CancellationToken(),
                        MacTesting.deadline()));

        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, missing.failure());
    }

    @Test
    void withoutAccessibilityTrustNothingIsObserved() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.trusted = false;
        MacTesting mac = new MacTesting(desktop, directory);

        ExecutorException refused = assertThrows(ExecutorException.class, mac::observe);

        assertEquals(ExecutorFailure.UNAVAILABLE, refused.failure());
    }
}
