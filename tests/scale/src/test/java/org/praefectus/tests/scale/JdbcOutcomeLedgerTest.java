package org.praefectus.tests.scale;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.engine.OutcomeLedgerException;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.ledger.jdbc.JdbcOutcomeLedger;
import org.praefectus.ledger.jdbc.api.LedgerState;
import org.praefectus.tests.fleet.PostgresServer;

/** {@link JdbcOutcomeLedger} against a real PostgreSQL started by the test: each test has its own database. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JdbcOutcomeLedgerTest {

    private static PostgresServer server;
    private DataSource database;
    private final List<JdbcOutcomeLedger> ledgers = new ArrayList<>();
    private final List<HikariDataSource> pools = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = PostgresServer.start(List.of());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void newDatabase(TestInfo test) throws Exception {
        database =
                server.newDatabase(test.getTestMethod().orElseThrow().getName().toLowerCase(Locale.ROOT));
    }

    @org.junit.jupiter.api.AfterEach
    void closeLedgers() {
        ledgers.forEach(JdbcOutcomeLedger::close);
        pools.forEach(HikariDataSource::close);
    }

    // each host its own pool, as on separate machines
    private JdbcOutcomeLedger host(String id) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(database);
        config.setMaximumPoolSize(2);
        config.setConnectionTimeout(1000);
        config.setInitializationFailTimeout(-1);
        HikariDataSource pool = new HikariDataSource(config);
        pools.add(pool);
        JdbcOutcomeLedger ledger = new JdbcOutcomeLedger(pool, id, Duration.ofMillis(50));
        ledgers.add(ledger);
        return ledger;
    }

    @Test
    void firstBeginDispatchesOtherHostsSeeInterruptedThenTheRecordedTerminal() throws Exception {
        JdbcOutcomeLedger a = host("a");
        JdbcOutcomeLedger b = host("b");
        OutcomeKey key = Terminals.key("op-1");
        assertInstanceOf(OutcomeDecision.Dispatch.class, a.begin(key));
        assertInstanceOf(OutcomeDecision.Interrupted.class, b.begin(key));
        assertInstanceOf(OutcomeDecision.Interrupted.class, a.begin(key), "a retry on the same host never dispatches");
        a.record(key, Terminals.succeeded(key));
        OutcomeDecision later = b.begin(key);
        assertEquals(Terminals.succeeded(key), ((OutcomeDecision.Recorded) later).terminal());
        LedgerState state = a.state();
        assertEquals(2, state.schemaVersion());
        assertEquals(1, state.operations());
        assertEquals(0, state.open());
        assertEquals(1L, state.terminals().get("succeeded"));
        assertEquals("a", state.hosts().get(0).hostId());
    }

    @Test
    void anotherActionUnderTheSameOperationIdIsRefusedNotDispatched() throws Exception {
        JdbcOutcomeLedger a = host("a");
        assertInstanceOf(OutcomeDecision.Dispatch.class, a.begin(Terminals.key("op-1", "one")));
        OutcomeLedgerException refused =
                assertThrows(OutcomeLedgerException.class, () -> host("b").begin(Terminals.key("op-1", "two")));
        assertTrue(refused.getMessage().contains("conflict"), refused.getMessage());
    }

    @Test
    void aDeadClaimantsOperationEndsOutcomeUnknownEverywhereAndItsLateTerminalStillWins() throws Exception {
        JdbcOutcomeLedger dead = host("dead");
        JdbcOutcomeLedger b = host("b");
        JdbcOutcomeLedger c = host("c");
        OutcomeKey key = Terminals.key("op-1");
        assertInstanceOf(OutcomeDecision.Dispatch.class, dead.begin(key));
        // b finds the claim open: the engine answers outcome_unknown and records that
        assertInstanceOf(OutcomeDecision.Interrupted.class, b.begin(key));
        b.record(key, Terminals.interrupted(key));
        assertEquals(Terminals.interrupted(key), ((OutcomeDecision.Recorded) c.begin(key)).terminal());
        // a host that does not hold the claim cannot write any other terminal over it
        c.record(key, Terminals.failed());
        assertEquals(Terminals.interrupted(key), b.recorded(key).orElseThrow());
        // the claimant was only slow: its own terminal is the truth and replaces the mark
        dead.record(key, Terminals.succeeded(key));
        assertEquals(Terminals.succeeded(key), b.recorded(key).orElseThrow());
    }

    @Test
    void racingHostsDispatchEachOperationExactlyOnce() throws Exception {
        int operations = 300;
        List<JdbcOutcomeLedger> hosts = List.of(host("a"), host("b"), host("c"), host("d"));
        AtomicInteger dispatches = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Void>> work = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                JdbcOutcomeLedger ledger = hosts.get(t % hosts.size());
                work.add(() -> {
                    for (int i = 0; i < operations; i++) {
                        OutcomeKey key = Terminals.key("op-" + i);
                        if (ledger.begin(key) instanceof OutcomeDecision.Dispatch) {
                            dispatches.incrementAndGet();
                            ledger.record(key, Terminals.succeeded(key));
                        }
                    }
                    return null;
                });
            }
            for (Future<Void> done : threads.invokeAll(work)) {
                done.get();
            }
        } finally {
            threads.shutdownNow();
        }
        assertEquals(operations, dispatches.get());
        assertEquals(operations, hosts.get(0).state().terminals().get("succeeded"));
    }

    @Test
    void hostsStartingTogetherMigrateOnceAndAnOlderSchemaIsUpgraded() throws Exception {
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement()) {
            // a database made by version 1 of the schema
            statement.execute("CREATE TABLE praefectus_schema (version integer PRIMARY KEY, description text "
                    + "NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
            statement.execute(new String(
                    JdbcOutcomeLedger.class
                            .getResourceAsStream("migrations/V1__outcomes.sql")
                            .readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8));
            statement.execute("INSERT INTO praefectus_schema (version, description) VALUES (1, 'outcomes')");
        }
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            List<Callable<OutcomeDecision>> starts = new ArrayList<>();
            for (String id : List.of("a", "b", "c")) {
                JdbcOutcomeLedger ledger = host(id);
                starts.add(() -> ledger.begin(Terminals.key("op-" + id)));
            }
            for (Future<OutcomeDecision> start : threads.invokeAll(starts)) {
                assertInstanceOf(OutcomeDecision.Dispatch.class, start.get());
            }
        } finally {
            threads.shutdownNow();
        }
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT version FROM praefectus_schema ORDER BY version")) {
            List<Integer> versions = new ArrayList<>();
            while (rows.next()) {
                versions.add(rows.getInt(1));
            }
            assertEquals(List.of(1, 2), versions);
        }
    }

    @Test
    void aSchemaNewerThanTheBundleIsRefusedAndNothingDispatches() throws Exception {
        host("a").begin(Terminals.key("op-0"));
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO praefectus_schema (version, description) VALUES (99, 'future')");
        }
        assertThrows(OutcomeLedgerException.class, () -> host("b").begin(Terminals.key("op-1")));
    }

    @Test
    void aTerminalThatCannotBeWrittenIsKeptAndWrittenWhenTheDatabaseReturns() throws Exception {
        JdbcOutcomeLedger a = host("a");
        OutcomeKey key = Terminals.key("op-1");
        assertInstanceOf(OutcomeDecision.Dispatch.class, a.begin(key));
        server.crash();
        try {
            // a claim while the database is away is refused (the engine does not dispatch)
            assertThrows(OutcomeLedgerException.class, () -> host("b").begin(Terminals.key("op-2")));
            OutcomeLedgerException pending =
                    assertThrows(OutcomeLedgerException.class, () -> a.record(key, Terminals.succeeded(key)));
            assertTrue(pending.getMessage().contains("written when it returns"), pending.getMessage());
            assertEquals(1, a.pendingTerminals());
        } finally {
            server.startServer();
        }
        await("the kept terminal is written when the database returns")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20))
                .until(a::pendingTerminals, pending -> pending == 0);
        assertEquals(Terminals.succeeded(key), host("c").recorded(key).orElseThrow());
        Terminal replay = ((OutcomeDecision.Recorded) host("d").begin(key)).terminal();
        assertEquals(Terminals.succeeded(key), replay);
    }

    @Test
    void aClaimWhoseAnswerWasLostIsStillRecordedByItsHost() throws Exception {
        // the engine records a terminal (failed: no dispatch) after begin threw; the row may exist
        JdbcOutcomeLedger a = host("a");
        OutcomeKey key = Terminals.key("op-1");
        assertInstanceOf(OutcomeDecision.Dispatch.class, a.begin(key));
        a.record(key, Terminals.failed());
        assertEquals(Terminals.failed(), host("b").recorded(key).orElseThrow());
    }
}
