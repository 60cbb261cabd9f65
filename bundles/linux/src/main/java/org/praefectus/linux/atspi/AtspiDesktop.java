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
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.linux.proc.ProcessGeneration;

/**
 * Reads the accessible desktop in pipelined waves: the registry's applications; each application's
 * process and whole cached tree (two calls per application, all in flight at once); the rows and cells the cache
 * leaves out only when asked ({@link #withManagedDescendants}); then, for the objects
 * an observation needs, screen extents (of showing objects) and action names (all in flight at once). Role
 * names are asked
 * once per role number and remembered: they are fixed strings of the AT-SPI specification.
 */
public final class AtspiDesktop {

    /** Most applications and top-level windows considered, as the reference bounds them. */
    static final int MAX_APPLICATIONS = 64;

    static final int MAX_WINDOWS = 512;

    private final AtspiBus bus;
    /** Most bus names whose process is remembered; the map is emptied when full (entries are only a shortcut). */
    static final int MAX_REMEMBERED_PROCESSES = 1_024;

    private final Map<Integer, String> roleNames = new ConcurrentHashMap<>();
    private final Map<String, Long> processIds = new ConcurrentHashMap<>();

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
        List<ObjectRef> references = bus.applications().await(cancellation, deadlineAtMs);
        Set<String> busNames = new LinkedHashSet<>();
        for (ObjectRef reference : references) {
            AtspiObject application = reference.toObject();
            if (application.valid()
                    && !application.isNull()
                    && !application.busName().equals(bus.uniqueName())) {
                busNames.add(application.busName());
            }
        }
        if (busNames.size() > MAX_APPLICATIONS) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "too many accessible applications");
        }
        Map<String, PendingCall<Long>> processes = new LinkedHashMap<>();
        Map<String, PendingCall<List<CacheItem>>> trees = new HashMap<>();
        for (String busName : busNames) {
            processes.put(busName, processId(busName));
            trees.put(busName, bus.cacheItems(busName));
        }
        List<ApplicationTree> applications = new ArrayList<>();
        for (String busName : busNames) {
            Optional<ApplicationTree> tree =
                    collect(busName, processes.get(busName), trees.get(busName), cancellation, deadlineAtMs);
            tree.ifPresent(applications::add);
        }
        return applications;
    }

    /** One application's tree, read now; empty when it has gone. */
    public Optional<ApplicationTree> application(String busName, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return request(busName).collect(cancellation, deadlineAtMs);
    }

    /** One application's tree, requested now and collected later, so the read can share a wave with others. */
    public PendingTree request(String busName) {
        return new PendingTree(busName, processId(busName), bus.cacheItems(busName));
    }

    /**
     * The process behind a unique bus name, as the bus daemon reported it. Asked once per name: a unique name
     * is never reused and belongs to one connection for its whole life, so the answer cannot change; whether
     * that process is still the same one is decided by its generation, read from /proc at every collection.
     */
    private PendingCall<Long> processId(String busName) {
        Long known = processIds.get(busName);
        if (known != null) {
            return PendingCall.known(known);
        }
        return bus.processId(busName).map(processId -> {
            if (processIds.size() >= MAX_REMEMBERED_PROCESSES) {
                processIds.clear();
            }
            processIds.put(busName, processId);
            return processId;
        });
    }

    /** A requested application tree. */
    public final class PendingTree {
        private final String busName;
        private final PendingCall<Long> process;
        private final PendingCall<List<CacheItem>> items;

        private PendingTree(String busName, PendingCall<Long> process, PendingCall<List<CacheItem>> items) {
            this.busName = busName;
            this.process = process;
            this.items = items;
        }

        /** The tree, or empty when the application has gone. */
        public Optional<ApplicationTree> collect(CancellationToken cancellation, long deadlineAtMs)
                throws ExecutorException {
            return AtspiDesktop.this.collect(busName, process, items, cancellation, deadlineAtMs);
        }

        /** The tree with its lists' and tables' rows and cells ({@link #withManagedDescendants}), or empty. */
        public Optional<ApplicationTree> collectWithManagedDescendants(
                CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
            Optional<ApplicationTree> tree = collect(cancellation, deadlineAtMs);
            return tree.isEmpty() ? tree : Optional.of(withManagedDescendants(tree.get(), cancellation, deadlineAtMs));
        }
    }

    private Optional<ApplicationTree> collect(
            String busName,
            PendingCall<Long> process,
            PendingCall<List<CacheItem>> items,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        long processId;
        List<CacheItem> cached;
        try {
            processId = process.await(cancellation, deadlineAtMs);
            cached = items.await(cancellation, deadlineAtMs);
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

    /**
     * The tree with the rows and cells of its showing lists and tables ({@link ManagedDescendants}), read one child
     * at a time: only what a caller looks into needs them (an observation, a selector, an item chosen by name), never
     * a listing of windows, a fence or a context sample, which read the target and its identity.
     */
    public ApplicationTree withManagedDescendants(
            ApplicationTree tree, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return tree.plus(ManagedDescendants.read(bus, tree.nodes().values(), cancellation, deadlineAtMs));
    }

    /** The visible top-level windows of these applications, with their bounds and identities. */
    public List<SurfaceWindow> windows(
            List<ApplicationTree> applications, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
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
            windows.add(SurfaceWindow.of(
                    owners.get(window),
                    window,
                    roleName(window.roleCode()),
                    details.get(window.object()).bounds()));
        }
        return windows;
    }

    /**
     * Extents of the showing objects (and, when asked, action names) of many objects, all requested before
     * any reply is awaited; also learns the role names not seen before.
     */
    public Map<AtspiObject, NodeDetails> details(
            Collection<AccessibleNode> nodes, boolean withActions, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return requestDetails(nodes, withActions)
                .collect(nodes, cancellation, deadlineAtMs)
                .orElseThrow(() -> new IllegalStateException("details were requested for these nodes"));
    }

    /** Requests the details of these objects now, to be collected later (possibly for other objects). */
    public PendingDetails requestDetails(Collection<AccessibleNode> nodes, boolean withActions) {
        return new PendingDetails(bus, roleNames, nodes, withActions);
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
