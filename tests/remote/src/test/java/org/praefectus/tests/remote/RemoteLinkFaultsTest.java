package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;
import org.praefectus.tests.fleet.TestNetwork;

/**
 * Issue #40's link faults, in one run of one engine host against a desktop host in a network namespace of its own
 * (a veth link; root: {@code ip netns}, {@code nft}): the link is cut ({@code ip link set down}) while the desktop
 * holds a dispatch and brought back, then every packet of the desktop's link is dropped (an nftables blackhole)
 * while it holds another, and let through again. The engine host keeps executing operations throughout. While a
 * fault lasts an operation ends rejected, failed (nothing was dispatched) or outcome_unknown (the held dispatch:
 * its answer was lost), never succeeded and never retried; after each fault ends an operation succeeds again; every
 * operation has exactly one terminal, the shared ledger's; no element is dispatched twice; each fault left a line in
 * the engine host's log and in the desktop host's.
 */
class RemoteLinkFaultsTest {

    private static final int OPERATIONS = 80;
    private static final int CUT_HELD = 10;
    private static final int TIMEOUT_MS = 2_000;
    private static final long PAUSE_MS = 100;
    /** What the engine host may answer while its desktop cannot be reached: never succeeded. */
    private static final Set<String> DURING_FAULT = Set.of("rejected", "failed", "outcome_unknown");

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aLinkCutAndABlackholeEndHonestlyAndTheFleetServesAgain() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path dispatches = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Path start = directory.resolve("start");
        Path results = directory.resolve("engine-1.results");
        Files.writeString(hold, SignedOperations.element(CUT_HELD));
        int port = RemoteFleetTest.freePort();
        Path engineLog =
                HostJvm.stateHome(directory, "engine-1").resolve("praefectus/engine-host/logs/engine-host.log");
        Path desktopLog =
                HostJvm.stateHome(directory, "desktop-1").resolve("praefectus/desktop-host/logs/desktop-host.log");

        try (TestNetwork network = TestNetwork.create(1);
                PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start(
                        network.inHost(0, List.of()),
                        "praefectus.desktop.host.jar",
                        "desktop-1",
                        directory,
                        Deployments.desktop(directory, "desktop-1", network.hostAddress(0), port, dispatches, hold));
                HostJvm engine = HostJvm.start(
                        "praefectus.engine.host.jar",
                        "engine-1",
                        directory,
                        Deployments.runEngine(EngineRun.of(
                                        directory,
                                        "engine-1",
                                        database.url("127.0.0.1"),
                                        host.keyEntry(),
                                        port,
                                        requests)
                                .withAddress(network.hostAddress(0))
                                .withTimeoutMs(TIMEOUT_MS)
                                .withResults(results)
                                .withStart(start)
                                .withPauseMs(PAUSE_MS)))) {
            await("the engine host imported the executor")
                    .atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> Files.exists(Path.of(results + ".ready")));
            HostJvm.awaitServing(network.hostAddress(0), port);
            Files.writeString(start, "go");

            Fault cut = new Fault(() -> network.linkDown(0), () -> network.linkUp(0));
            Map<String, String> duringCut = cut.whileHeld(CUT_HELD, dispatches, hold, results);
            servesAgain(results, duringCut.size());
            assertLogged(engineLog, desktopLog, 1);

            int holeHeld = Results.read(results).byOperation().size() + 5;
            Fault blackhole = new Fault(() -> network.blackhole(0), () -> network.restore(0));
            Map<String, String> duringBlackhole = blackhole.whileHeld(holeHeld, dispatches, hold, results);
            servesAgain(results, duringBlackhole.size());
            assertLogged(engineLog, desktopLog, 2);

            await("the engine host finished")
                    .atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> Results.read(results).done());
            Results all = Results.read(results);
            List<String> dispatched = SignedOperations.lines(dispatches);

            // while a fault lasted: no success, the held dispatch's lost answer is outcome_unknown
            assertFault(duringCut, CUT_HELD);
            assertFault(duringBlackhole, holeHeld);

            // one terminal per operation, the shared ledger's; effects match what was answered, none twice
            long resultLines = all.lines().stream()
                    .filter(line -> line.startsWith("RESULT "))
                    .count();
            assertEquals(OPERATIONS, resultLines, all.lines().toString());
            assertEquals(OPERATIONS, all.byOperation().size(), all.lines().toString());
            assertEquals(
                    all.byOperation().size(),
                    all.lines().stream()
                            .filter(line -> line.startsWith("RESULT "))
                            .map(line -> line.split(" ")[1])
                            .distinct()
                            .count());
            Map<String, String> shared = sharedTerminals(database);
            assertEquals(OPERATIONS, shared.size(), shared.toString());
            assertEquals(dispatched.size(), dispatched.stream().distinct().count(), "an element dispatched twice");
            for (int i = 0; i < OPERATIONS; i++) {
                String operation = SignedOperations.operation(i);
                String kind = all.kind(operation);
                assertEquals(kind, shared.get(operation), operation + ": the shared terminal differs");
                boolean effect = dispatched.contains(SignedOperations.element(i));
                switch (kind) {
                    case "succeeded" -> assertTrue(effect, operation + " succeeded without its effect");
                    case "rejected", "failed" -> assertFalse(effect, operation + " " + kind + " after its effect");
                    case "outcome_unknown" -> assertTrue(i == CUT_HELD || i == holeHeld, operation + " unknown");
                    default -> throw new AssertionError(operation + ": " + kind);
                }
            }
            assertTrue(desktop.alive());
            assertTrue(engine.alive());
        }
    }

    /** A step of the test that acts on the network. */
    private interface NetworkStep {
        void run() throws Exception;
    }

    /** A fault of the link: how it begins and how it ends. */
    private record Fault(NetworkStep begin, NetworkStep end) {

        /**
         * Begins the fault while the desktop holds operation {@code held}'s dispatch, then lets that dispatch
         * answer into the broken link; ends it once the engine host answered the held operation and two more.
         *
         * @return every answer the engine host gave until the fault ended, by operation
         */
        Map<String, String> whileHeld(int held, Path dispatches, Path hold, Path results) throws Exception {
            Files.writeString(hold, SignedOperations.element(held));
            await("the held dispatch of operation " + held)
                    .atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> SignedOperations.lines(dispatches).contains(SignedOperations.element(held)));
            begin.run();
            Map<String, String> answered;
            try {
                // the desktop answers now, into the broken link
                Files.writeString(hold, "none");
                await("answers while the fault lasts")
                        .atMost(Duration.ofMinutes(1))
                        .pollInterval(Duration.ofMillis(20))
                        .until(() -> Results.read(results).byOperation().size() >= held + 3);
                answered = new HashMap<>();
                Results read = Results.read(results);
                for (String operation : read.byOperation().keySet()) {
                    answered.put(operation, read.kind(operation));
                }
            } finally {
                end.run();
            }
            return answered;
        }
    }

    // the answers given while the fault lasted: the held operation's and those after it (the driver waited on it)
    private static void assertFault(Map<String, String> answered, int held) {
        assertEquals("outcome_unknown", answered.get(SignedOperations.operation(held)), answered.toString());
        for (int i = held + 1; i < answered.size(); i++) {
            String kind = answered.get(SignedOperations.operation(i));
            assertTrue(DURING_FAULT.contains(kind), "operation " + i + " during the fault: " + kind);
        }
    }

    // the fleet serves again within a bounded time: an operation begun after the fault ended succeeds
    static void servesAgain(Path results, int answeredDuringFault) {
        await("an operation succeeds after the fault")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    Results read = Results.read(results);
                    for (int i = answeredDuringFault; i < read.byOperation().size(); i++) {
                        if ("succeeded".equals(read.kind(SignedOperations.operation(i)))) {
                            return true;
                        }
                    }
                    return false;
                });
    }

    // each fault leaves its line on both sides: the engine host's failed call, the desktop's reset connection
    private static void assertLogged(Path engineLog, Path desktopLog, int faults) {
        await("the engine host logged fault " + faults)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> lines(engineLog, "org.praefectus.remote.link.LinkClient - link to ", ": dispatch failed (")
                        >= faults);
        // the desktop's answer was sent into the broken link; once through, it meets the engine's reset
        await("the desktop host logged fault " + faults)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> lines(
                                desktopLog,
                                "org.praefectus.remote.link.LinkServer - link on port ",
                                ": connection ended (")
                        >= faults);
    }

    private static long lines(Path log, String prefix, String part) throws Exception {
        return SignedOperations.lines(log).stream()
                .filter(line -> line.contains(prefix) && line.contains(part))
                .count();
    }

    static Map<String, String> sharedTerminals(PostgresServer database) throws Exception {
        Map<String, String> terminals = new HashMap<>();
        try (Connection connection =
                        PostgresServer.dataSource(database.url("127.0.0.1"), 5).getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows =
                        statement.executeQuery("SELECT operation_id, terminal_kind FROM praefectus_outcomes")) {
            while (rows.next()) {
                terminals.put(rows.getString(1), rows.getString(2));
            }
        }
        return terminals;
    }
}
