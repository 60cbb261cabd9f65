package org.praefectus.workflow.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.UiElement;

/**
 * A desktop state as a graph snapshot, by PeekabooX's rules: a snapshot node, one node per window (the active one
 * first when the list lacks it) and per element (the first of each id), {@code has_window}, {@code focused_window},
 * {@code active_window} and {@code has_element} edges from the snapshot, and {@code contains} from each window to the
 * elements it owns or whose bounds it encloses. What an element holds (its read-back: text, value) is never taken, and
 * an editable element's label is left out when it repeats the element's text (some toolkits name an entry by its
 * content) or the element is a password field.
 */
final class SnapshotBuilder {

    static final String SNAPSHOT = "snapshot";
    static final String WINDOW = "window";
    static final String ELEMENT = "element";

    private SnapshotBuilder() {}

    static GraphSnapshot build(DesktopState state, String snapshotId, long capturedAtUnixMs) {
        List<DesktopWindow> windows = windows(state);
        List<GraphNode> nodes =
                new ArrayList<>(1 + windows.size() + state.elements().size());
        nodes.add(new GraphNode(
                snapshotId, SNAPSHOT, "Desktop Snapshot", null, null, Map.of("captured_at_unix_ms", capturedAtUnixMs)));
        String activeWindowId = state.activeWindow() == null
                ? null
                : windowNodeId(state.activeWindow().id());
        List<GraphEdge> edges = new ArrayList<>();
        for (DesktopWindow window : windows) {
            nodes.add(windowNode(window));
            String id = windowNodeId(window.id());
            edges.add(new GraphEdge(snapshotId, id, "has_window", null));
            if (window.focused()) {
                edges.add(new GraphEdge(snapshotId, id, "focused_window", null));
            }
            if (id.equals(activeWindowId)) {
                edges.add(new GraphEdge(snapshotId, id, "active_window", null));
            }
        }
        Map<String, UiElement> elements = new LinkedHashMap<>();
        for (UiElement element : state.elements()) {
            elements.putIfAbsent(elementNodeId(element.id()), element);
        }
        for (Map.Entry<String, UiElement> entry : elements.entrySet()) {
            UiElement element = entry.getValue();
            nodes.add(elementNode(entry.getKey(), element));
            edges.add(new GraphEdge(snapshotId, entry.getKey(), "has_element", null));
            for (DesktopWindow window : windows) {
                if (owns(window, element)) {
                    edges.add(new GraphEdge(windowNodeId(window.id()), entry.getKey(), "contains", null));
                }
            }
        }
        return new GraphSnapshot(snapshotId, capturedAtUnixMs, activeWindowId, nodes, edges);
    }

    static String windowNodeId(String windowId) {
        return windowId.startsWith(WINDOW + ":") ? windowId : WINDOW + ":" + windowId;
    }

    static String elementNodeId(String elementId) {
        return elementId.startsWith(ELEMENT + ":") ? elementId : ELEMENT + ":" + elementId;
    }

    /** The windows once each, the active one first when the list does not hold it. */
    private static List<DesktopWindow> windows(DesktopState state) {
        Map<String, DesktopWindow> byId = new LinkedHashMap<>();
        DesktopWindow active = state.activeWindow();
        if (active != null && state.windows().stream().noneMatch(w -> w.id().equals(active.id()))) {
            byId.put(active.id(), active);
        }
        for (DesktopWindow window : state.windows()) {
            byId.putIfAbsent(window.id(), window);
        }
        return List.copyOf(byId.values());
    }

    private static GraphNode windowNode(DesktopWindow window) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put("window_id", window.id());
        attributes.put("app_id", window.appId());
        attributes.put("focused", window.focused());
        attributes.put("state", window.state());
        return new GraphNode(windowNodeId(window.id()), WINDOW, window.title(), "window", window.bounds(), attributes);
    }

    private static GraphNode elementNode(String id, UiElement element) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put("element_id", element.id());
        attributes.put("confidence", element.confidence());
        attributes.put("states", element.states());
        attributes.put(
                "center",
                element.center() == null
                        ? null
                        : Map.of(
                                "x", element.center().x(), "y", element.center().y()));
        attributes.put("window_id", element.windowId());
        attributes.put("window_title", element.windowTitle());
        attributes.put("app_id", element.appId());
        attributes.put("parent_id", element.parentId());
        attributes.put("child_ids", element.childIds());
        return new GraphNode(id, ELEMENT, storableLabel(element), element.role(), element.bounds(), attributes);
    }

    /** The label, unless it is (or repeats) what an editable element holds. */
    static String storableLabel(UiElement element) {
        String label = element.label();
        if (label == null) {
            return null;
        }
        if (element.role().equals("password text")) {
            return null;
        }
        ReadBack held = element.readBack();
        boolean editable = element.states().contains("editable") || (held != null && held.editable());
        if (editable && held != null && held.text() != null && !held.text().isEmpty() && label.contains(held.text())) {
            return null;
        }
        return label;
    }

    private static boolean owns(DesktopWindow window, UiElement element) {
        return window.id().equals(element.windowId()) || encloses(window.bounds(), element.bounds());
    }

    private static boolean encloses(Rect outer, Rect inner) {
        if (outer == null || inner == null || !inner.hasArea()) {
            return false;
        }
        return inner.x() >= outer.x()
                && inner.y() >= outer.y()
                && inner.x() + inner.width() <= outer.x() + outer.width()
                && inner.y() + inner.height() <= outer.y() + outer.height();
    }
}
