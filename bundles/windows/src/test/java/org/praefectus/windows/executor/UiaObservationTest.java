package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.windows.uia.Monitor;

/** Bounded observations from cached control-view trees over the Notepad, WinForms, Edge and Explorer fixtures. */
class UiaObservationTest {

    @TempDir
    Path directory;

    @Test
    void theForegroundNotepadIsObservedInReadingOrderFromTwoTreeReads() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "winforms-dialog");
        WinTesting win = new WinTesting(desktop, directory);

        SemanticObservation observation = win.observe();

        assertEquals(
                List.of(
                        "window",
                        "title_bar",
                        "button",
                        "button",
                        "button",
                        "menu_bar",
                        "menu_item",
                        "menu_item",
                        "menu_item",
                        "document",
                        "status_bar",
                        "text"),
                observation.elements().stream().map(SemanticElement::role).toList());
        assertEquals(7340, observation.provenance().processId());
        assertEquals(WindowsExecutor.BACKEND_NAME, observation.provenance().backendName());
        assertEquals(List.of(), observation.provenance().hostOptIns());
        // one cross-process read for the tree, one to decide stability: not one call per property
        assertEquals(2, desktop.treeReads);
    }

    @Test
    void patternsDecideActionabilityAndNoHitTestIsClaimed() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("winforms-dialog"), directory);

        SemanticObservation observation = win.observe();

        SemanticElement ok = WinTesting.element(observation, "button", "OK");
        SemanticElement apply = WinTesting.element(observation, "button", "Apply");
        SemanticElement server = WinTesting.element(observation, "edit", "Server");
        SemanticElement version = WinTesting.element(observation, "edit", "Version");
        SemanticElement remember = WinTesting.element(observation, "check_box", "Remember me");
        assertTrue(ok.actionability().invokable());
        assertTrue(ok.actionability().stable());
        assertFalse(ok.actionability().receivesEvents());
        assertFalse(apply.actionability().enabled());
        assertTrue(server.actionability().editable());
        assertFalse(version.actionability().editable());
        assertFalse(remember.actionability().invokable());
        assertFalse(remember.actionability().editable());
    }

    @Test
    void anOffscreenElementIsNotVisible() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("edge"), directory);

        SemanticObservation observation = win.observe();

        assertFalse(WinTesting.element(observation, "button", "Below the fold")
                .actionability()
                .visible());
        assertTrue(WinTesting.element(observation, "button", "Continue")
                .actionability()
                .visible());
    }

    @Test
    void elementsWithoutANameAreObservedButTwinsAreAmbiguous() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("edge"), directory);

        SemanticObservation observation = win.observe();

        List<SemanticElement> unnamed =
                observation.elements().stream().filter(e -> e.name() == null).toList();
        assertEquals(
                List.of("group", "group", "image"),
                unnamed.stream().map(SemanticElement::role).toList());
        // two unnamed groups with the same facts cannot be told apart; the unnamed image can
        assertFalse(unnamed.get(0).actionability().unambiguous());
        assertFalse(unnamed.get(1).actionability().unambiguous());
        assertTrue(unnamed.get(2).actionability().unambiguous());
    }

    @Test
    void aLongListStopsAtTheElementBound() throws Exception {
        WinTesting win = new WinTesting(Fixtures.desktop("explorer-list"), directory);

        SemanticObservation observation = win.observe();

        assertEquals(UiaObserver.MAX_ELEMENTS, observation.elements().size());
        assertTrue(observation.truncated());
    }

    @Test
    void aDeepSubtreeStopsAtTheDepthBound() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad");
        FakeNode parent = desktop.front().window().root.find("Text editor");
        // nested groups far below the editor, as some web content reports them
        for (int level = 0; level < UiaObserver.MAX_DEPTH + 10; level++) {
            FakeNode group = new FakeNode(desktop.front());
            group.runtimeId = "42.263420.9." + level;
            group.controlType = 50026;
            group.name = "level " + level;
            group.bounds = parent.bounds;
            parent.children.add(group);
            parent = group;
        }
        WinTesting win = new WinTesting(desktop, directory);

        SemanticObservation observation = win.observe();

        assertTrue(observation.truncated());
        // the editor is at depth 1, so the groups at depths 2..64 are kept and the rest is cut
        long kept = observation.elements().stream()
                .filter(e -> e.name() != null && e.name().startsWith("level "))
                .count();
        assertEquals(UiaObserver.MAX_DEPTH - 1, kept);
    }

    @Test
    void aDuplicatedRuntimeIdIsKeptOnce() throws Exception {
        FakeWindows desktop = Fixtures.desktop("winforms-dialog");
        FakeNode panel = desktop.front().window().root.find("OK");
        panel.runtimeId = "42.1180362"; // Apply's
        WinTesting win = new WinTesting(desktop, directory);

        SemanticObservation observation = win.observe();

        assertEquals(
                1,
                observation.elements().stream()
                        .filter(e -> "OK".equals(e.name()))
                        .count());
        assertEquals(
                0,
                observation.elements().stream()
                        .filter(e -> "Apply".equals(e.name()))
                        .count());
    }

    @Test
    void surfacesAreTheVisibleTopLevelWindowsAndTheMonitorDpiIsPartOfTheGeometry() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "edge");
        WinTesting win = new WinTesting(desktop, directory);

        List<SurfaceDescriptor> surfaces = win.executor.listSurfaces(new CancellationToken(), WinTesting.deadline());
        desktop.monitors.set(0, new Monitor("\\\\.\\DISPLAY1", 0, 0, 2560, 1440, 96));
        List<SurfaceDescriptor> rescaled = win.executor.listSurfaces(new CancellationToken(), WinTesting.deadline());

        assertEquals(2, surfaces.size());
        assertEquals(15220, surfaces.get(1).processId());
        assertFalse(surfaces.get(0).displayGeometryHash().equals(rescaled.get(0).displayGeometryHash()));
        assertFalse(surfaces.get(0).surface().equals(rescaled.get(0).surface()));
    }

    @Test
    void aMinimizedWindowIsNoSurface() throws Exception {
        FakeWindows desktop = Fixtures.desktop("notepad", "edge");
        desktop.processes.get(1).window().minimized = true;
        WinTesting win = new WinTesting(desktop, directory);

        List<SurfaceDescriptor> surfaces = win.executor.listSurfaces(new CancellationToken(), WinTesting.deadline());

        assertEquals(
                List.of(7340L),
                surfaces.stream().map(SurfaceDescriptor::processId).toList());
    }
}
