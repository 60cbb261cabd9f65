package org.praefectus.workflow.graph;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.praefectus.api.desktop.DesktopChange;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.graph.EdgeQuery;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphInvalidation;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.graph.GraphStatus;
import org.praefectus.api.graph.GraphUpdate;
import org.praefectus.api.graph.NodeMatches;
import org.praefectus.api.graph.NodeQuery;

/**
 * The desktop graph over one SQLite file: every change is committed there first, and the kept snapshots are held in
 * memory for queries, read again whenever another process (the CLI beside the daemon) committed. The newest
 * {@value #KEEP_SNAPSHOTS} snapshots and {@value #KEEP_EVENTS} events are kept.
 */
public final class GraphMemory implements DesktopGraph, AutoCloseable {

    static final int KEEP_SNAPSHOTS = 32;
    static final int KEEP_EVENTS = 10_000;

    /** AT-SPI window events that change which windows there are or which is active. */
    private static final Set<String> WINDOW_CHANGES =
            Set.of("Activate", "Deactivate", "Create", "Destroy", "Close", "Minimize", "Maximize", "Restore");

    private final GraphStore store;
    private final Supplier<DesktopService> desktop;
    private final LongSupplier clock;
    private long version = Long.MIN_VALUE;
    private GraphStore.Loaded state;
    /** Each kept snapshot's containment index, by identity (snapshots never change; the map goes with the state). */
    private IdentityHashMap<GraphSnapshot, Map<String, Set<String>>> containment = new IdentityHashMap<>();

    private GraphMemory(GraphStore store, Supplier<DesktopService> desktop, LongSupplier clock) {
        this.store = store;
        this.desktop = desktop;
        this.clock = clock;
    }

    /**
     * The graph in {@code file} (created 0600 when missing; its folder must exist and be private).
     *
     * @param desktop the desktop service to sample on refresh, or a supplier of {@code null} when there is none
     */
    public static GraphMemory open(Path file, Supplier<DesktopService> desktop, LongSupplier clock)
            throws GraphException {
        return new GraphMemory(GraphStore.open(file), desktop, clock);
    }

    @Override
    public synchronized GraphSnapshot ingest(DesktopState state, String snapshotId) throws GraphException {
        if (state == null) {
            throw new GraphException("invalid_query", "a desktop state is required");
        }
        return store(state, snapshotId, clock.getAsLong());
    }

    @Override
    public GraphSnapshot refresh(String snapshotId, CancellationToken cancellation) throws GraphException {
        DesktopState state = sample(cancellation);
        return ingest(state, snapshotId);
    }

    @Override
    public synchronized Optional<GraphSnapshot> latest() throws GraphException {
        List<GraphSnapshot> snapshots = current().snapshots();
        return snapshots.isEmpty() ? Optional.empty() : Optional.of(snapshots.get(snapshots.size() - 1));
    }

    @Override
    public synchronized GraphStatus status() throws GraphException {
        GraphStore.Loaded now = current();
        long nodes = 0;
        long edges = 0;
        for (GraphSnapshot snapshot : now.snapshots()) {
            nodes += snapshot.nodes().size();
            edges += snapshot.edges().size();
        }
        List<GraphSnapshot> snapshots = now.snapshots();
        return new GraphStatus(
                stale(now),
                snapshots.isEmpty() ? null : snapshots.get(snapshots.size() - 1).id(),
                now.eventCount(),
                now.invalidationCount(),
                snapshots.size(),
                nodes,
                edges,
                now.lastEvent(),
                now.lastInvalidation());
    }

    @Override
    public NodeMatches queryNodes(NodeQuery query, CancellationToken cancellation) throws GraphException {
        GraphQueries.check(query);
        boolean refreshed = false;
        if (query.refreshIfStale()) {
            boolean needed;
            synchronized (this) {
                needed = stale(current());
            }
            if (needed) {
                refresh(null, cancellation);
                refreshed = true;
            }
        }
        synchronized (this) {
            GraphStore.Loaded now = current();
            List<GraphSnapshot> snapshots = now.snapshots();
            return new NodeMatches(
                    GraphQueries.nodes(
                            snapshots,
                            query,
                            snapshot -> containment.computeIfAbsent(snapshot, GraphQueries::containment)),
                    snapshots.isEmpty()
                            ? null
                            : snapshots.get(snapshots.size() - 1).id(),
                    refreshed,
                    stale(now));
        }
    }

    @Override
    public synchronized List<GraphEdge> queryEdges(EdgeQuery query) throws GraphException {
        return GraphQueries.edges(current().snapshots(), query);
    }

    @Override
    public synchronized GraphUpdate recordEvent(DesktopEvent event, DesktopState state) throws GraphException {
        if (event == null || event.kind() == null || event.kind().isBlank()) {
            throw new GraphException("invalid_event", "kind must not be empty");
        }
        if (event.source() == null || event.source().isBlank()) {
            throw new GraphException("invalid_event", "source must not be empty");
        }
        DesktopEvent stored = new DesktopEvent(
                event.kind(),
                event.source(),
                event.occurredAtUnixMs() > 0 ? event.occurredAtUnixMs() : clock.getAsLong(),
                event.targetId(),
                GraphJson.normalized(EventPayloads.storable(event.payload())));
        if (state != null) {
            GraphStore.Loaded before = current();
            store.saveEvent(stored, null, KEEP_EVENTS);
            committed(withEvent(before, stored, null));
            GraphSnapshot snapshot = store(state, null, stored.occurredAtUnixMs());
            return new GraphUpdate(stored, false, null, snapshot);
        }
        GraphStore.Loaded before = current();
        GraphInvalidation invalidation = Invalidations.of(latestOf(before), stored);
        store.saveEvent(stored, invalidation, KEEP_EVENTS);
        committed(withEvent(before, stored, invalidation));
        return new GraphUpdate(stored, true, invalidation, null);
    }

    /**
     * An AT-SPI change: an invalidation when the graph is fresh and the change is about one of the latest snapshot's
     * nodes or changes the windows; nothing otherwise (a stale graph stays stale, and an object never ingested
     * changes nothing the graph holds), so a busy desktop writes one row per snapshot, not one per event.
     */
    public synchronized void changed(DesktopChange change) throws GraphException {
        GraphStore.Loaded now = current();
        GraphSnapshot latest = latestOf(now);
        if (latest == null || stale(now)) {
            return;
        }
        DesktopEvent event = new DesktopEvent(change.kind(), "at-spi", clock.getAsLong(), change.objectId(), null);
        if (WINDOW_CHANGES.contains(change.kind()) || Invalidations.touches(latest, event)) {
            GraphInvalidation invalidation = Invalidations.of(latest, event);
            store.saveEvent(event, invalidation, KEEP_EVENTS);
            committed(withEvent(now, event, invalidation));
        }
    }

    @Override
    public synchronized String exportJson() throws GraphException {
        return GraphJson.write(current().snapshots());
    }

    @Override
    public synchronized void importJson(String json) throws GraphException {
        if (json == null) {
            throw new GraphException("invalid_graph", "the document is required");
        }
        List<GraphSnapshot> snapshots = GraphJson.read(json);
        if (snapshots.size() > KEEP_SNAPSHOTS) {
            snapshots = snapshots.subList(snapshots.size() - KEEP_SNAPSHOTS, snapshots.size());
        }
        GraphStore.Loaded before = current();
        store.replaceSnapshots(snapshots);
        committed(new GraphStore.Loaded(
                List.copyOf(snapshots),
                false,
                before.eventCount(),
                before.invalidationCount(),
                before.lastEvent(),
                before.lastInvalidation()));
    }

    @Override
    public void put(String key, String value) throws GraphException {
        if (key == null || key.isEmpty()) {
            throw new GraphException("invalid_key", "memory key must not be empty");
        }
        if (value == null) {
            throw new GraphException("invalid_key", "a value is required");
        }
        store.putValue(key, value, clock.getAsLong());
    }

    @Override
    public Optional<String> get(String key) throws GraphException {
        if (key == null || key.isEmpty()) {
            throw new GraphException("invalid_key", "memory key must not be empty");
        }
        return store.value(key);
    }

    @Override
    public void close() {
        store.close();
    }

    private DesktopState sample(CancellationToken cancellation) throws GraphException {
        DesktopService service = desktop.get();
        if (service == null) {
            throw new GraphException("desktop_unavailable", "no desktop service runs on this platform");
        }
        try {
            return service.desktopState(0, cancellation);
        } catch (DesktopException e) {
            throw new GraphException("desktop_unavailable", "the desktop state cannot be read: " + e.code());
        }
    }

    private GraphSnapshot store(DesktopState state, String snapshotId, long capturedAt) throws GraphException {
        List<GraphSnapshot> snapshots = current().snapshots();
        String id = snapshotId;
        if (id == null) {
            Set<String> taken = new HashSet<>();
            snapshots.forEach(snapshot -> taken.add(snapshot.id()));
            int n = snapshots.size();
            do {
                id = "snapshot:" + capturedAt + ":" + n++;
            } while (taken.contains(id));
        } else if (id.isBlank() || !id.startsWith("snapshot:")) {
            throw new GraphException("invalid_query", "a snapshot id starts with snapshot:");
        } else if (store.hasSnapshot(id)) {
            throw new GraphException("invalid_query", "that snapshot id is stored already");
        }
        GraphSnapshot snapshot = SnapshotBuilder.build(state, id, capturedAt);
        GraphStore.Loaded before = current();
        store.saveSnapshot(snapshot, KEEP_SNAPSHOTS);
        committed(withSnapshot(before, snapshot));
        return snapshot;
    }

    /** The stored graph, read again when another connection committed since this one last read or wrote. */
    private GraphStore.Loaded current() throws GraphException {
        long now = store.version();
        if (state == null || now != version) {
            state = store.load();
            version = now;
            containment = new IdentityHashMap<>();
        }
        return state;
    }

    /**
     * What this connection just committed, applied to the graph in memory ({@code data_version} does not move for a
     * connection's own commits, so the next read reloads only when someone else wrote in between).
     */
    private void committed(GraphStore.Loaded after) {
        state = after;
        IdentityHashMap<GraphSnapshot, Map<String, Set<String>>> kept = new IdentityHashMap<>();
        for (GraphSnapshot snapshot : after.snapshots()) {
            Map<String, Set<String>> index = containment.get(snapshot);
            if (index != null) {
                kept.put(snapshot, index);
            }
        }
        containment = kept;
    }

    private static GraphStore.Loaded withSnapshot(GraphStore.Loaded before, GraphSnapshot snapshot) {
        List<GraphSnapshot> snapshots = new ArrayList<>(before.snapshots());
        snapshots.add(snapshot);
        if (snapshots.size() > KEEP_SNAPSHOTS) {
            snapshots = snapshots.subList(snapshots.size() - KEEP_SNAPSHOTS, snapshots.size());
        }
        return new GraphStore.Loaded(
                List.copyOf(snapshots),
                false,
                before.eventCount(),
                before.invalidationCount(),
                before.lastEvent(),
                before.lastInvalidation());
    }

    private static GraphStore.Loaded withEvent(
            GraphStore.Loaded before, DesktopEvent event, GraphInvalidation invalidation) {
        return new GraphStore.Loaded(
                before.snapshots(),
                invalidation != null || before.stale(),
                Math.min(KEEP_EVENTS, before.eventCount() + 1),
                before.invalidationCount() + (invalidation == null ? 0 : 1),
                event,
                invalidation == null ? before.lastInvalidation() : invalidation);
    }

    private static GraphSnapshot latestOf(GraphStore.Loaded loaded) {
        List<GraphSnapshot> snapshots = loaded.snapshots();
        return snapshots.isEmpty() ? null : snapshots.get(snapshots.size() - 1);
    }

    /** A graph without a snapshot is stale: there is nothing fresh to answer from. */
    private static boolean stale(GraphStore.Loaded loaded) {
        return loaded.stale() || loaded.snapshots().isEmpty();
    }

    /** Test and benchmark code: the snapshots held in memory. */
    List<GraphSnapshot> snapshots() throws GraphException {
        synchronized (this) {
            return new ArrayList<>(current().snapshots());
        }
    }
}
