package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;

/**
 * A surface observed before is observed again in one wave to its own application: same contents as a
 * fresh executor's observation through the registry, fewer D-Bus calls, and still refused once it moved.
 */
class KnownSurfaceDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void aKnownSurfaceIsObservedWithTheSameContentsAndFewerCalls() throws Exception {
        DesktopConnections connections = new DesktopConnections(Desktop.environment(false));
        DesktopConnections freshConnections = new DesktopConnections(Desktop.environment(false));
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Known");
                LinuxExecutor executor = Desktop.executor(connections, screenshots);
                LinuxExecutor fresh = Desktop.executor(freshConnections, screenshots)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            SurfaceDescriptor surface = Desktop.surfaceOf(executor, zenity.pid());

            long before = connections.accessibility().bus().callCount();
            SemanticObservation known =
                    executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());
            long knownCalls = connections.accessibility().bus().callCount() - before;
            long freshBefore = freshConnections.accessibility().bus().callCount();
            SemanticObservation listed =
                    fresh.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());
            long listedCalls = freshConnections.accessibility().bus().callCount() - freshBefore;

            assertEquals(Desktop.contents(listed), Desktop.contents(known));
            assertEquals(listed.provenance(), known.provenance());
            // not read again: the registry, the bus daemon's process of each application (twice), the window's
            // extents (and every other application's tree)
            assertTrue(knownCalls + 4 <= listedCalls, knownCalls + " calls against " + listedCalls);
        }
    }

    @Test
    void aKnownSurfaceThatMovedIsNotFound() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Known Move");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            SurfaceDescriptor surface = Desktop.surfaceOf(executor, zenity.pid());
            executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());

            ExecutorException gone = Desktop.refusedAfterMoving(
                    "Praefectus Known Move",
                    20,
                    20,
                    () -> executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline()));
            assertEquals(ExecutorFailure.TARGET_NOT_FOUND, gone.failure());
            ExecutorException again = assertThrows(
                    ExecutorException.class,
                    () -> executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline()));
            assertEquals(ExecutorFailure.TARGET_NOT_FOUND, again.failure());
        }
    }
}
