package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * Separate Felix frameworks, each a JVM: one desktop host exports the probe executor with Aries RSA; three
 * engine hosts import it (endpoint from their Configurator JSON) and race the same 1,000 signed operations on
 * one PostgreSQL ledger. One engine host is killed with SIGKILL while the desktop performs its dispatch.
 */
class RemoteFleetTest {

    private static final int OPERATIONS = 1_000;
    private static final int HELD = 400;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void engineHostsShareOneRemoteExecutorAndOneLedgerWithoutASecondDispatchThroughAKill() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path log = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Path start = directory.resolve("start");
        Files.writeString(hold, SignedOperations.element(HELD));
        int port = freePort();

        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start(
                        "praefectus.desktop.host.jar",
                        "desktop-1",
                        directory,
                        Deployments.desktop(directory, "desktop-1", port, log, hold))) {
            List<HostJvm> engines = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    String id = "engine-" + i;
                    engines.add(HostJvm.start(
                            "praefectus.engine.host.jar",
                            id,
                            directory,
                            Deployments.runEngine(EngineRun.of(
                                            directory, id, database.url("127.0.0.1"), host.keyEntry(), port, requests)
                                    .withResults(results(id))
                                    .withStart(start))));
                }
                for (HostJvm engine : engines) {
                    await(engine.name + " imported the remote executor")
                            .atMost(Duration.ofSeconds(90))
                            .pollInterval(Duration.ofMillis(50))
                            .until(() -> Files.exists(Path.of(results(engine.name) + ".ready")));
                }
                HostJvm.awaitServing("127.0.0.1", port);
                Files.writeString(start, "go");

                // the held operation's dispatch is inside the desktop: kill the engine host that claimed it
                String held = SignedOperations.operation(HELD);
                await("the held dispatch")
                        .atMost(Duration.ofMinutes(4))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> SignedOperations.lines(log).contains(SignedOperations.element(HELD)));
                String claimant = claimant(database, held);
                HostJvm killed = engines.stream()
                        .filter(engine -> engine.name.equals(claimant))
                        .findFirst()
                        .orElseThrow();
                killed.kill9();
                Files.delete(hold);

                List<HostJvm> survivors = new ArrayList<>(engines);
                survivors.remove(killed);
                for (HostJvm survivor : survivors) {
                    await(survivor.name + " finished")
                            .atMost(Duration.ofMinutes(6))
                            .pollInterval(Duration.ofMillis(50))
                            .until(() -> Results.read(results(survivor.name)).done());
                }

                // no operation dispatched twice: the desktop's effect log holds each element at most once
                List<String> dispatched = SignedOperations.lines(log);
                Map<String, Integer> counts = new HashMap<>();
                dispatched.forEach(element -> counts.merge(element, 1, Integer::sum));
                counts.forEach((element, count) -> assertEquals(1, count, "dispatched twice: " + element));

                for (HostJvm survivor : survivors) {
                    Results results = Results.read(results(survivor.name));
                    assertEquals(OPERATIONS, results.byOperation().size(), survivor.name + ": " + results.lines());
                    // the killed host's claim: outcome_unknown on every other host, never dispatched again
                    assertEquals("outcome_unknown", results.kind(held), survivor.name);
                    for (int i = 0; i < OPERATIONS; i++) {
                        String operation = SignedOperations.operation(i);
                        String kind = results.kind(operation);
                        if (i == HELD) {
                            continue;
                        }
                        if (kind.equals("succeeded")) {
                            assertTrue(
                                    dispatched.contains(SignedOperations.element(i)),
                                    operation + " succeeded without an effect");
                        } else {
                            // an operation another host held when the kill came: never a success, never a guess
                            assertEquals("outcome_unknown", kind, survivor.name + " " + operation);
                        }
                    }
                }
                // every operation the survivors answered was dispatched by exactly one host
                for (int i = 0; i < OPERATIONS; i++) {
                    String kind = Results.read(results(survivors.get(0).name)).kind(SignedOperations.operation(i));
                    if (kind.equals("succeeded")) {
                        assertEquals(1, counts.get(SignedOperations.element(i)));
                    }
                }
                assertTrue(desktop.alive(), "the desktop host outlived the engine host's death");
                // every operation ends in a terminal in the shared ledger; the held one as outcome_unknown
                assertEquals(0, count(database, "SELECT count(*) FROM praefectus_outcomes WHERE terminal_ack IS NULL"));
                assertEquals(OPERATIONS, count(database, "SELECT count(*) FROM praefectus_outcomes"));
                assertEquals("outcome_unknown", terminalKind(database, held));
            } finally {
                for (HostJvm engine : engines) {
                    engine.close();
                }
            }
        }
    }

    private Path results(String hostId) {
        return directory.resolve(hostId + ".results");
    }

    static String claimant(PostgresServer database, String operation) throws Exception {
        try (Connection connection =
                        PostgresServer.dataSource(database.url("127.0.0.1"), 5).getConnection();
                PreparedStatement read = connection.prepareStatement(
                        "SELECT claimed_by FROM praefectus_outcomes WHERE operation_id = ?")) {
            read.setString(1, operation);
            try (ResultSet row = read.executeQuery()) {
                assertTrue(row.next(), operation + " has no claim");
                return row.getString(1);
            }
        }
    }

    static long count(PostgresServer database, String query) throws Exception {
        try (Connection connection =
                        PostgresServer.dataSource(database.url("127.0.0.1"), 5).getConnection();
                PreparedStatement read = connection.prepareStatement(query);
                ResultSet row = read.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    static String terminalKind(PostgresServer database, String operation) throws Exception {
        try (Connection connection =
                        PostgresServer.dataSource(database.url("127.0.0.1"), 5).getConnection();
                PreparedStatement read = connection.prepareStatement(
                        "SELECT terminal_kind FROM praefectus_outcomes WHERE operation_id = ?")) {
            read.setString(1, operation);
            try (ResultSet row = read.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
