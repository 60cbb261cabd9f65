package org.praefectus.linux.atspi;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;

/**
 * Extents, action names and unknown role names requested for some objects, all in flight at once, and
 * collected later for the objects that turn out to be needed: an observation may request what the previous
 * observation of the same window needed in the same wave as the tree itself, then check that it was enough.
 */
public final class PendingDetails {

    private final Map<Integer, String> roleNames;
    private final boolean withActions;
    private final Map<Integer, PendingCall<String>> newRoles = new HashMap<>();
    private final Map<AtspiObject, PendingCall<Extents>> extents = new HashMap<>();
    private final Map<AtspiObject, PendingCall<List<ActionInfo>>> actions = new HashMap<>();

    /**
     * @param roleNames the desktop's role names by number, learnt here as replies arrive
     */
    PendingDetails(
            AtspiBus bus, Map<Integer, String> roleNames, Collection<AccessibleNode> nodes, boolean withActions) {
        this.roleNames = roleNames;
        this.withActions = withActions;
        for (AccessibleNode node : nodes) {
            if (!roleNames.containsKey(node.roleCode()) && !newRoles.containsKey(node.roleCode())) {
                newRoles.put(node.roleCode(), bus.roleName(node.object()));
            }
            if (needsExtents(node)) {
                extents.put(node.object(), bus.extents(node.object()));
            }
            if (needsActions(node)) {
                actions.put(node.object(), bus.actions(node.object()));
            }
        }
    }

    // an object that is not showing has no place on screen: its extents would be stale or zero
    private static boolean needsExtents(AccessibleNode node) {
        return node.has(AccessibleNode.COMPONENT) && node.state().has(AtspiState.SHOWING);
    }

    private boolean needsActions(AccessibleNode node) {
        return withActions && node.has(AccessibleNode.ACTION);
    }

    /**
     * The details of these objects as they are now (which of them is showing or has actions decides what is
     * needed), or empty when something needed was not requested.
     */
    public Optional<Map<AtspiObject, NodeDetails>> collect(
            Collection<AccessibleNode> nodes, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        for (AccessibleNode node : nodes) {
            if ((!roleNames.containsKey(node.roleCode()) && !newRoles.containsKey(node.roleCode()))
                    || (needsExtents(node) && !extents.containsKey(node.object()))
                    || (needsActions(node) && !actions.containsKey(node.object()))) {
                return Optional.empty();
            }
        }
        for (AccessibleNode node : nodes) {
            PendingCall<String> role = newRoles.get(node.roleCode());
            if (role != null && !roleNames.containsKey(node.roleCode())) {
                String name = role.await(cancellation, deadlineAtMs);
                if (name == null || name.isBlank() || name.length() > 128) {
                    throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility text is invalid");
                }
                roleNames.put(node.roleCode(), name);
            }
        }
        Map<AtspiObject, NodeDetails> details = new HashMap<>();
        for (AccessibleNode node : nodes) {
            Rect bounds = null;
            if (needsExtents(node)) {
                Extents box = extents.get(node.object()).await(cancellation, deadlineAtMs);
                if (box.width > 0 && box.height > 0) {
                    bounds = new Rect(box.x, box.y, box.width, box.height);
                }
            }
            List<String> names = new ArrayList<>();
            if (needsActions(node)) {
                List<ActionInfo> infos = actions.get(node.object()).await(cancellation, deadlineAtMs);
                if (infos.size() > 32) {
                    throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility action limit exceeded");
                }
                for (ActionInfo info : infos) {
                    names.add(info.name == null ? "" : info.name);
                }
            }
            details.put(node.object(), new NodeDetails(bounds, names));
        }
        return Optional.of(details);
    }
}
