package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.linux.atspi.AtspiBus;

/**
 * The rows and cells of GTK lists and tables are read one child at a time (#36, "managed descendants"), which only an
 * observation needs: the fence re-check before an effect and the shared-desktop context sample read the target and
 * its identity, and must cost the same whatever the size of the tables on screen. Reading them there had made every
 * fence of gtk3-widget-factory cost 490 D-Bus calls instead of 208.
 */
class FenceCostDesktopTest {

    /** Table rows the large fixture adds to the small one's four. */
    static final int EXTRA_ROWS = 30;

    @TempDir
    Path screenshots;

    @Test
    void aFenceOfATableCostsTheSameWhateverItsRows() throws Exception {
        DesktopConnections connections = new DesktopConnections(Desktop.environment(false));
        try (GtkApp small = ListAndTableDesktopTest.listAndTable("Praefectus Fence Small");
                GtkApp large = largeTable("Praefectus Fence Large");
                LinuxExecutor executor = Desktop.executor(connections, screenshots)) {
            TargetRef smallTable = table(executor, small.pid(), 4);
            TargetRef largeTable = table(executor, large.pid(), 4 + EXTRA_ROWS);
            AtspiBus bus = connections.accessibility().bus();

            long smallCalls = fenceCalls(executor, bus, smallTable);
            long largeCalls = fenceCalls(executor, bus, largeTable);

            assertEquals(smallCalls, largeCalls, "a fence reads no row or cell");
        }
    }

    @Test
    void aCellIsStillFencedAndFoundInItsWindow() throws Exception {
        try (GtkApp app = ListAndTableDesktopTest.listAndTable("Praefectus Fence Cell");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation =
                    Desktop.observeUntil(executor, app.pid(), Desktop.roleAndName("table cell", "Peru"));
            TargetRef cell = new TargetRef.Element(
                    observation.target(Desktop.find(observation, Desktop.roleAndName("table cell", "Peru"))
                            .tag()));

            // the cache does not hold the cell: the fence reads the rows and cells to find it
            assertTrue(
                    executor.resolve(cell, new CancellationToken(), Desktop.deadline())
                            instanceof ResolvedTarget.Semantic);
            assertEquals(
                    new JsonValue.JsonString(Sha256.hex("Peru".getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                    ((JsonValue.JsonObject) executor.observe(cell, new CancellationToken(), Desktop.deadline())
                                    .state())
                            .members()
                            .get("value_hash"),
                    "the cell observed live, its text read back");
        }
    }

    @Test
    void aContextSampleReadsNoRowOrCell() throws Exception {
        DesktopConnections connections = new DesktopConnections(Desktop.environment(false));
        try (GtkApp large = largeTable("Praefectus Context Large");
                LinuxExecutor executor = Desktop.executor(connections, screenshots)) {
            table(executor, large.pid(), 4 + EXTRA_ROWS);
            Desktop.bringToFront(large.pid());
            Desktop.settledContextHash(executor);
            AtspiBus bus = connections.accessibility().bus();

            long before = bus.callCount();
            executor.sharedDesktopContextHash(new CancellationToken(), Desktop.deadline());
            long calls = bus.callCount() - before;

            // the registry and each application's cache, twice: far fewer calls than the table in front has rows
            assertTrue(calls < 4 + EXTRA_ROWS, calls + " D-Bus calls for one context sample");
        }
    }

    /** The list and table fixture with {@value #EXTRA_ROWS} more table rows. */
    private static GtkApp largeTable(String title) {
        return GtkApp.start("/usr/bin/python3", ListAndTableDesktopTest.FIXTURE, title, Integer.toString(EXTRA_ROWS));
    }

    /** The table of the process's window, once the observation holds every row's first named cell. */
    private static TargetRef table(LinuxExecutor executor, long pid, int rows) throws Exception {
        SemanticObservation observation = Desktop.observeUntil(executor, pid, Desktop.role("table cell"));
        assertEquals(
                rows * 3L,
                observation.elements().stream()
                        .filter(element -> element.role().equals("table cell")
                                && element.name() != null
                                && !element.name().isEmpty())
                        .count(),
                "the observation holds every named cell");
        SemanticElement table = Desktop.find(observation, Desktop.role("table"));
        return new TargetRef.Element(observation.target(table.tag()));
    }

    /** The D-Bus calls of one fence re-check of the target, after one that learns what is remembered. */
    private static long fenceCalls(LinuxExecutor executor, AtspiBus bus, TargetRef target) throws Exception {
        executor.resolve(target, new CancellationToken(), Desktop.deadline());
        long before = bus.callCount();
        executor.resolve(target, new CancellationToken(), Desktop.deadline());
        return bus.callCount() - before;
    }
}
