package org.praefectus.tests.engine;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.lang.annotation.Annotation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.engine.authority.AuthorityConfig;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.LedgerReader;
import org.praefectus.engine.ledger.OperationLedger;
import org.praefectus.ledger.jdbc.JdbcOutcomeLedger;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * Issue 40, defect 6: a duplicate presented on host B while host A dispatches answers {@code outcome_unknown};
 * B's file ledger then replayed that forever, even after the shared PostgreSQL row said {@code succeeded}. Two
 * real engines, each with its own file ledger, share a real PostgreSQL ledger.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SharedTerminalConvergenceTest {

    private static PostgresServer server;
    private final List<AutoCloseable> resources = new ArrayList<>();

    @TempDir
    Path directory;

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

    @AfterEach
    void close() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private record Host(OperationEngine engine, TestExecutor executor, JdbcOutcomeLedger shared, Path ledger) {}

    private Host host(DataSource database, String id, Requests requests) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setDataSource(database);
        config.setMaximumPoolSize(2);
        HikariDataSource pool = new HikariDataSource(config);
        resources.add(pool);
        JdbcOutcomeLedger shared = new JdbcOutcomeLedger(pool, id, Duration.ofMillis(50));
        resources.add(shared);
        TestExecutor executor = new TestExecutor("host-" + id);
        Path ledgerPath = directory.resolve(id).resolve("operations.jsonl");
        OperationLedger ledger = new OperationLedger(ledgerPath);
        resources.add(ledger);
        OperationEngine engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(PinnedKeyring.fromConfig(keys(requests.keyEntry()))),
                shared,
                ledger,
                EngineOptions.fromEnvironment());
        return new Host(engine, executor, shared, ledgerPath);
    }

    @Test
    void aDuplicateAnsweredWhileAnotherHostDispatchesConvergesToTheSharedTerminal() throws Exception {
        DataSource database = server.newDatabase("convergence");
        Requests requests = new Requests();
        Host a = host(database, "a", requests);
        Host b = host(database, "b", requests);
        ActionRequest request = requests.invoke("op-1");
        OutcomeKey key = new OutcomeKey("op-1", ProtocolHashes.normalizedActionHash(request));

        CountDownLatch dispatching = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        a.executor().onDispatch = () -> {
            dispatching.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        CompletableFuture<ExecuteReport> onA = CompletableFuture.supplyAsync(() -> {
            try {
                return a.engine().execute(request, new CancellationToken());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(dispatching.await(60, TimeUnit.SECONDS), "host a dispatches");

        // the duplicate on b while a dispatches: never a second dispatch, honestly unknown for now
        assertInstanceOf(Terminal.OutcomeUnknown.class, terminal(b.engine().execute(request, new CancellationToken())));
        release.countDown();
        assertInstanceOf(Terminal.Succeeded.class, terminal(onA.get(60, TimeUnit.SECONDS)));
        await("a's own terminal replaces b's outcome_unknown mark in the shared ledger")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> b.shared().recorded(key).orElse(null) instanceof Terminal.Succeeded);

        // presented again on b: the shared terminal, not b's lasting outcome_unknown
        ExecuteReport again = b.engine().execute(request, new CancellationToken());
        assertInstanceOf(Terminal.Succeeded.class, terminal(again), "b converges to the shared terminal");
        assertTrue(again.terminalAck().replayed());
        ExecuteReport onceMore = b.engine().execute(request, new CancellationToken());
        assertInstanceOf(Terminal.Succeeded.class, terminal(onceMore));
        ActionAck bStatus = LedgerReader.status(b.ledger(), "op-1", 0).orElseThrow();
        assertInstanceOf(
                Terminal.Succeeded.class,
                ((AckState.Finished) bStatus.state()).terminal(),
                "b's own file ledger holds the shared terminal");
        assertEquals(1, a.executor().dispatches.get());
        assertEquals(0, b.executor().dispatches.get());
    }

    private static Terminal terminal(ExecuteReport report) {
        return report.terminal();
    }

    private static AuthorityConfig keys(String entry) {
        return new AuthorityConfig() {
            @Override
            public String[] keys() {
                return new String[] {entry};
            }

            @Override
            public Class<? extends Annotation> annotationType() {
                return AuthorityConfig.class;
            }
        };
    }
}
