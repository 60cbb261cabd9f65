package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * Issue #40's PostgreSQL pause: the shared ledger's server and backends are stopped (SIGSTOP) for longer than the
 * engine host's socket timeout in the middle of a run, then resumed. The engine host keeps executing; afterwards a
 * second engine host presents every operation again. No element is dispatched twice; every operation has one
 * answer on the first host and the second host gives the same one from the shared ledger without dispatching; the
 * pause left a line in the engine host's log. An operation whose claim met the paused database ends failed without
 * dispatch ("outcome ledger is unavailable"), and that terminal reaches the shared ledger once it answers again.
 * (PostgreSQL crashed and restarted mid-run is tests/scale's FleetRaceTest.)
 */
class RemoteLedgerPauseTest {

    private static final int OPERATIONS = 80;
    private static final int PAUSED_AFTER = 15;
    private static final long PAUSE_MS = 7_000;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aPausedLedgerNeverCausesADoubleDispatchAndEveryHostGivesOneAnswer() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path dispatches = directory.resolve("dispatches.log");
        Path results = directory.resolve("engine-1.results");
        Path start = directory.resolve("start");
        int port = RemoteFleetTest.freePort();
        Path engineLog =
                HostJvm.stateHome(directory, "engine-1").resolve("praefectus/engine-host/logs/engine-host.log");

        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start(
                        "praefectus.desktop.host.jar",
                        "desktop-1",
                        directory,
                        Deployments.desktop(directory, "desktop-1", port, dispatches, directory.resolve("no-hold")))) {
            String url = database.url("127.0.0.1");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-1",
                    directory,
                    Deployments.runEngine(EngineRun.of(directory, "engine-1", url, host.keyEntry(), port, requests)
                            .withTimeoutMs(5_000)
                            .withResults(results)
                            .withStart(start)
                            .withPauseMs(50)))) {
                await("the engine host imported the executor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Files.exists(Path.of(results + ".ready")));
                HostJvm.awaitServing("127.0.0.1", port);
                Files.writeString(start, "go");
                await("operations before the pause")
                        .atMost(Duration.ofMinutes(1))
                        .pollInterval(Duration.ofMillis(20))
                        .until(() -> Results.read(results).byOperation().size() >= PAUSED_AFTER);
                List<String> paused = database.pause();
                try {
                    // the fault itself: the database is silent this long, whatever the hosts do meanwhile
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PAUSE_MS));
                } finally {
                    database.resume(paused);
                }
                await("the engine host finished")
                        .atMost(Duration.ofMinutes(3))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Results.read(results).done());
                // the shared ledger's pool (HikariCP, named after the host) warns of the connection the pause broke
                await("the engine host logged the pause")
                        .atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> SignedOperations.lines(engineLog).stream()
                                .anyMatch(line ->
                                        line.contains(" WARN [") && line.contains(" - praefectus-ledger-engine-1 - ")));
            }
            Results first = Results.read(results);
            List<String> dispatched = SignedOperations.lines(dispatches);
            assertEquals(OPERATIONS, first.byOperation().size(), first.lines().toString());
            assertEquals(
                    OPERATIONS,
                    first.lines().stream()
                            .filter(line -> line.startsWith("RESULT "))
                            .count(),
                    first.lines().toString());
            assertEquals(dispatched.size(), dispatched.stream().distinct().count(), "an element dispatched twice");
            for (int i = 0; i < OPERATIONS; i++) {
                String operation = SignedOperations.operation(i);
                String kind = first.kind(operation);
                boolean effect = dispatched.contains(SignedOperations.element(i));
                switch (kind) {
                    case "succeeded" -> assertTrue(effect, operation + " succeeded without its effect");
                    case "rejected", "failed" -> assertFalse(effect, operation + " " + kind + " after its effect");
                    case "outcome_unknown" -> {}
                    default -> throw new AssertionError(operation + ": " + kind);
                }
            }

            // a second host presents them all: the shared ledger answers each with the first host's terminal
            Path secondResults = directory.resolve("engine-2.results");
            Path secondStart = directory.resolve("start-2");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-2",
                    directory,
                    Deployments.runEngine(EngineRun.of(directory, "engine-2", url, host.keyEntry(), port, requests)
                            .withTimeoutMs(5_000)
                            .withResults(secondResults)
                            .withStart(secondStart)))) {
                BenchmarkRuns.run(secondResults, secondStart);
            }
            Results second = Results.read(secondResults);
            for (int i = 0; i < OPERATIONS; i++) {
                String operation = SignedOperations.operation(i);
                assertEquals(first.kind(operation), second.kind(operation), operation + ": " + second.lines());
                assertTrue(second.replayed(operation), operation + " was not answered from the shared ledger");
            }
            assertEquals(dispatched, SignedOperations.lines(dispatches), "the second host dispatched");
            assertEquals(
                    0,
                    RemoteFleetTest.count(
                            database, "SELECT count(*) FROM praefectus_outcomes WHERE terminal_ack IS NULL"));
            assertTrue(desktop.alive());
        }
    }
}
