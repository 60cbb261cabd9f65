package org.praefectus.workflow.graph;

import java.io.IOException;
import java.nio.file.Path;
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
 * 0700 folder), refreshed from the platform's {@link DesktopService} and invalidated by its {@link DesktopChanges}
 * for as long as this component is active (immediate: the daemon watches from its start to its end). A state folder
 * that cannot be made private leaves the service registered, answering {@code graph_unavailable}.
 */
@Component(service = DesktopGraph.class, immediate = true)
public final class DesktopGraphComponent implements DesktopGraph {

    static final String FILE = "graph.db";

    private final GraphMemory memory;
    private final GraphException unavailable;
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
    public DesktopGraphComponent() {
        GraphMemory opened = null;
        GraphException failure = null;
        try {
            Path folder = HostState.directory("graph");
            opened = GraphMemory.open(folder.resolve(FILE), () -> desktop, System::currentTimeMillis);
        } catch (IOException e) {
            failure = new GraphException("graph_unavailable", "the graph state folder is unusable");
        } catch (GraphException e) {
            failure = e;
        }
        this.memory = opened;
        this.unavailable = failure;
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    synchronized void bindChanges(DesktopChanges changes) {
        closeWatch();
        if (memory == null) {
            return;
        }
        try {
            watch = changes.subscribe(change -> {
                try {
                    events.execute(() -> {
                        try {
                            memory.changed(change);
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

    private GraphMemory memory() throws GraphException {
        if (memory == null) {
            throw unavailable;
        }
        return memory;
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
