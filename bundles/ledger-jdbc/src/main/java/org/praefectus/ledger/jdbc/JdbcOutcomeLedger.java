package org.praefectus.ledger.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.engine.OutcomeLedgerException;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.ledger.jdbc.api.FleetLedger;
import org.praefectus.ledger.jdbc.api.LedgerState;

/**
 * An {@link OutcomeLedger} in PostgreSQL shared by every engine host of a fleet.
 *
 * <p>{@link #begin} is one {@code INSERT … ON CONFLICT DO NOTHING} on the operation's primary key: exactly
 * one host in the fleet inserts the row and dispatches; every other host reads the row and gets the
 * recorded terminal or, while the row has none, {@code Interrupted} ({@code outcome_unknown}, never a
 * second dispatch). Each claim carries a random token; only the claimant writes the real terminal. Any
 * host may mark an open claim {@code outcome_unknown} (the engine records that for an interrupted claim), and
 * the claimant's own terminal still replaces that mark when it arrives.
 *
 * <p>When the database cannot be reached after a claim, the claimant keeps the terminal and writes it when
 * the database answers again (every {@code retryInterval}); until then every other host answers
 * {@code outcome_unknown}.
 */
public final class JdbcOutcomeLedger implements OutcomeLedger, FleetLedger, AutoCloseable {

    private static final String CLAIM = "INSERT INTO praefectus_outcomes (operation_id, action_hash, claim_token, "
            + "claimed_by) VALUES (?, ?, ?, ?) ON CONFLICT (operation_id) DO NOTHING";
    private static final String READ =
            "SELECT action_hash, terminal_ack FROM praefectus_outcomes WHERE operation_id = ?";
    private static final String RECORD_AS_CLAIMANT = "UPDATE praefectus_outcomes SET terminal_kind = ?, "
            + "terminal_ack = ?, recorded_by = ?, recorded_at = now() "
            + "WHERE operation_id = ? AND action_hash = ? AND claim_token = ?";
    private static final String RECORD_UNKNOWN = "UPDATE praefectus_outcomes SET terminal_kind = ?, "
            + "terminal_ack = ?, recorded_by = ?, recorded_at = now() "
            + "WHERE operation_id = ? AND action_hash = ? AND terminal_ack IS NULL";
    // after a begin whose answer was lost: the claim row with this host's terminal, whichever of this and
    // the lost INSERT reaches the database first
    private static final String RECORD_UNCERTAIN = "INSERT INTO praefectus_outcomes (operation_id, action_hash, "
            + "claim_token, claimed_by, terminal_kind, terminal_ack, recorded_by, recorded_at) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, now()) ON CONFLICT (operation_id) DO UPDATE SET "
            + "terminal_kind = EXCLUDED.terminal_kind, terminal_ack = EXCLUDED.terminal_ack, "
            + "recorded_by = EXCLUDED.recorded_by, recorded_at = now() "
            + "WHERE praefectus_outcomes.claim_token = EXCLUDED.claim_token";
    private static final String SEEN = "INSERT INTO praefectus_hosts (host_id, started_at, last_seen) "
            + "VALUES (?, now(), now()) ON CONFLICT (host_id) DO UPDATE SET last_seen = now()";

    private final DataSource dataSource;
    private final String hostId;
    // claims this instance made (the token is in the row) or may have made (the INSERT's answer was lost)
    private final Map<OutcomeKey, Claim> claims = new ConcurrentHashMap<>();
    private final Map<OutcomeKey, PendingTerminal> pending = new ConcurrentHashMap<>();
    private final ScheduledExecutorService retry;
    private volatile int schemaVersion;
    private volatile long lastSeenMs;

    private static final long SEEN_INTERVAL_MS = 5_000;

    /** A claim token; {@code confirmed}: the INSERT's answer arrived, so the row is this host's. */
    private record Claim(UUID token, boolean confirmed) {}

    private record PendingTerminal(Claim claim, Terminal terminal) {}

    /**
     * @param dataSource    a pooled data source on the fleet's database
     * @param hostId        this engine host's name in the ledger (claimed_by, recorded_by, the fleet view)
     * @param retryInterval how often terminals that could not be written are tried again
     */
    public JdbcOutcomeLedger(DataSource dataSource, String hostId, Duration retryInterval) {
        this.dataSource = requireNonNull(dataSource, "dataSource");
        this.hostId = requireNonNull(hostId, "hostId");
        if (hostId.isEmpty()) {
            throw new IllegalArgumentException("hostId is required");
        }
        long intervalMs = Math.max(1, retryInterval.toMillis());
        this.retry = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "praefectus-ledger-jdbc-retry");
            thread.setDaemon(true);
            return thread;
        });
        // no need to keep the future: close() ends the schedule with the executor, and writePending catches
        var unused = retry.scheduleWithFixedDelay(this::writePending, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public OutcomeDecision begin(OutcomeKey key) throws OutcomeLedgerException {
        requireNonNull(key, "key");
        Claim uncertain = new Claim(UUID.randomUUID(), false);
        UUID token = uncertain.token();
        // remembered before the INSERT: if its answer is lost, the engine's record still finds this claim
        Claim held = claims.putIfAbsent(key, uncertain);
        try (Connection connection = connection()) {
            if (held != null) {
                // this host holds the claim already (a retry, or a second thread): never a second dispatch
                return existing(connection, key, true);
            }
            try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
                claim.setString(1, key.operationId());
                claim.setString(2, key.actionHash());
                claim.setObject(3, token);
                claim.setString(4, hostId);
                if (claim.executeUpdate() == 1) {
                    claims.replace(key, uncertain, new Claim(token, true));
                    seenAtMost(connection);
                    return new OutcomeDecision.Dispatch();
                }
            }
            claims.remove(key, uncertain);
            return existing(connection, key, false);
        } catch (SQLException e) {
            throw new OutcomeLedgerException("outcome ledger database is unreachable", e);
        }
    }

    /** The decision for a claim someone holds; {@code ownInFlight}: this host's claim may not be committed yet. */
    private OutcomeDecision existing(Connection connection, OutcomeKey key, boolean ownInFlight)
            throws SQLException, OutcomeLedgerException {
        try (PreparedStatement read = connection.prepareStatement(READ)) {
            read.setString(1, key.operationId());
            try (ResultSet row = read.executeQuery()) {
                if (!row.next()) {
                    if (ownInFlight) {
                        return new OutcomeDecision.Interrupted();
                    }
                    throw new OutcomeLedgerException("operation row vanished during its claim", null);
                }
                if (!key.actionHash().equals(row.getString(1))) {
                    // the SPI has no conflict decision: refusing to answer keeps the engine from dispatching
                    throw new OutcomeLedgerException("operation conflict: the ledger holds another action", null);
                }
                String ack = row.getString(2);
                if (ack == null) {
                    return new OutcomeDecision.Interrupted();
                }
                return new OutcomeDecision.Recorded(TerminalAcks.decode(ack));
            }
        } catch (ProtocolException e) {
            throw new OutcomeLedgerException("stored terminal is unreadable", e);
        }
    }

    @Override
    public void record(OutcomeKey key, Terminal terminal) throws OutcomeLedgerException {
        requireNonNull(key, "key");
        requireNonNull(terminal, "terminal");
        Claim claim = claims.remove(key);
        try {
            if (claim != null && write(key, claim, terminal)) {
                return;
            }
            if (terminal instanceof Terminal.OutcomeUnknown) {
                writeUnknown(key, terminal);
            }
            // any other terminal for a claim this host does not hold is not this host's to write
        } catch (SQLException e) {
            if (claim != null) {
                pending.put(key, new PendingTerminal(claim, terminal));
                throw new OutcomeLedgerException(
                        "outcome ledger database is unreachable: the terminal is written when it returns", e);
            }
            throw new OutcomeLedgerException("outcome ledger database is unreachable", e);
        }
    }

    private boolean write(OutcomeKey key, Claim claim, Terminal terminal) throws SQLException {
        if (!claim.confirmed()) {
            return writeUncertain(key, claim.token(), terminal);
        }
        try (Connection connection = connection();
                PreparedStatement update = connection.prepareStatement(RECORD_AS_CLAIMANT)) {
            bindTerminal(update, key, terminal);
            update.setObject(6, claim.token());
            return update.executeUpdate() == 1;
        }
    }

    // the leading parameters RECORD_AS_CLAIMANT and RECORD_UNKNOWN share: terminal, recorder, operation
    private void bindTerminal(PreparedStatement update, OutcomeKey key, Terminal terminal) throws SQLException {
        update.setString(1, terminal.kind());
        update.setString(2, TerminalAcks.encode(key, terminal));
        update.setString(3, hostId);
        update.setString(4, key.operationId());
        update.setString(5, key.actionHash());
    }

    /**
     * The INSERT of an unanswered begin may still reach the database (a link that comes back delivers it):
     * this host's terminal is written as the row whether that INSERT arrives before or after, so the
     * operation never stays an open claim that nobody dispatched. Another host's claim is left alone.
     */
    private boolean writeUncertain(OutcomeKey key, UUID token, Terminal terminal) throws SQLException {
        try (Connection connection = connection();
                PreparedStatement upsert = connection.prepareStatement(RECORD_UNCERTAIN)) {
            upsert.setString(1, key.operationId());
            upsert.setString(2, key.actionHash());
            upsert.setObject(3, token);
            upsert.setString(4, hostId);
            upsert.setString(5, terminal.kind());
            upsert.setString(6, TerminalAcks.encode(key, terminal));
            upsert.setString(7, hostId);
            return upsert.executeUpdate() == 1;
        }
    }

    private void writeUnknown(OutcomeKey key, Terminal terminal) throws SQLException {
        try (Connection connection = connection();
                PreparedStatement update = connection.prepareStatement(RECORD_UNKNOWN)) {
            bindTerminal(update, key, terminal);
            update.executeUpdate();
        }
    }

    /** Writes the terminals kept while the database was unreachable; those that still fail stay. */
    @SuppressWarnings("ModifyCollectionInEnhancedForLoop")
    void writePending() {
        // pending is a ConcurrentHashMap: iterating it never throws ConcurrentModificationException, and
        // remove(key, value) leaves a terminal kept again meanwhile for the next round
        for (Map.Entry<OutcomeKey, PendingTerminal> entry : pending.entrySet()) {
            PendingTerminal terminal = entry.getValue();
            try {
                write(entry.getKey(), terminal.claim(), terminal.terminal());
                pending.remove(entry.getKey(), terminal);
            } catch (SQLException | RuntimeException e) {
                return; // still unreachable: the next round tries again
            }
        }
    }

    /** Terminals this host holds until the database answers again. */
    @Override
    public int pendingTerminals() {
        return pending.size();
    }

    /** This host's name in the ledger. */
    @Override
    public String hostId() {
        return hostId;
    }

    @Override
    public LedgerState state() throws SQLException {
        try (Connection connection = connection()) {
            return LedgerStates.read(connection, schemaVersion, pending.size());
        }
    }

    /** The terminal recorded for an operation, if any (read from the database). */
    public Optional<Terminal> recorded(OutcomeKey key) throws SQLException, ProtocolException {
        try (Connection connection = connection();
                PreparedStatement read = connection.prepareStatement(READ)) {
            read.setString(1, key.operationId());
            try (ResultSet row = read.executeQuery()) {
                if (!row.next() || row.getString(2) == null) {
                    return Optional.empty();
                }
                return Optional.of(TerminalAcks.decode(row.getString(2)));
            }
        }
    }

    private Connection connection() throws SQLException {
        if (schemaVersion == 0) {
            migrate();
        }
        return dataSource.getConnection();
    }

    private synchronized void migrate() throws SQLException {
        if (schemaVersion == 0) {
            schemaVersion = SchemaMigrations.migrate(dataSource, SchemaMigrations.ALL);
        }
    }

    // the fleet view's last_seen: written with a claim at most every SEEN_INTERVAL_MS, not on every claim
    private void seenAtMost(Connection connection) {
        long now = System.currentTimeMillis();
        if (now - lastSeenMs < SEEN_INTERVAL_MS) {
            return;
        }
        lastSeenMs = now;
        try (PreparedStatement seen = connection.prepareStatement(SEEN)) {
            seen.setString(1, hostId);
            seen.executeUpdate();
        } catch (SQLException e) {
            lastSeenMs = 0; // the claim itself is committed; the fleet view catches up at the next claim
        }
    }

    /** Stops retrying after one last attempt; terminals still pending stay open claims (outcome_unknown). */
    @Override
    public void close() {
        retry.shutdownNow();
        writePending();
    }
}
