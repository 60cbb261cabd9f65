package org.praefectus.linux.atspi;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.linux.proc.ProcessGeneration;

/**
 * Reads the accessible desktop in pipelined waves: the registry's applications; each application's
 * process and whole cached tree (two calls per application, all in flight at once); then, for the objects
 * an observation needs, screen extents and action names (all in flight at once). Role names are asked
 * once per role number and remembered: they are fixed strings of the AT-SPI specification.
 */
public final class AtspiDesktop {

    /** Most applications and top-level windows considered, as the reference bounds them. */
    static final int MAX_APPLICATIONS = 64;
    static final int MAX_WINDOWS = 512;

    private final AtspiBus bus;
    private final Map<Integer, String> roleNames = new ConcurrentHashMap<>();

    public AtspiDesktop(AtspiBus bus) {
        this.bus = bus;
    }

    public AtspiBus bus() {
        return bus;
    }

    /**
     * Every accessible application with its process, generation and cached tree. Applications whose
     * process cannot be identified (gone, or not visible in our /proc) are left out.
     */
    public List<ApplicationTree> applications(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        List<ObjectRef> references = AtspiBus.await(bus.applications(), cancellation, deadlineAtMs);
        Set<String> busNames = new LinkedHashSet<>();
        for (ObjectRef reference : references) {
            AtspiObject application = reference.toObject();
            if (application.valid() && !application.isNull() && !application.busName().equals(bus.uniqueName())) {
                busNames.add(application.busName());
            }
        }
        if (busNames.size() > MAX_APPLICATIONS) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "too many accessible applications");
        }
        Map<String, CompletableFuture<Long>> processes = new LinkedHashMap<>();
        Map<String, CompletableFuture<List<CacheItem>>> trees = new HashMap<>();
        for (String busName : busNames) {
            processes.put(busName, bus.processId(busName));
            trees.put(busName, bus.cacheItems(busName));
        }
        List<ApplicationTree> applications = new ArrayList<>();
        for (String busName : busNames) {
            Optional<ApplicationTree> tree = collect(busName, processes.get(busName), trees.get(busName),
                    cancellation, deadlineAtMs);
            tree.ifPresent(applications::add);
        }
        return applications;
    }

    /** One application's tree, read now; empty when it has gone. */
    public Optional<ApplicationTree> application(String busName, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return collect(busName, bus.processId(busName), bus.cacheItems(busName), cancellation, deadlineAtMs);
    }

    private Optional<ApplicationTree> collect(String busName, CompletableFuture<Long> process,
            CompletableFuture<List<CacheItem>> items, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        long processId;
        List<CacheItem> cached;
        try {
            processId = AtspiBus.await(process, cancellation, deadlineAtMs);
            cached = AtspiBus.await(items, cancellation, deadlineAtMs);
        } catch (ExecutorException e) {
            if (e.failure() == ExecutorFailure.UNAVAILABLE) {
                // the application left, or serves no cache: it is not an observable surface
                return Optional.empty();
            }
            throw e;
        }
        Optional<String> generation = ProcessGeneration.of(processId);
        if (generation.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(ApplicationTree.of(busName, processId, generation.get(), cached));
    }

    /** The visible top-level windows of these applications, with their bounds and identities. */
    public List<SurfaceWindow> windows(List<ApplicationTree> applications, CancellationToken cancellation,
            long deadlineAtMs) throws ExecutorException {
        List<AccessibleNode> candidates = new ArrayList<>();
        Map<AccessibleNode, ApplicationTree> owners = new HashMap<>();
        for (ApplicationTree application : applications) {
            for (AccessibleNode window : application.topLevels()) {
                if (window.state().visible()) {
                    candidates.add(window);
                    owners.put(window, application);
                }
            }
        }
        if (candidates.size() > MAX_WINDOWS) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "too many accessible windows");
        }
        Map<AtspiObject, NodeDetails> details = details(candidates, false, cancellation, deadlineAtMs);
        List<SurfaceWindow> windows = new ArrayList<>();
        for (AccessibleNode window : candidates) {
            windows.add(SurfaceWindow.of(owners.get(window), window, roleName(window.roleCode()),
                    details.get(window.object()).bounds()));
        }
        return windows;
    }

    /**
     * Extents (and, when asked, action names) of many objects, all requested before any reply is awaited;
     * also learns the role names not seen before.
     */
    public Map<AtspiObject, NodeDetails> details(Collection<AccessibleNode> nodes, boolean withActions,
            CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        Map<Integer, CompletableFuture<String>> newRoles = new HashMap<>();
        Map<AtspiObject, CompletableFuture<Extents>> extents = new HashMap<>();
        Map<AtspiObject, CompletableFuture<List<ActionInfo>>> actions = new HashMap<>();
        for (AccessibleNode node : nodes) {
            if (!roleNames.containsKey(node.roleCode()) && !newRoles.containsKey(node.roleCode())) {
                newRoles.put(node.roleCode(), bus.roleName(node.object()));
            }
            if (node.has(AccessibleNode.COMPONENT)) {
                extents.put(node.object(), bus.extents(node.object()));
            }
            if (withActions && node.has(AccessibleNode.ACTION)) {
                actions.put(node.object(), bus.actions(node.object()));
            }
        }
        for (Map.Entry<Integer, CompletableFuture<String>> role : newRoles.entrySet()) {
            String name = AtspiBus.await(role.getValue(), cancellation, deadlineAtMs);
            if (name == null || name.isBlank() || name.length() > 128) {
                throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility text is invalid");
            }
            roleNames.put(role.getKey(), name);
        }
        Map<AtspiObject, NodeDetails> details = new HashMap<>();
        for (AccessibleNode node : nodes) {
            Rect bounds = null;
            CompletableFuture<Extents> pending = extents.get(node.object());
            if (pending != null) {
                Extents box = AtspiBus.await(pending, cancellation, deadlineAtMs);
                if (box.width > 0 && box.height > 0) {
                    bounds = new Rect(box.x, box.y, box.width, box.height);
                }
            }
            List<String> names = new ArrayList<>();
            CompletableFuture<List<ActionInfo>> pendingActions = actions.get(node.object());
            if (pendingActions != null) {
                List<ActionInfo> infos = AtspiBus.await(pendingActions, cancellation, deadlineAtMs);
                if (infos.size() > 32) {
                    throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility action limit exceeded");
                }
                for (ActionInfo info : infos) {
                    names.add(info.name == null ? "" : info.name);
                }
            }
            details.put(node.object(), new NodeDetails(bounds, names));
        }
        return details;
    }

    /** The role name of a role number seen by {@link #details}. */
    public String roleName(int roleCode) {
        String name = roleNames.get(roleCode);
        if (name == null) {
            throw new IllegalStateException("role name not loaded");
        }
        return name;
    }
}
