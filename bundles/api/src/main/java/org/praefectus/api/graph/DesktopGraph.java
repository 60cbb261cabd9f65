package org.praefectus.api.graph;

import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.executor.CancellationToken;

/**
 * The desktop graph memory (PeekabooX's {@code MemoryStore} with its {@code SemanticDesktopGraph}): snapshots of the
 * desktop state as nodes and edges, persisted, queried, invalidated by desktop events (the platform's AT-SPI changes
 * among them) and refreshed from the platform's desktop service. Never stores typed text, element values or
 * password field contents.
 */
@ProviderType
public interface DesktopGraph {

    /**
     * Stores {@code state} as a new snapshot, which becomes the latest and makes the graph fresh.
     *
     * @param snapshotId the snapshot's id, or {@code null} for a new one
     * @throws GraphException {@code invalid_query} for an id already stored, {@code graph_unavailable}
     */
    GraphSnapshot ingest(DesktopState state, String snapshotId) throws GraphException;

    /**
     * Samples the desktop service's state (every element of the active window) and ingests it.
     *
     * @throws GraphException {@code desktop_unavailable} without a desktop service or when it cannot read the
     *                        desktop, {@code graph_unavailable}
     */
    GraphSnapshot refresh(String snapshotId, CancellationToken cancellation) throws GraphException;

    /** The latest snapshot, if any. */
    Optional<GraphSnapshot> latest() throws GraphException;

    /** Staleness, counts and the last event and invalidation. */
    GraphStatus status() throws GraphException;

    /**
     * The nodes that match; with {@link NodeQuery#refreshIfStale()} the desktop is sampled first when the graph is
     * stale or empty.
     *
     * @throws GraphException {@code invalid_query} for an unknown kind, {@code desktop_unavailable} when a refresh
     *                        was needed and failed
     */
    NodeMatches queryNodes(NodeQuery query, CancellationToken cancellation) throws GraphException;

    /** The edges that match. */
    List<GraphEdge> queryEdges(EdgeQuery query) throws GraphException;

    /**
     * Records an event: with {@code state} a new snapshot at the event's time, else an invalidation of the latest one.
     *
     * @throws GraphException {@code invalid_event} for an empty kind or source, {@code graph_unavailable}
     */
    GraphUpdate recordEvent(DesktopEvent event, DesktopState state) throws GraphException;

    /** Every kept snapshot as PeekabooX's graph JSON ({@code {"snapshots":[…]}}). */
    String exportJson() throws GraphException;

    /**
     * Replaces every snapshot with those of {@code json} (PeekabooX's graph JSON); the graph is fresh afterwards.
     *
     * @throws GraphException {@code invalid_graph} naming the first field that is wrong (nothing is replaced then)
     */
    void importJson(String json) throws GraphException;

    /**
     * Stores a value under a key (PeekabooX's {@code MemoryStore.put}).
     *
     * @throws GraphException {@code invalid_key} for an empty key
     */
    void put(String key, String value) throws GraphException;

    /** The value stored under {@code key}, if any. */
    Optional<String> get(String key) throws GraphException;
}
