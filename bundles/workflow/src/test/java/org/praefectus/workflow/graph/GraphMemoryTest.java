package org.praefectus.workflow.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.EdgeQuery;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.graph.GraphUpdate;
import org.praefectus.api.graph.NodeQuery;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.UiElement;

/** The graph over a real SQLite file, with desktop states built as plain values. */
class GraphMemoryTest {

    private static final String TYPED = "typed-secret-5521";

    @TempDir
    Path directory;

    private final AtomicLong clock = new AtomicLong(1_700_000_000_000L);

    private GraphMemory open(String name) throws GraphException {
        return GraphMemory.open(directory.resolve(name), () -> null, clock::incrementAndGet);
    }

    static DesktopState state(String title) {
        DesktopWindow editor = new DesktopWindow(
                "4194311",
                title,
                "mousepad",
                new Rect(100, 100, 800, 600),
                true,
                "normal",
                42,
                true,
                "s1",
                "x11+at-spi");
        DesktopWindow other = new DesktopWindow(
                "5242887", "Other", "zenity", new Rect(1000, 100, 300, 200), false, "normal", 43, true, "s2", "x11");
        UiElement save = element(":1.0:/a/1", "push button", "Save", new Rect(110, 120, 80, 30), null);
        UiElement field = element(
                ":1.0:/a/2",
                "text",
                TYPED,
                new Rect(110, 200, 300, 30),
                new ReadBack(TYPED, TYPED.length(), null, null, null, null, null, false, true, null, true, true));
        UiElement password = element(":1.0:/a/3", "password text", "Password", new Rect(110, 260, 300, 30), null);
        return new DesktopState(
                editor, List.of(editor, other), List.of(save, field, password), "x11+at-spi", List.of());
    }

    private static UiElement element(String id, String role, String label, Rect bounds, ReadBack held) {
        return new UiElement(
                id,
                role,
                label,
                bounds,
                UiElement.centerOf(bounds),
                1.0,
                held != null && held.editable() ? List.of("editable", "showing") : List.of("showing"),
                "4194311",
                "Notes",
                "mousepad",
                null,
                List.of(),
                "obs-1",
                "e1",
                held);
    }

    @Test
    void aSnapshotHasPeekabooxNodesAndEdgesAndNeverTheTextAnElementHolds() throws Exception {
        try (GraphMemory graph = open("graph.db")) {
            GraphSnapshot snapshot = graph.ingest(state("Notes"), null);
            assertEquals("window:4194311", snapshot.activeWindowId());
            assertEquals(
                    List.of("has_window", "focused_window", "active_window", "has_window"),
                    graph.queryEdges(new EdgeQuery(snapshot.id(), null, null, true)).stream()
                            .filter(edge -> edge.target().startsWith("window:"))
                            .map(edge -> edge.kind())
                            .toList());
            assertEquals(
                    3,
                    graph.queryEdges(new EdgeQuery("window:4194311", null, "contains", true))
                            .size());
            assertEquals(
                    List.of("Save"),
                    graph
                            .queryNodes(
                                    new NodeQuery("element", "sav", "push button", Map.of(), "4194311", true, false),
                                    new CancellationToken())
                            .nodes()
                            .stream()
                            .map(GraphNode::label)
                            .toList());
            assertEquals(
                    List.of("window:4194311"),
                    graph
                            .queryNodes(
                                    new NodeQuery(
                                            "window",
                                            null,
                                            null,
                                            Map.of("focused", true, "state", "normal"),
                                            null,
                                            true,
                                            false),
                                    new CancellationToken())
                            .nodes()
                            .stream()
                            .map(GraphNode::id)
                            .toList());
            assertEquals(
                    1,
                    graph
                            .queryNodes(
                                    new NodeQuery("element", null, null, Map.of("confidence", 1), null, true, false),
                                    new CancellationToken())
                            .nodes()
                            .stream()
                            .filter(node -> node.id().equals("element::1.0:/a/1"))
                            .count(),
                    "numbers compare by value");
            for (GraphNode node : snapshot.nodes()) {
                if (node.role() != null && node.role().endsWith("text")) {
                    assertNull(
                            node.label(), "an editable element's content and a password field's label are not stored");
                }
            }
            assertFalse(graph.exportJson().contains(TYPED));
        }
        assertFalse(new String(Files.readAllBytes(directory.resolve("graph.db")), StandardCharsets.ISO_8859_1)
                .contains(TYPED));
        assertEquals("rw-------", GraphMemoryDesktopTest.permissions(directory.resolve("graph.db")));
    }

    @Test
    void aRecordedEventInvalidatesTheNamedWindowWithWhatItContainsAndPersists() throws Exception {
        GraphUpdate update;
        try (GraphMemory graph = open("graph.db")) {
            GraphSnapshot snapshot = graph.ingest(state("Notes"), "snapshot:first");
            assertFalse(graph.status().stale());
            update = graph.recordEvent(
                    new DesktopEvent("window_focused", "runtime", 0, "4194311", Map.of("text", TYPED, "n", 3)), null);
            assertTrue(update.stale());
            assertEquals(snapshot.id(), update.invalidation().invalidatedSnapshotId());
            assertEquals(
                    List.of("window:4194311", "element::1.0:/a/1", "element::1.0:/a/2", "element::1.0:/a/3"),
                    update.invalidation().affectedNodeIds());
            assertEquals("runtime:window_focused", update.invalidation().reason());
            assertEquals(
                    Map.of("redacted", true, "length", (long) TYPED.length()),
                    update.event().payload().get("text"));
            assertTrue(graph.status().stale());

            GraphUpdate fresh =
                    graph.recordEvent(new DesktopEvent("desktop_changed", "cli", 0, null, null), state("Notes 2"));
            assertFalse(fresh.stale());
            assertEquals(
                    "Notes 2",
                    graph.queryNodes(
                                    new NodeQuery("window", "notes", null, Map.of(), null, true, false),
                                    new CancellationToken())
                            .nodes()
                            .get(0)
                            .label());
            assertEquals(
                    2,
                    graph.queryNodes(
                                    new NodeQuery("window", "notes", null, Map.of(), null, false, false),
                                    new CancellationToken())
                            .count(),
                    "without latest_only every kept snapshot answers");
        }
        try (GraphMemory reloaded = open("graph.db")) {
            assertFalse(reloaded.status().stale());
            assertEquals(2, reloaded.status().eventCount());
            assertEquals(1, reloaded.status().invalidationCount());
            assertEquals(update.invalidation(), reloaded.status().lastInvalidation());
            assertEquals(2, reloaded.status().snapshotCount());
        }
        assertFalse(new String(Files.readAllBytes(directory.resolve("graph.db")), StandardCharsets.ISO_8859_1)
                .contains(TYPED));
    }

    @Test
    void anotherInstanceOverTheSameFileSeesEachCommit() throws Exception {
        try (GraphMemory writer = open("graph.db");
                GraphMemory reader = open("graph.db")) {
            assertTrue(reader.latest().isEmpty());
            assertTrue(reader.status().stale(), "an empty graph is stale");
            GraphSnapshot written = writer.ingest(state("Notes"), null);
            assertEquals(written, reader.latest().orElseThrow());
            writer.recordEvent(new DesktopEvent("focus", "runtime", 0, null, null), null);
            assertTrue(reader.status().stale());
            assertEquals(
                    List.of("window:4194311", "window:5242887"),
                    reader.status().lastInvalidation().affectedNodeIds());
            writer.put("last_goal", "open the editor");
            assertEquals("open the editor", reader.get("last_goal").orElseThrow());
        }
    }

    @Test
    void exportAndImportRoundTripThroughAnotherFile() throws Exception {
        String exported;
        try (GraphMemory graph = open("a.db")) {
            graph.ingest(state("Notes"), null);
            graph.ingest(state("Notes 2"), null);
            exported = graph.exportJson();
        }
        try (GraphMemory other = open("b.db")) {
            other.recordEvent(new DesktopEvent("focus", "runtime", 0, null, null), null);
            other.importJson(exported);
            assertEquals(exported, other.exportJson());
            assertFalse(other.status().stale());
            assertEquals(2, other.status().snapshotCount());
        }
        try (GraphMemory reloaded = open("b.db")) {
            assertEquals(exported, reloaded.exportJson());
            assertEquals(
                    List.of("Save"),
                    reloaded
                            .queryNodes(
                                    new NodeQuery("element", "save", null, Map.of(), "window:4194311", true, false),
                                    new CancellationToken())
                            .nodes()
                            .stream()
                            .map(GraphNode::label)
                            .toList());
        }
    }

    @Test
    void badInputIsATypedErrorThatChangesNothing() throws Exception {
        try (GraphMemory graph = open("graph.db")) {
            graph.ingest(state("Notes"), "snapshot:kept");
            String before = graph.exportJson();
            assertCode(
                    "invalid_query",
                    () -> graph.queryNodes(
                            new NodeQuery("widget", null, null, Map.of(), null, true, false), new CancellationToken()));
            assertCode("invalid_query", () -> graph.ingest(state("Notes"), "snapshot:kept"));
            assertCode("invalid_query", () -> graph.ingest(state("Notes"), "not-a-snapshot"));
            assertCode("invalid_event", () -> graph.recordEvent(new DesktopEvent("", "runtime", 0, null, null), null));
            assertCode("invalid_event", () -> graph.recordEvent(new DesktopEvent("focus", " ", 0, null, null), null));
            assertCode("invalid_key", () -> graph.put("", "x"));
            assertCode("desktop_unavailable", () -> graph.refresh(null, new CancellationToken()));
            assertCode("invalid_graph", () -> graph.importJson("{"));
            GraphException missing = assertThrows(
                    GraphException.class,
                    () -> graph.importJson("{\"snapshots\":[{\"id\":\"snapshot:x\","
                            + "\"captured_at_unix_ms\":1,\"active_window_id\":null,\"edges\":[]}]}"));
            assertEquals("snapshots[0].nodes must be a list", missing.getMessage());
            GraphException kind = assertThrows(
                    GraphException.class,
                    () -> graph.importJson("{\"snapshots\":[{\"id\":\"snapshot:x\","
                            + "\"captured_at_unix_ms\":1,\"active_window_id\":null,\"nodes\":[{\"id\":\"n\","
                            + "\"kind\":\"gadget\"}],\"edges\":[]}]}"));
            assertEquals("snapshots[0].nodes[0].kind must be snapshot, window or element", kind.getMessage());
            assertEquals(before, graph.exportJson());
        }
    }

    private static void assertCode(String code, org.junit.jupiter.api.function.Executable call) {
        GraphException e = assertThrows(GraphException.class, call);
        assertEquals(code, e.code());
    }
}
