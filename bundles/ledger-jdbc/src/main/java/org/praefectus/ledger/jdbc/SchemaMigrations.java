package org.praefectus.ledger.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;

/**
 * The ledger's schema, versioned: each migration runs once, in order, inside one transaction that holds a
 * PostgreSQL advisory lock, so hosts starting together migrate once and never see a half-made schema.
 */
final class SchemaMigrations {

    /** A numbered SQL script on the bundle's class path. */
    record Migration(int version, String description, String resource) {}

    /** Every migration this bundle knows, oldest first. */
    static final List<Migration> ALL = List.of(
            new Migration(1, "outcomes", "migrations/V1__outcomes.sql"),
            new Migration(2, "hosts", "migrations/V2__hosts.sql"));

    // an arbitrary constant that names this schema's migration lock among the database's advisory locks
    private static final long MIGRATION_LOCK = 0x7072_6165_6665_6374L;

    private SchemaMigrations() {}

    /**
     * Brings the schema to the newest of {@code migrations}.
     *
     * @return the schema version afterwards
     * @throws SQLException unreachable database, or a schema newer than these migrations
     */
    static int migrate(DataSource dataSource, List<Migration> migrations) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                int version = migrate(connection, migrations);
                connection.commit();
                return version;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        }
    }

    private static int migrate(Connection connection, List<Migration> migrations) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_advisory_xact_lock(" + MIGRATION_LOCK + ")");
            statement.execute("CREATE TABLE IF NOT EXISTS praefectus_schema ("
                    + "version integer PRIMARY KEY, description text NOT NULL, "
                    + "applied_at timestamptz NOT NULL DEFAULT now())");
        }
        int current = currentVersion(connection);
        int newest =
                migrations.isEmpty() ? 0 : migrations.get(migrations.size() - 1).version();
        if (current > newest) {
            throw new SQLException("the ledger schema is at version " + current + ", newer than this bundle's " + newest
                    + ": update the bundle");
        }
        for (Migration migration : migrations) {
            if (migration.version() <= current) {
                continue;
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute(script(migration));
            }
            try (PreparedStatement insert =
                    connection.prepareStatement("INSERT INTO praefectus_schema (version, description) VALUES (?, ?)")) {
                insert.setInt(1, migration.version());
                insert.setString(2, migration.description());
                insert.executeUpdate();
            }
            current = migration.version();
        }
        return current;
    }

    /** The applied version, 0 for an empty database. */
    static int currentVersion(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT coalesce(max(version), 0) FROM praefectus_schema")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static String script(Migration migration) {
        try (InputStream in = SchemaMigrations.class.getResourceAsStream(migration.resource())) {
            if (in == null) {
                throw new IllegalStateException("migration " + migration.resource() + " is missing from the bundle");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("migration " + migration.resource() + " cannot be read", e);
        }
    }
}
