package org.praefectus.workflow.graph;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.graph.DesktopEvent;
import org.praefectus.api.graph.GraphEdge;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphInvalidation;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.GraphSnapshot;
import org.praefectus.api.protocol.Rect;
import org.sqlite.SQLiteConfig;

/**
 * The graph's SQLite file (xerial sqlite-jdbc), in PeekabooX's normalized tables: {@code desktop_graph_snapshots},
 * {@code desktop_graph_nodes}, {@code desktop_graph_edges}, {@code desktop_state_events},
 * {@code desktop_graph_invalidations}, plus {@code memory_values} (key/value memory) and {@code memory_metadata}
 * (staleness). The file is created 0600 (SQLite gives its WAL the same mode) in a folder the caller made 0700. One
 * connection, used under this object's lock; other processes see each commit ({@link #version()} tells a reader
 * when another connection wrote).
 */
final class GraphStore implements AutoCloseable {

    private static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");

    private final Connection connection;

    private GraphStore(Connection connection) {
        this.connection = connection;
    }

    static GraphStore open(Path file) throws GraphException {
        try {
            if (Files.isSymbolicLink(file)) {
                throw new GraphException("graph_unavailable", "the graph database is a symbolic link");
            }
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PRIVATE_FILE));
            } catch (FileAlreadyExistsException exists) {
                if (!Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS)
                        .equals(PRIVATE_FILE)) {
                    Files.setPosixFilePermissions(file, PRIVATE_FILE);
                }
            }
        } catch (IOException e) {
            throw new GraphException("graph_unavailable", "the graph database cannot be created");
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        config.setBusyTimeout(10_000);
        try {
            Connection connection = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
            GraphStore store = new GraphStore(connection);
            store.schema();
            return store;
        } catch (SQLException e) {
            throw unavailable();
        }
    }

    private void schema() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE IF NOT EXISTS memory_values (key TEXT PRIMARY KEY,"
                    + " value TEXT NOT NULL, updated_at_unix_ms INTEGER NOT NULL)");
            statement.executeUpdate(
                    "CREATE TABLE IF NOT EXISTS memory_metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
            statement.executeUpdate("CREATE TABLE IF NOT EXISTS desktop_graph_snapshots ("
                    + " seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,"
                    + " captured_at_unix_ms INTEGER NOT NULL, active_window_id TEXT)");
            statement.executeUpdate("CREATE TABLE IF NOT EXISTS desktop_graph_nodes ("
                    + " snapshot_id TEXT NOT NULL REFERENCES desktop_graph_snapshots(id) ON DELETE CASCADE,"
                    + " node_index INTEGER NOT NULL, node_id TEXT NOT NULL, kind TEXT NOT NULL, label TEXT, role TEXT,"
                    + " x INTEGER, y INTEGER, width INTEGER, height INTEGER, attributes_json TEXT NOT NULL,"
                    + " PRIMARY KEY (snapshot_id, node_id))");
            statement.executeUpdate("CREATE TABLE IF NOT EXISTS desktop_graph_edges ("
                    + " snapshot_id TEXT NOT NULL REFERENCES desktop_graph_snapshots(id) ON DELETE CASCADE,"
                    + " edge_index INTEGER NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL, kind TEXT NOT NULL,"
                    + " attributes_json TEXT NOT NULL, PRIMARY KEY (snapshot_id, edge_index))");
            statement.executeUpdate("CREATE TABLE IF NOT EXISTS desktop_state_events ("
                    + " event_index INTEGER PRIMARY KEY AUTOINCREMENT, occurred_at_unix_ms INTEGER NOT NULL,"
                    + " source TEXT NOT NULL, kind TEXT NOT NULL, target_id TEXT, payload_json TEXT NOT NULL)");
            statement.executeUpdate("CREATE TABLE IF NOT EXISTS desktop_graph_invalidations ("
                    + " invalidation_index INTEGER PRIMARY KEY AUTOINCREMENT,"
                    + " event_index INTEGER NOT NULL REFERENCES desktop_state_events(event_index) ON DELETE CASCADE,"
                    + " invalidated_snapshot_id TEXT, reason TEXT NOT NULL, affected_node_ids_json TEXT NOT NULL,"
                    + " requires_refresh INTEGER NOT NULL)");
            statement.executeUpdate("CREATE INDEX IF NOT EXISTS idx_desktop_graph_nodes_lookup"
                    + " ON desktop_graph_nodes(kind, role, label)");
            statement.executeUpdate("CREATE INDEX IF NOT EXISTS idx_desktop_graph_edges_lookup"
                    + " ON desktop_graph_edges(source, target, kind)");
            statement.executeUpdate("CREATE INDEX IF NOT EXISTS idx_desktop_state_events_lookup"
                    + " ON desktop_state_events(source, kind, occurred_at_unix_ms)");
        }
    }

    /** SQLite's {@code data_version}: changes when another connection committed since this one last read. */
    synchronized long version() throws GraphException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("PRAGMA data_version")) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw unavailable();
        }
    }

    /** Stores {@code snapshot}, keeps the newest {@code keep} snapshots and marks the graph fresh, in one commit. */
    synchronized void saveSnapshot(GraphSnapshot snapshot, int keep) throws GraphException {
        inTransaction(() -> {
            insertSnapshot(snapshot);
            try (PreparedStatement prune = connection.prepareStatement("DELETE FROM desktop_graph_snapshots WHERE seq"
                    + " NOT IN (SELECT seq FROM desktop_graph_snapshots ORDER BY seq DESC LIMIT ?)")) {
                prune.setInt(1, keep);
                prune.executeUpdate();
            }
            putMetadata("desktop_graph_stale", "false");
        });
    }

    /** Replaces every snapshot with {@code snapshots} and marks the graph fresh, in one commit. */
    synchronized void replaceSnapshots(List<GraphSnapshot> snapshots) throws GraphException {
        inTransaction(() -> {
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate("DELETE FROM desktop_graph_snapshots");
            }
            for (GraphSnapshot snapshot : snapshots) {
                insertSnapshot(snapshot);
            }
            putMetadata("desktop_graph_stale", "false");
        });
    }

    boolean hasSnapshot(String id) throws GraphException {
        synchronized (this) {
            try (PreparedStatement query =
                    connection.prepareStatement("SELECT 1 FROM desktop_graph_snapshots WHERE id = ?")) {
                query.setString(1, id);
                try (ResultSet rows = query.executeQuery()) {
                    return rows.next();
                }
            } catch (SQLException e) {
                throw unavailable();
            }
        }
    }

    /** Stores an event and its invalidation (when there is one) and the staleness they leave, in one commit. */
    synchronized void saveEvent(DesktopEvent event, GraphInvalidation invalidation, int keepEvents)
            throws GraphException {
        inTransaction(() -> {
            long index;
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO desktop_state_events (occurred_at_unix_ms, source, kind, target_id, payload_json)"
                            + " VALUES (?, ?, ?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                insert.setLong(1, event.occurredAtUnixMs());
                insert.setString(2, event.source());
                insert.setString(3, event.kind());
                nullable(insert, 4, event.targetId());
                insert.setString(5, GraphJson.attributes(event.payload()));
                insert.executeUpdate();
                try (ResultSet keys = insert.getGeneratedKeys()) {
                    keys.next();
                    index = keys.getLong(1);
                }
            }
            if (invalidation != null) {
                try (PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO desktop_graph_invalidations (event_index, invalidated_snapshot_id, reason,"
                                + " affected_node_ids_json, requires_refresh) VALUES (?, ?, ?, ?, ?)")) {
                    insert.setLong(1, index);
                    nullable(insert, 2, invalidation.invalidatedSnapshotId());
                    insert.setString(3, invalidation.reason());
                    insert.setString(4, GraphJson.MAPPER.writeValueAsString(invalidation.affectedNodeIds()));
                    insert.setInt(5, invalidation.requiresRefresh() ? 1 : 0);
                    insert.executeUpdate();
                }
                putMetadata("desktop_graph_stale", "true");
            }
            try (PreparedStatement prune =
                    connection.prepareStatement("DELETE FROM desktop_state_events WHERE event_index <= ?")) {
                prune.setLong(1, index - keepEvents);
                prune.executeUpdate();
            }
        });
    }

    synchronized void putValue(String key, String value, long now) throws GraphException {
        inTransaction(() -> {
            try (PreparedStatement upsert = connection.prepareStatement(
                    "INSERT INTO memory_values (key, value, updated_at_unix_ms) VALUES (?, ?, ?) ON CONFLICT(key)"
                            + " DO UPDATE SET value = excluded.value, updated_at_unix_ms = excluded.updated_at_unix_ms")) {
                upsert.setString(1, key);
                upsert.setString(2, value);
                upsert.setLong(3, now);
                upsert.executeUpdate();
            }
        });
    }

    synchronized Optional<String> value(String key) throws GraphException {
        try (PreparedStatement query = connection.prepareStatement("SELECT value FROM memory_values WHERE key = ?")) {
            query.setString(1, key);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(rows.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw unavailable();
        }
    }

    /** Everything the graph holds in memory, read in one transaction. */
    synchronized Loaded load() throws GraphException {
        try {
            connection.setAutoCommit(false);
            try {
                Loaded loaded = new Loaded(
                        snapshots(),
                        "true".equals(metadata("desktop_graph_stale")),
                        count("SELECT count(*) FROM desktop_state_events"),
                        count("SELECT count(*) FROM desktop_graph_invalidations"),
                        lastEvent(),
                        lastInvalidation());
                connection.commit();
                return loaded;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw unavailable();
        }
    }

    /** The graph as stored. */
    record Loaded(
            List<GraphSnapshot> snapshots,
            boolean stale,
            long eventCount,
            long invalidationCount,
            DesktopEvent lastEvent,
            GraphInvalidation lastInvalidation) {}

    private List<GraphSnapshot> snapshots() throws SQLException, GraphException {
        Map<String, Object[]> heads = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT id, captured_at_unix_ms, active_window_id FROM desktop_graph_snapshots ORDER BY seq")) {
            while (rows.next()) {
                heads.put(rows.getString(1), new Object[] {rows.getLong(2), rows.getString(3)});
            }
        }
        Map<String, List<GraphNode>> nodes = new LinkedHashMap<>();
        Map<String, List<GraphEdge>> edges = new LinkedHashMap<>();
        for (String id : heads.keySet()) {
            nodes.put(id, new ArrayList<>());
            edges.put(id, new ArrayList<>());
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT snapshot_id, node_id, kind, label, role, x, y, width, height, attributes_json"
                                + " FROM desktop_graph_nodes ORDER BY snapshot_id, node_index")) {
            while (rows.next()) {
                List<GraphNode> list = nodes.get(rows.getString(1));
                if (list == null) {
                    continue;
                }
                long x = rows.getLong(6);
                Rect bounds = rows.wasNull() ? null : new Rect(x, rows.getLong(7), rows.getLong(8), rows.getLong(9));
                list.add(new GraphNode(
                        rows.getString(2),
                        rows.getString(3),
                        rows.getString(4),
                        rows.getString(5),
                        bounds,
                        GraphJson.attributes(rows.getString(10))));
            }
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT snapshot_id, source, target, kind, attributes_json"
                        + " FROM desktop_graph_edges ORDER BY snapshot_id, edge_index")) {
            while (rows.next()) {
                List<GraphEdge> list = edges.get(rows.getString(1));
                if (list == null) {
                    continue;
                }
                String attributes = rows.getString(5);
                list.add(new GraphEdge(
                        rows.getString(2),
                        rows.getString(3),
                        rows.getString(4),
                        attributes.equals("{}") ? Map.of() : GraphJson.attributes(attributes)));
            }
        }
        List<GraphSnapshot> snapshots = new ArrayList<>();
        for (Map.Entry<String, Object[]> head : heads.entrySet()) {
            snapshots.add(new GraphSnapshot(
                    head.getKey(),
                    (Long) head.getValue()[0],
                    (String) head.getValue()[1],
                    nodes.get(head.getKey()),
                    edges.get(head.getKey())));
        }
        return snapshots;
    }

    private DesktopEvent lastEvent() throws SQLException, GraphException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT kind, source, occurred_at_unix_ms, target_id,"
                        + " payload_json FROM desktop_state_events ORDER BY event_index DESC LIMIT 1")) {
            return rows.next() ? event(rows) : null;
        }
    }

    private GraphInvalidation lastInvalidation() throws SQLException, GraphException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT e.kind, e.source, e.occurred_at_unix_ms, e.target_id,"
                        + " e.payload_json, i.invalidated_snapshot_id, i.affected_node_ids_json, i.reason,"
                        + " i.requires_refresh FROM desktop_graph_invalidations i JOIN desktop_state_events e"
                        + " ON e.event_index = i.event_index ORDER BY i.invalidation_index DESC LIMIT 1")) {
            if (!rows.next()) {
                return null;
            }
            List<String> affected;
            try {
                affected = List.of(GraphJson.MAPPER.readValue(rows.getString(7), String[].class));
            } catch (IOException e) {
                throw new GraphException("graph_unavailable", "a stored invalidation is not JSON");
            }
            return new GraphInvalidation(
                    event(rows), rows.getString(6), affected, rows.getString(8), rows.getInt(9) != 0);
        }
    }

    private static DesktopEvent event(ResultSet rows) throws SQLException, GraphException {
        return new DesktopEvent(
                rows.getString(1),
                rows.getString(2),
                rows.getLong(3),
                rows.getString(4),
                GraphJson.attributes(rows.getString(5)));
    }

    private long count(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private String metadata(String key) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT value FROM memory_metadata WHERE key = ?")) {
            query.setString(1, key);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    private void putMetadata(String key, String value) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO memory_metadata (key, value)"
                + " VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")) {
            upsert.setString(1, key);
            upsert.setString(2, value);
            upsert.executeUpdate();
        }
    }

    private void insertSnapshot(GraphSnapshot snapshot) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO desktop_graph_snapshots (id, captured_at_unix_ms, active_window_id) VALUES (?, ?, ?)")) {
            insert.setString(1, snapshot.id());
            insert.setLong(2, snapshot.capturedAtUnixMs());
            nullable(insert, 3, snapshot.activeWindowId());
            insert.executeUpdate();
        }
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO desktop_graph_nodes (snapshot_id, node_index, node_id, kind, label, role, x, y, width,"
                        + " height, attributes_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int index = 0;
            for (GraphNode node : snapshot.nodes()) {
                insert.setString(1, snapshot.id());
                insert.setInt(2, index++);
                insert.setString(3, node.id());
                insert.setString(4, node.kind());
                nullable(insert, 5, node.label());
                nullable(insert, 6, node.role());
                Rect bounds = node.bounds();
                for (int i = 0; i < 4; i++) {
                    if (bounds == null) {
                        insert.setNull(7 + i, Types.INTEGER);
                    } else {
                        insert.setLong(
                                7 + i,
                                i == 0 ? bounds.x() : i == 1 ? bounds.y() : i == 2 ? bounds.width() : bounds.height());
                    }
                }
                insert.setString(11, GraphJson.attributes(node.attributes()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO desktop_graph_edges (snapshot_id,"
                + " edge_index, source, target, kind, attributes_json) VALUES (?, ?, ?, ?, ?, ?)")) {
            int index = 0;
            for (GraphEdge edge : snapshot.edges()) {
                insert.setString(1, snapshot.id());
                insert.setInt(2, index++);
                insert.setString(3, edge.source());
                insert.setString(4, edge.target());
                insert.setString(5, edge.kind());
                insert.setString(6, edge.attributes().isEmpty() ? "{}" : GraphJson.attributes(edge.attributes()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static void nullable(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, value);
        }
    }

    private interface Work {
        void run() throws SQLException, IOException;
    }

    private void inTransaction(Work work) throws GraphException {
        try {
            connection.setAutoCommit(false);
            try {
                work.run();
                connection.commit();
            } catch (SQLException | IOException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException | IOException e) {
            throw unavailable();
        }
    }

    private static GraphException unavailable() {
        return new GraphException("graph_unavailable", "the graph database cannot be read or written");
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing is best effort: the file is consistent after every commit
        }
    }
}
