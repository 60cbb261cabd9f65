package org.praefectus.linux.atspi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The accessible tree of one application, from one {@code Cache.GetItems} call (and, when read for an observation, the
 * managed descendants the cache leaves out, {@link AtspiDesktop#withManagedDescendants}), with the process that owns
 * the application's bus connection (as the bus daemon reports it) and that process's generation.
 *
 * @param busName           the application's unique bus name
 * @param processId         the owning process
 * @param processGeneration its generation
 * @param nodes             every cached object by identity
 * @param children          child objects of each object, in index order
 */
public record ApplicationTree(
        String busName,
        long processId,
        String processGeneration,
        Map<AtspiObject, AccessibleNode> nodes,
        Map<AtspiObject, List<AtspiObject>> children) {

    /** The application's root object path. */
    public static final String ROOT_PATH = "/org/a11y/atspi/accessible/root";

    static ApplicationTree of(String busName, long processId, String processGeneration, List<CacheItem> items) {
        return ofNodes(
                busName,
                processId,
                processGeneration,
                items.stream().map(AccessibleNode::of).toList());
    }

    /** This tree with {@code more} nodes (read apart from the cache: managed descendants). */
    ApplicationTree plus(List<AccessibleNode> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<AccessibleNode> all = new ArrayList<>(nodes.values());
        all.addAll(more);
        return ofNodes(busName, processId, processGeneration, all);
    }

    private static ApplicationTree ofNodes(
            String busName, long processId, String processGeneration, List<AccessibleNode> all) {
        Map<AtspiObject, AccessibleNode> nodes = new LinkedHashMap<>();
        Map<AtspiObject, List<AccessibleNode>> byParent = new HashMap<>();
        for (AccessibleNode node : all) {
            if (!node.object().busName().equals(busName)) {
                // an application may only describe its own objects
                continue;
            }
            nodes.put(node.object(), node);
            byParent.computeIfAbsent(node.parent(), parent -> new ArrayList<>()).add(node);
        }
        Map<AtspiObject, List<AtspiObject>> children = new HashMap<>();
        byParent.forEach((parent, list) -> children.put(
                parent,
                list.stream()
                        .sorted(Comparator.comparingInt(AccessibleNode::indexInParent))
                        .map(AccessibleNode::object)
                        .toList()));
        return new ApplicationTree(busName, processId, processGeneration, nodes, children);
    }

    /** The application's root object. */
    public AtspiObject root() {
        return new AtspiObject(busName, ROOT_PATH);
    }

    public List<AtspiObject> childrenOf(AtspiObject object) {
        return children.getOrDefault(object, List.of());
    }

    /** The top-level windows: children of the application root with a window role. */
    public List<AccessibleNode> topLevels() {
        return childrenOf(root()).stream()
                .map(nodes::get)
                .filter(node -> node != null && Roles.isWindow(node.roleCode()))
                .toList();
    }

    /** Whether {@code object} is {@code ancestor} or lies below it, following cached parents. */
    public boolean isWithin(AtspiObject object, AtspiObject ancestor) {
        AtspiObject current = object;
        for (int depth = 0; depth <= 256 && current != null; depth++) {
            if (current.equals(ancestor)) {
                return true;
            }
            AccessibleNode node = nodes.get(current);
            current = node == null ? null : node.parent();
        }
        return false;
    }
}
