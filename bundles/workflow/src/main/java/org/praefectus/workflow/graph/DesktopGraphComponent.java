package org.praefectus.workflow.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.desktop.DesktopChanges;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopState;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.graph.EdgeQuery;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.graph.GraphStatus;
import org.praefectus.api.graph.GraphUpdate;
import org.praefectus.api.graph.NodeMatches;
import org.praefectus.api.graph.NodeQuery;
import org.praefectus.api.host.HostState;

/**
 * The runtime's desktop graph: {@link GraphMemory} in {@code $XDG_STATE_HOME/praefectus/graph/graph.db} (0600 in a
 * 0700 folder, made at the first use of the graph: a command that never uses it writes nothing), refreshed from the
 * platform's {@link DesktopService} and invalidated by its {@link DesktopChanges} for as long as this component is
 * active (immediate: the daemon watches from its start to its end, a graph file of an earlier run included). A state folder
 * that cannot be made private leaves the service registered, answering {@code graph_unavailable}.
 */
@Component(service = DesktopGraph.class, immediate = true)
public final class DesktopGraphComponent implements DesktopGraph {

    static final String FILE = "graph.db";

    /** Opened at the first use (see {@link #memory()}): a command that never asks for the graph writes no file. */
    private GraphMemory memory;

    private GraphException unavailable;
    /** One thread: AT-SPI events are handed over here so the bus's signal thread never waits for SQLite. */
    private final ExecutorService events = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "praefectus-graph-events");
        thread.setDaemon(true);
        return thread;
    });

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile DesktopService desktop;

    private AutoCloseable watch;

    @Activate
    public DesktopGraphComponent() {}

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindChanges(DesktopChanges changes) {
        closeWatch();
        try {
            watch = changes.subscribe(change -> {
                try {
                    events.execute(() -> {
                        try {
                            GraphMemory kept = kept();
                            if (kept != null) {
                                kept.changed(change);
                            }
                        } catch (GraphException ignored) {
                            // the database is unusable; every call reports it
                        }
                    });
                } catch (RejectedExecutionException stopping) {
                    // deactivated while the bus still delivered
                }
            });
        } catch (DesktopException noEvents) {
            watch = null;
        }
    }

    synchronized void unbindChanges(DesktopChanges changes) {
        closeWatch();
    }

    @Deactivate
    synchronized void deactivate() {
        closeWatch();
        events.shutdownNow();
        if (memory != null) {
            memory.close();
            memory = null;
        }
    }

    private void closeWatch() {
        if (watch != null) {
            try {
                watch.close();
            } catch (Exception gone) {
                // the bus closed already
            }
            watch = null;
        }
    }

    /**
     * The graph, opened (and its folder and file made, private) at the first call; a folder that cannot be made
     * private answers {@code graph_unavailable} from then on.
     */
    private synchronized GraphMemory memory() throws GraphException {
        if (memory == null) {
            if (unavailable != null) {
                throw unavailable;
            }
            try {
                memory = GraphMemory.open(
                        HostState.directory("graph").resolve(FILE), () -> desktop, System::currentTimeMillis);
            } catch (IOException e) {
                unavailable = new GraphException("graph_unavailable", "the graph state folder is unusable");
                throw unavailable;
            } catch (GraphException e) {
                unavailable = e;
                throw e;
            }
        }
        return memory;
    }

    /**
     * The graph a change may invalidate: the open one, or the one a file of an earlier run holds (opened then);
     * {@code null} when there is none, so a desktop change alone never makes a file.
     */
    private synchronized GraphMemory kept() throws GraphException {
        if (memory == null && !Files.exists(HostState.root().resolve("graph").resolve(FILE))) {
            return null;
        }
        return memory();
    }

    @Override
    public GraphSnapshot ingest(DesktopState state, String snapshotId) throws GraphException {
        return memory().ingest(state, snapshotId);
    }

    @Override
    public GraphSnapshot refresh(String snapshotId, CancellationToken cancellation) throws GraphException {
        return memory().refresh(snapshotId, cancellation);
    }

    @Override
    public Optional<GraphSnapshot> latest() throws GraphException {
        return memory().latest();
    }

    @Override
    public GraphStatus status() throws GraphException {
        return memory().status();
    }

    @Override
    public NodeMatches queryNodes(NodeQuery query, CancellationToken cancellation) throws GraphException {
        return memory().queryNodes(query, cancellation);
    }

    @Override
    public List<GraphEdge> queryEdges(EdgeQuery query) throws GraphException {
        return memory().queryEdges(query);
    }

    @Override
    public GraphUpdate recordEvent(DesktopEvent event, DesktopState state) throws GraphException {
        return memory().recordEvent(event, state);
    }

    @Override
    public String exportJson() throws GraphException {
        return memory().exportJson();
    }

    @Override
    public void importJson(String json) throws GraphException {
        memory().importJson(json);
    }

    @Override
    public void put(String key, String value) throws GraphException {
        memory().put(key, value);
    }

    @Override
    public Optional<String> get(String key) throws GraphException {
        return memory().get(key);
    }
}
