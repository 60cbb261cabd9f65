package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.UiElement;
import org.praefectus.workflow.graph.GraphMemory;

/**
 * PeekabooX's seven graph tools over the real desktop graph (a SQLite file), gated by memory_read / memory_write in
 * the server's capability profile.
 */
class DesktopGraphToolsTest {

    private static final String TYPED = "mcp-never-stores-9137";

    @TempDir
    Path state;

    private static DesktopState desktop() {
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

    private static HostServices with(HostFixture fixture, DesktopGraph graph) {
        Engine engine = fixture.services().engine();
        return new HostServices() {
            @Override
            public Engine engine() {
                return engine;
            }

            @Override
            public Optional<DesktopGraph> desktopGraph() {
                return Optional.ofNullable(graph);
            }
        };
    }

    private static String code(ToolResult result) {
        assertTrue(result.error(), () -> "expected an error: " + result.structured());
        return (String) ((Map<?, ?>) result.structured().get("error")).get("code");
    }

    @Test
    void theGraphToolsAnswerFromTheStoredGraphAndRecordEventsWithoutTypedText() throws Exception {
        try (HostFixture fixture = new HostFixture(state);
                GraphMemory graph =
                        GraphMemory.open(state.resolve("graph.db"), () -> null, System::currentTimeMillis)) {
            ToolHost host = fixture.host(CapabilityProfile.PLAN, with(fixture, graph));
            assertNull(host.call("latest_desktop_snapshot", Map.of(), HostFixture.call())
                    .structured()
                    .get("snapshot"));
            String snapshot = graph.ingest(desktop(), null).id();

            ToolResult latest = host.call("latest_desktop_snapshot", Map.of(), HostFixture.call());
            assertEquals(snapshot, ((Map<?, ?>) latest.structured().get("snapshot")).get("id"));

            ToolResult nodes = host.call(
                    "query_desktop_graph",
                    Map.of(
                            "kind",
                            "element",
                            "label_contains",
                            "sa",
                            "contained_by",
                            "77",
                            "attribute_equals",
                            Map.of("app_id", "mousepad")),
                    HostFixture.call());
            assertFalse(nodes.error(), () -> nodes.structured().toString());
            assertEquals(1, nodes.structured().get("count"));
            assertEquals("Save", ((Map<?, ?>) ((List<?>) nodes.structured().get("nodes")).get(0)).get("label"));

            ToolResult edges = host.call(
                    "query_desktop_edges", Map.of("source", "window:77", "kind", "contains"), HostFixture.call());
            assertEquals(1, edges.structured().get("count"));

            ToolResult recorded = host.call(
                    "record_desktop_event",
                    Map.of("kind", "window_focused", "target_id", "77", "payload", Map.of("typed_text", TYPED)),
                    HostFixture.call());
            assertFalse(recorded.error(), () -> recorded.structured().toString());
            assertEquals(true, recorded.structured().get("stale"));
            ToolResult status = host.call("desktop_graph_status", Map.of(), HostFixture.call());
            assertEquals(true, status.structured().get("stale"));
            assertEquals(1L, ((Number) status.structured().get("invalidation_count")).longValue());
            assertEquals(
                    List.of("window:77", "element::1.0:/s"),
                    ((Map<?, ?>) status.structured().get("last_invalidation")).get("affected_node_ids"));
            assertEquals("mcp", ((Map<?, ?>) status.structured().get("last_event")).get("source"));
            assertFalse(status.structured().toString().contains(TYPED));
            assertFalse(new String(Files.readAllBytes(state.resolve("graph.db")), StandardCharsets.ISO_8859_1)
                    .contains(TYPED));

            assertEquals("desktop_unavailable", code(host.call("refresh_desktop_graph", Map.of(), HostFixture.call())));
            assertEquals(
                    "invalid_query",
                    code(host.call("query_desktop_graph", Map.of("kind", "gadget"), HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    code(host.call(
                            "record_desktop_event", Map.of("kind", "x", "payload", "text"), HostFixture.call())));
            assertEquals(
                    "invalid_arguments",
                    code(host.call("query_desktop_edges", Map.of("colour", "red"), HostFixture.call())));
        }
    }

    @Test
    void observeReadsTheGraphButMayNotWriteIt() throws Exception {
        try (HostFixture fixture = new HostFixture(state);
                GraphMemory graph =
                        GraphMemory.open(state.resolve("graph.db"), () -> null, System::currentTimeMillis)) {
            graph.ingest(desktop(), null);
            ToolHost observe = fixture.host(CapabilityProfile.OBSERVE, with(fixture, graph));
            assertFalse(observe.call("desktop_graph_status", Map.of(), HostFixture.call())
                    .error());
            assertFalse(observe.call("query_desktop_graph", Map.of("kind", "window"), HostFixture.call())
                    .error());
            for (String write : List.of("ingest_desktop_snapshot", "refresh_desktop_graph", "record_desktop_event")) {
                assertEquals("capability_denied", code(observe.call(write, Map.of("kind", "x"), HostFixture.call())));
                assertFalse(ToolCapabilities.allows(CapabilityProfile.OBSERVE, write));
                assertTrue(ToolCapabilities.allows(CapabilityProfile.PLAN, write));
            }
            assertEquals(
                    "capability_denied",
                    code(observe.call("query_desktop_graph", Map.of("refresh_if_stale", true), HostFixture.call())));
            assertEquals(1, graph.status().snapshotCount(), "nothing was written");
        }
    }

    @Test
    void withoutTheGraphServiceEachToolSaysSo() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost host = fixture.host(CapabilityProfile.OPERATOR, with(fixture, null));
            for (String tool : List.of("latest_desktop_snapshot", "desktop_graph_status", "query_desktop_edges")) {
                assertEquals("graph_unavailable", code(host.call(tool, Map.of(), HostFixture.call())));
            }
        }
    }
}
