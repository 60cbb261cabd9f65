package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.linux.proc.ProcessGeneration;
import org.praefectus.linux.x11.X11Session;

/** Observation of real GTK applications: contents, tags, provenance, bounds, surfaces and boundaries. */
class ObservationDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void aZenityEntryIsObservedWithShortTagsAndProvenance() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Observe");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));

            List<String> roles =
                    observation.elements().stream().map(SemanticElement::role).toList();
            assertEquals("dialog", roles.get(0));
            assertEquals("Praefectus Observe", observation.elements().get(0).name());
            assertNull(observation.elements().get(0).parentId());
            for (int i = 0; i < observation.elements().size(); i++) {
                assertEquals("e" + (i + 1), observation.elements().get(i).tag());
            }
            assertTrue(roles.containsAll(List.of("label", "text", "push button")));
            assertEquals(
                    "Value", Desktop.find(observation, Desktop.role("label")).name());
            Desktop.find(observation, Desktop.roleAndName("push button", "Cancel"));

            assertEquals(SemanticBackend.ACCESSIBILITY, observation.provenance().backend());
            assertEquals("praefectus-atspi2", observation.provenance().backendName());
            assertEquals(zenity.pid(), observation.provenance().processId());
            assertEquals(
                    ProcessGeneration.of(zenity.pid()).orElseThrow(),
                    observation.provenance().processGeneration());
            assertEquals(
                    executor.capabilities().displayGeometryHash(),
                    observation.provenance().displayGeometryHash());
            assertFalse(observation.truncated());

            Rect window = observation.elements().get(0).bounds();
            SemanticElement ok = Desktop.find(observation, Desktop.roleAndName("push button", "OK"));
            assertTrue(
                    ok.bounds().x() >= window.x()
                            && ok.bounds().y() >= window.y()
                            && ok.bounds().x() + ok.bounds().width() <= window.x() + window.width(),
                    "OK lies in the dialog");
            assertTrue(ok.actionability().visible()
                    && ok.actionability().enabled()
                    && ok.actionability().stable()
                    && ok.actionability().invokable()
                    && !ok.actionability().editable());
            assertTrue(Desktop.find(observation, Desktop.role("text"))
                    .actionability()
                    .editable());
        }
    }

    @Test
    void theWidgetFactoryTreeIsBoundedAndWellFormed() throws Exception {
        try (GtkApp factory = GtkApp.widgetFactory();
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, factory.pid(), e -> e.role().equals("page tab list"));
            assertTrue(observation.elements().size() > 150, "the widget factory has some 240 cached objects");
            assertTrue(observation.elements().size() <= SemanticObservation.MAX_ELEMENTS);
            Set<String> ids = new HashSet<>();
            for (SemanticElement element : observation.elements()) {
                assertTrue(ids.add(element.elementId()));
                assertTrue(element.parentId() == null || ids.contains(element.parentId()), "parents come first");
            }
        }
    }

    @Test
    void surfacesAreOpaqueAndObservingOneDoesNotActivateIt() throws Exception {
        try (GtkApp background = GtkApp.zenityEntry("Praefectus Background");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SurfaceDescriptor surface = Desktop.surfaceOf(executor, background.pid());
            try (GtkApp foreground = GtkApp.zenityEntry("Praefectus Foreground")) {
                Desktop.observeUntil(executor, foreground.pid(), Desktop.role("text"));
                Desktop.bringToFront(foreground.pid());
                surface = Desktop.surfaceOf(executor, background.pid());
                assertTrue(surface.surface().id().matches("[0-9a-f]{64}"));
                try (X11Session session = X11Session.open(Desktop.environment(false))) {
                    long activeBefore = session.sample().foregroundProcessId();
                    assertEquals(foreground.pid(), activeBefore);
                    SemanticObservation observation =
                            executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());
                    assertEquals(
                            "Praefectus Background",
                            observation.elements().get(0).name());
                    assertEquals(background.pid(), observation.provenance().processId());
                    assertEquals(activeBefore, session.sample().foregroundProcessId());
                }
                SemanticObservation active = executor.observeSemantic(new CancellationToken(), Desktop.deadline());
                assertEquals("Praefectus Foreground", active.elements().get(0).name());
            }
        }
    }

    @Test
    void unknownMalformedAndExpiredRequestsFailClearly() throws Exception {
        try (LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            assertEquals(
                    ExecutorFailure.INVALID_REQUEST,
                    assertThrows(
                                    ExecutorException.class,
                                    () -> executor.observeSurface(
                                            new SurfaceRef("not-a-surface"),
                                            new CancellationToken(),
                                            Desktop.deadline()))
                            .failure());
            assertEquals(
                    ExecutorFailure.TARGET_NOT_FOUND,
                    assertThrows(
                                    ExecutorException.class,
                                    () -> executor.observeSurface(
                                            new SurfaceRef("0".repeat(64)),
                                            new CancellationToken(),
                                            Desktop.deadline()))
                            .failure());
            assertEquals(
                    ExecutorFailure.EXPIRED,
                    assertThrows(
                                    ExecutorException.class,
                                    () -> executor.listSurfaces(
                                            new CancellationToken(), System.currentTimeMillis() - 1))
                            .failure());
            CancellationToken cancelled = new CancellationToken();
            cancelled.cancel();
            assertEquals(
                    ExecutorFailure.CANCELLED,
                    assertThrows(ExecutorException.class, () -> executor.observeSemantic(cancelled, Desktop.deadline()))
                            .failure());
        }
    }

    @Test
    void anUnreachableDesktopIsUnavailable() {
        Map<String, String> nowhere =
                Map.of("DISPLAY", ":4242", "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/praefectus-bus");
        try (LinuxExecutor executor = new LinuxExecutor(
                new DesktopConnections(nowhere), new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, screenshots))) {
            assertEquals(
                    ExecutorFailure.UNAVAILABLE,
                    assertThrows(
                                    ExecutorException.class,
                                    () -> executor.observeSemantic(new CancellationToken(), Desktop.deadline()))
                            .failure());
            assertEquals(
                    ExecutorFailure.UNAVAILABLE,
                    assertThrows(
                                    ExecutorException.class,
                                    () -> executor.listSurfaces(new CancellationToken(), Desktop.deadline()))
                            .failure());
        }
    }
}
