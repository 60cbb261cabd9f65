package org.praefectus.linux.atspi;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.freedesktop.dbus.types.UInt32;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/**
 * The children that a showing object which "manages its descendants" (GTK's tree views and list boxes: their cells and
 * rows) creates on demand: {@code Cache.GetItems} leaves them out, so without this read a table's cells and a list's
 * rows are found by no selector (#36). They are read level by level, each level's calls all in flight at once, one
 * child at a time by index ({@code GetChildAtIndex}, never {@code GetChildren}, which would make a huge table create
 * every cell), and bounded: {@value #MAX_DESCENDANTS} objects per application, {@value #MAX_DEPTH} levels below the
 * managing object (a row, its cell, the cell's label).
 */
final class ManagedDescendants {

    static final int MAX_DESCENDANTS = 512;
    static final int MAX_DEPTH = 3;

    private ManagedDescendants() {}

    /** A child asked for and the calls describing it. */
    private record Pending(AtspiObject parent, int index, PendingCall<ObjectRef> reference) {}

    private record Described(
            AtspiObject object,
            AtspiObject parent,
            int index,
            PendingCall<Integer> role,
            PendingCall<String> name,
            PendingCall<List<String>> interfaces,
            PendingCall<List<UInt32>> states,
            PendingCall<Integer> childCount) {}

    /**
     * The managed descendants of the showing managing objects among {@code nodes} that the cache did not list, as
     * nodes; an object that stops answering while it is read is left out.
     */
    static List<AccessibleNode> read(
            AtspiBus bus, Collection<AccessibleNode> nodes, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        Set<AtspiObject> known = new HashSet<>();
        Map<AtspiObject, PendingCall<Integer>> managers = new LinkedHashMap<>();
        for (AccessibleNode node : nodes) {
            known.add(node.object());
            if (node.state().has(AtspiState.MANAGES_DESCENDANTS) && node.state().has(AtspiState.SHOWING)) {
                managers.put(node.object(), bus.childCount(node.object()));
            }
        }
        List<AccessibleNode> found = new ArrayList<>();
        if (managers.isEmpty()) {
            return found;
        }
        Map<AtspiObject, Integer> counts = new LinkedHashMap<>();
        for (Map.Entry<AtspiObject, PendingCall<Integer>> manager : managers.entrySet()) {
            Integer count = collect(manager.getValue(), cancellation, deadlineAtMs);
            if (count != null && count > 0) {
                counts.put(manager.getKey(), count);
            }
        }
        for (int depth = 0; depth < MAX_DEPTH && !counts.isEmpty(); depth++) {
            List<Pending> children = new ArrayList<>();
            for (Map.Entry<AtspiObject, Integer> parent : counts.entrySet()) {
                for (int index = 0;
                        index < parent.getValue() && found.size() + children.size() < MAX_DESCENDANTS;
                        index++) {
                    children.add(new Pending(parent.getKey(), index, bus.childAtIndex(parent.getKey(), index)));
                }
            }
            List<Described> described = new ArrayList<>();
            for (Pending child : children) {
                ObjectRef reference = collect(child.reference(), cancellation, deadlineAtMs);
                if (reference == null) {
                    continue;
                }
                AtspiObject object = reference.toObject();
                // an application may only describe its own objects, and each object once
                if (!object.valid()
                        || object.isNull()
                        || !object.busName().equals(child.parent().busName())
                        || !known.add(object)) {
                    continue;
                }
                described.add(new Described(
                        object,
                        child.parent(),
                        child.index(),
                        bus.role(object),
                        bus.name(object),
                        bus.interfaces(object),
                        bus.states(object),
                        bus.childCount(object)));
            }
            counts = new LinkedHashMap<>();
            for (Described child : described) {
                Integer role = collect(child.role(), cancellation, deadlineAtMs);
                String name = collect(child.name(), cancellation, deadlineAtMs);
                List<String> interfaces = collect(child.interfaces(), cancellation, deadlineAtMs);
                List<UInt32> states = collect(child.states(), cancellation, deadlineAtMs);
                Integer count = collect(child.childCount(), cancellation, deadlineAtMs);
                if (role == null || name == null || interfaces == null || states == null) {
                    continue;
                }
                found.add(new AccessibleNode(
                        child.object(), child.parent(), child.index(), role, name, interfaces, AtspiState.of(states)));
                if (count != null && count > 0) {
                    counts.put(child.object(), count);
                }
            }
        }
        return found;
    }

    /** The reply, or {@code null} when the object could not answer (gone since it was listed). */
    private static <T> T collect(PendingCall<T> call, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        try {
            return call.await(cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            if (e.failure() == ExecutorFailure.CANCELLED || e.failure() == ExecutorFailure.EXPIRED) {
                throw e;
            }
            return null;
        }
    }
}
