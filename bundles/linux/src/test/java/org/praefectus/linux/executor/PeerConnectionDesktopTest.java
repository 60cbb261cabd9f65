package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.linux.atspi.ApplicationTree;
import org.praefectus.linux.atspi.AtspiBus;

/**
 * A surface observed again is read over its application's own socket, as libatspi reads it, and only when
 * that socket is held by the process the bus daemon names for the application.
 */
class PeerConnectionDesktopTest {

    @TempDir
    Path screenshots;

    private static String busNameOf(DesktopConnections connections, long pid) throws Exception {
        for (ApplicationTree tree :
                connections.accessibility().desktop().applications(new CancellationToken(), Desktop.deadline())) {
            if (tree.processId() == pid) {
                return tree.busName();
            }
        }
        throw new AssertionError("no application of process " + pid);
    }

    @Test
    void aSurfaceObservedAgainIsReadOverItsApplicationsOwnSocket() throws Exception {
        DesktopConnections connections = new DesktopConnections(Desktop.environment(false));
        DesktopConnections busOnly = new DesktopConnections(Desktop.environment(false));
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Peer");
                LinuxExecutor executor = Desktop.executor(connections, screenshots);
                LinuxExecutor fresh = Desktop.executor(busOnly, screenshots)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.roleAndName("push button", "OK"));
            SurfaceDescriptor surface = Desktop.surfaceOf(executor, zenity.pid());
            String busName = busNameOf(connections, zenity.pid());

            // the connection is made in the background and used from the next observation on
            await("a known surface's application becomes a peer")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> {
                        if (connections.accessibility().bus().viaPeer(busName)) {
                            return true;
                        }
                        executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());
                        return false;
                    });
            SemanticObservation overPeer =
                    executor.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());
            SemanticObservation overBus =
                    fresh.observeSurface(surface.surface(), new CancellationToken(), Desktop.deadline());
            assertFalse(busOnly.accessibility().bus().viaPeer(busName), "a first observation keeps to the bus");

            assertEquals(Desktop.contents(overBus), Desktop.contents(overPeer));
            assertEquals(overBus.provenance(), overPeer.provenance());
        }
    }

    @Test
    void aSocketThatAnotherProcessHoldsIsRefused() throws Exception {
        DesktopConnections connections = new DesktopConnections(Desktop.environment(false));
        try (GtkApp first = GtkApp.zenityEntry("Praefectus Peer One");
                GtkApp second = GtkApp.zenityEntry("Praefectus Peer Two");
                LinuxExecutor executor = Desktop.executor(connections, screenshots)) {
            Desktop.surfaceOf(executor, first.pid());
            Desktop.surfaceOf(executor, second.pid());
            AtspiBus bus = connections.accessibility().bus();
            String firstName = busNameOf(connections, first.pid());
            String secondName = busNameOf(connections, second.pid());

            // the first application's socket is not the second process's: as if the bus daemon had named it
            assertFalse(bus.preferPeer(firstName, second.pid()).get(10, TimeUnit.SECONDS));
            assertTrue(bus.preferPeer(secondName, second.pid()).get(10, TimeUnit.SECONDS));
            assertFalse(bus.viaPeer(secondName), "made, but not used before the caller's next wave");
            assertTrue(bus.preferPeer(secondName, second.pid()).get(10, TimeUnit.SECONDS));
            assertTrue(bus.viaPeer(secondName));
            // a refusal is remembered: the application stays on the bus
            assertFalse(bus.preferPeer(firstName, first.pid()).get(10, TimeUnit.SECONDS));
            assertFalse(bus.preferPeer(firstName, first.pid()).get(10, TimeUnit.SECONDS));
            assertFalse(bus.viaPeer(firstName));
        }
    }
}
