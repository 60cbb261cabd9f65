package org.praefectus.workflow.graph.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphStatus;
import org.praefectus.api.graph.NodeMatches;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.UiElement;
import org.praefectus.workflow.graph.GraphMemory;

/** {@code graph status|query|export|import} over a real graph file; {@code graph ingest} is covered on the desktop. */
class GraphCommandTest {

    @TempDir
    Path directory;

    private static DesktopState state() {
        DesktopWindow window = new DesktopWindow(
                "77", "Notes", "mousepad", new Rect(0, 0, 500, 400), true, "normal", 7, true, "s", "x11+at-spi");
        Rect bounds = new Rect(10, 10, 50, 20);
        UiElement save = new UiElement(
                ":1.0:/s",
                "push button",
                "Save",
                bounds,
                UiElement.centerOf(bounds),
                1.0,
                List.of("showing"),
                "77",
                "Notes",
                "mousepad",
                null,
                List.of(),
                null,
                null);
        return new DesktopState(window, List.of(window), List.of(save), "x11+at-spi", List.of());
    }

    @Test
    void queryFlagsExportAndImport() throws Exception {
        try (GraphMemory graph = GraphMemory.open(directory.resolve("a.db"), () -> null, System::currentTimeMillis);
                GraphMemory other =
                        GraphMemory.open(directory.resolve("b.db"), () -> null, System::currentTimeMillis)) {
            graph.ingest(state(), null);
            GraphCommand command = new GraphCommand(graph);
            NodeMatches found = (NodeMatches) command.run(List.of(
                    "query",
                    "--kind",
                    "element",
                    "--label-contains",
                    "SAV",
                    "--role",
                    "push button",
                    "--contained-by",
                    "77",
                    "--attribute",
                    "confidence=1",
                    "--attribute",
                    "app_id=mousepad",
                    "--latest"));
            assertEquals(
                    List.of("element::1.0:/s"),
                    found.nodes().stream().map(GraphNode::id).toList());
            assertEquals(0, ((NodeMatches) command.run(List.of("query", "--attribute", "app_id=\"gedit\""))).count());

            Path file = directory.resolve("graph.json");
            command.run(List.of("export", file.toString()));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            assertEquals(
                    "file_exists", failure(command, "export", file.toString()).code());

            GraphStatus imported = (GraphStatus) new GraphCommand(other).run(List.of("import", file.toString()));
            assertEquals(1, imported.snapshotCount());
            assertEquals(graph.exportJson(), other.exportJson());
            assertEquals(1, ((GraphStatus) command.run(List.of("status"))).snapshotCount());
        }
    }

    @Test
    void badArgumentsAreUsageOrTypedErrors() throws Exception {
        try (GraphMemory graph = GraphMemory.open(directory.resolve("a.db"), () -> null, System::currentTimeMillis)) {
            GraphCommand command = new GraphCommand(graph);
            assertEquals(2, failure(command).exitCode());
            assertEquals(2, failure(command, "vacuum").exitCode());
            assertEquals(2, failure(command, "query", "--colour", "red").exitCode());
            assertEquals(2, failure(command, "query", "--attribute", "novalue").exitCode());
            assertEquals(
                    "invalid_query",
                    failure(command, "query", "--kind", "gadget").code());
            assertEquals("desktop_unavailable", failure(command, "ingest").code());
            assertEquals(
                    "file_not_found",
                    failure(command, "import", directory.resolve("none.json").toString())
                            .code());
            Path broken = Files.writeString(directory.resolve("broken.json"), "{\"snapshots\":{}}");
            assertEquals(
                    "invalid_graph",
                    failure(command, "import", broken.toString()).code());
        }
    }

    private static CliCommandException failure(GraphCommand command, String... arguments) {
        return assertThrows(CliCommandException.class, () -> command.run(List.of(arguments)));
    }
}
