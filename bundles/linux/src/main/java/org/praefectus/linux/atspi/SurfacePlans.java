package org.praefectus.linux.atspi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What this executor last learnt about each surface it observed: the window object a surface ID names and
 * the objects its last observation read. A known surface is observed in one wave to its own application
 * instead of through the registry and every application's tree; everything is still read and checked live,
 * the plan only says what to ask for. In memory, bounded, thread-safe.
 */
final class SurfacePlans {

    static final int CAPACITY = 64;

    /**
     * @param window    the surface's window object (its application's bus name and path)
     * @param processId the application's process, as the bus daemon reported it
     * @param nodes     the objects the last observation read, as they were then
     */
    record Plan(AtspiObject window, long processId, List<AccessibleNode> nodes) {
        Plan {
            nodes = List.copyOf(nodes);
        }
    }

    private final Map<String, Plan> plans = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Plan> eldest) {
            return size() > CAPACITY;
        }
    };

    synchronized void put(String surfaceId, Plan plan) {
        plans.put(surfaceId, plan);
    }

    synchronized Optional<Plan> get(String surfaceId) {
        return Optional.ofNullable(plans.get(surfaceId));
    }

    synchronized void remove(String surfaceId) {
        plans.remove(surfaceId);
    }
}
