package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * Issue #40's kill -9 of hosts mid-dispatch, each host restarted afterwards, on the shared PostgreSQL ledger: the
 * desktop host dies while it holds a dispatch (its engine host keeps executing throughout), and an engine host dies
 * while the desktop holds its dispatch (it is started again on its own file ledger). After each, the fleet serves
 * again; the operation in flight at the kill is outcome_unknown everywhere and never dispatched again (the probe's
 * effect log counts dispatches on the desktop side); every operation has one answer on every host, the shared
 * ledger's, with no claim left open; no element is dispatched twice; the fault left a line in the log of the host
 * that saw it.
 */
class RemoteHostKillTest {

    private static final int OPERATIONS = 50;
    private static final int HELD = 10;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aDesktopHostKilledMidDispatchIsOutcomeUnknownAndServesAgainOnceRestarted() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path dispatches = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Files.writeString(hold, SignedOperations.element(HELD));
        int port = RemoteFleetTest.freePort();
        Path desktopJson = Deployments.desktop(directory, "desktop-1", port, dispatches, hold);
        Path engineLog = log("engine-1", "engine-host");

        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"))) {
            String url = database.url("127.0.0.1");
            EngineRun first = EngineRun.of(directory, "engine-1", url, host.keyEntry(), port, requests)
                    .withTimeoutMs(5_000)
                    .withPauseMs(100);
            Map<String, String> whileDown = new HashMap<>();
            try (HostJvm desktop = HostJvm.start("praefectus.desktop.host.jar", "desktop-1", directory, desktopJson);
                    HostJvm engine = HostJvm.start(
                            "praefectus.engine.host.jar", "engine-1", directory, Deployments.runEngine(first))) {
                begin(first);
                awaitHeld(dispatches, HELD);
                desktop.kill9();
                // the restarted desktop holds nothing
                Files.writeString(hold, "none");
                await("answers while the desktop host is down")
                        .atMost(Duration.ofMinutes(1))
                        .pollInterval(Duration.ofMillis(20))
                        .until(() -> Results.read(first.results()).byOperation().size() >= HELD + 3);
                Results down = Results.read(first.results());
                down.byOperation().keySet().forEach(operation -> whileDown.put(operation, down.kind(operation)));

                try (HostJvm restarted =
                        HostJvm.start("praefectus.desktop.host.jar", "desktop-1", directory, desktopJson)) {
                    HostJvm.awaitServing("127.0.0.1", port);
                    RemoteLinkFaultsTest.servesAgain(first.results(), whileDown.size());
                    awaitDone(first);
                    assertTrue(engine.alive());
                    assertTrue(restarted.alive());
                    // lost inside the dispatch: the desktop may have acted; while it was down nothing succeeded
                    assertEquals(
                            "outcome_unknown", whileDown.get(SignedOperations.operation(HELD)), whileDown.toString());
                    for (int i = HELD + 1; i < whileDown.size(); i++) {
                        assertNotEquals(
                                "succeeded", whileDown.get(SignedOperations.operation(i)), whileDown.toString());
                    }
                    Results answered = Results.read(first.results());
                    assertOneAnswerEach(database, answered, dispatches, HELD);
                    // the engine host, which outlived the desktop host, logged the dispatch the kill cut
                    assertTrue(
                            lines(engineLog, "org.praefectus.remote.link.LinkClient - link to ", ": dispatch failed (")
                                    >= 1,
                            String.join("\n", SignedOperations.lines(engineLog)));

                    // another engine host presents every operation: the shared ledger's answer, nothing dispatched
                    // again
                    assertSameAnswersFromTheLedger(host, url, port, requests, answered, dispatches);
                }
            }
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void anEngineHostKilledMidDispatchNeverDispatchesItAgainOnceRestarted() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path dispatches = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Files.writeString(hold, SignedOperations.element(HELD));
        int port = RemoteFleetTest.freePort();
        Path desktopLog = log("desktop-1", "desktop-host");

        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start(
                        "praefectus.desktop.host.jar",
                        "desktop-1",
                        directory,
                        Deployments.desktop(directory, "desktop-1", port, dispatches, hold))) {
            String url = database.url("127.0.0.1");
            EngineRun run = EngineRun.of(directory, "engine-1", url, host.keyEntry(), port, requests)
                    .withTimeoutMs(5_000);
            Path configuration = Deployments.runEngine(run);
            Results beforeKill;
            try (HostJvm engine = HostJvm.start("praefectus.engine.host.jar", "engine-1", directory, configuration)) {
                begin(run);
                awaitHeld(dispatches, HELD);
                assertEquals("engine-1", RemoteFleetTest.claimant(database, SignedOperations.operation(HELD)));
                engine.kill9();
                beforeKill = Results.read(run.results());
            }
            // the desktop answers into the dead host's connection
            Files.writeString(hold, "none");
            assertEquals(
                    HELD, beforeKill.byOperation().size(), beforeKill.lines().toString());

            // the same host again, on its own file ledger, presents every operation from the first
            Files.delete(Path.of(run.results() + ".ready"));
            Files.delete(run.start());
            try (HostJvm engine = HostJvm.start("praefectus.engine.host.jar", "engine-1", directory, configuration)) {
                begin(run);
                RemoteLinkFaultsTest.servesAgain(run.results(), HELD + 1);
                awaitDone(run);
                assertTrue(engine.alive());
            }
            Results answered = Results.read(run.results());
            for (int i = 0; i < HELD; i++) {
                String operation = SignedOperations.operation(i);
                assertEquals(beforeKill.kind(operation), answered.kind(operation), operation);
                assertTrue(answered.replayed(operation), operation + " was dispatched again");
            }
            assertEquals(
                    "outcome_unknown",
                    answered.kind(SignedOperations.operation(HELD)),
                    answered.lines().toString());
            for (int i = HELD + 1; i < OPERATIONS; i++) {
                assertEquals(
                        "succeeded",
                        answered.kind(SignedOperations.operation(i)),
                        answered.lines().toString());
            }
            assertOneAnswerEach(database, answered, dispatches, HELD);
            // the restarted engine host logged the operation the kill left undecided, once, by id
            assertEquals(
                    1,
                    lines(
                            log("engine-1", "engine-host"),
                            "org.praefectus.engine.execution.OperationEngine - operation "
                                    + SignedOperations.operation(HELD)
                                    + " ",
                            "recorded outcome_unknown, not dispatched again"),
                    String.join("\n", SignedOperations.lines(log("engine-1", "engine-host"))));
            // the desktop host, which outlived the engine host, logged the connection the kill ended
            await("the desktop host logged the engine host's end")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> lines(
                                    desktopLog,
                                    "org.praefectus.remote.link.LinkServer - link on port " + port,
                                    ": connection ended (")
                            >= 1);

            assertSameAnswersFromTheLedger(host, url, port, requests, answered, dispatches);
            assertTrue(desktop.alive());
        }
    }

    private static void begin(EngineRun run) throws Exception {
        await(run.hostId() + " imported the executor")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Files.exists(Path.of(run.results() + ".ready")));
        HostJvm.awaitServing(run.address(), run.port());
        Files.writeString(run.start(), "go");
    }

    private static void awaitHeld(Path dispatches, int held) {
        await("the held dispatch of operation " + held)
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> SignedOperations.lines(dispatches).contains(SignedOperations.element(held)));
    }

    private static void awaitDone(EngineRun run) {
        await(run.hostId() + " finished")
                .atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Results.read(run.results()).done());
    }

    /**
     * Every operation has exactly one answer, the shared ledger's terminal, with no claim open; the effects match
     * the answers (the held one may have acted, it is outcome_unknown) and no element was dispatched twice.
     */
    private static void assertOneAnswerEach(PostgresServer database, Results answered, Path dispatches, int held)
            throws Exception {
        assertEquals(
                OPERATIONS,
                answered.lines().stream()
                        .filter(line -> line.startsWith("RESULT "))
                        .count(),
                answered.lines().toString());
        assertEquals(OPERATIONS, answered.byOperation().size(), answered.lines().toString());
        Map<String, String> shared = RemoteLinkFaultsTest.sharedTerminals(database);
        assertEquals(OPERATIONS, shared.size(), shared.toString());
        assertEquals(
                0,
                RemoteFleetTest.count(database, "SELECT count(*) FROM praefectus_outcomes WHERE terminal_ack IS NULL"));
        List<String> dispatched = SignedOperations.lines(dispatches);
        assertEquals(dispatched.size(), dispatched.stream().distinct().count(), "an element dispatched twice");
        assertTrue(dispatched.contains(SignedOperations.element(held)), "the held operation was not dispatched");
        for (int i = 0; i < OPERATIONS; i++) {
            String operation = SignedOperations.operation(i);
            String kind = answered.kind(operation);
            assertEquals(kind, shared.get(operation), operation + ": the shared terminal differs");
            boolean effect = dispatched.contains(SignedOperations.element(i));
            switch (kind) {
                case "succeeded" -> assertTrue(effect, operation + " succeeded without its effect");
                case "rejected", "failed" -> assertFalse(effect, operation + " " + kind + " after its effect");
                case "outcome_unknown" -> assertEquals(held, i, operation + " unknown");
                default -> throw new AssertionError(operation + ": " + kind);
            }
        }
    }

    // a second engine host presents every operation: each answered from the shared ledger as the first host did
    private void assertSameAnswersFromTheLedger(
            SignedOperations host, String url, int port, Path requests, Results answered, Path dispatches)
            throws Exception {
        List<String> before = SignedOperations.lines(dispatches);
        EngineRun second = EngineRun.of(directory, "engine-2", url, host.keyEntry(), port, requests)
                .withTimeoutMs(5_000)
                .withStart(directory.resolve("start-2"));
        try (HostJvm engine =
                HostJvm.start("praefectus.engine.host.jar", "engine-2", directory, Deployments.runEngine(second))) {
            begin(second);
            awaitDone(second);
        }
        Results again = Results.read(second.results());
        for (int i = 0; i < OPERATIONS; i++) {
            String operation = SignedOperations.operation(i);
            assertEquals(answered.kind(operation), again.kind(operation), operation + ": " + again.lines());
            assertTrue(again.replayed(operation), operation + " was not answered from the shared ledger");
        }
        assertEquals(before, SignedOperations.lines(dispatches), "the second engine host dispatched");
    }

    private Path log(String host, String process) {
        return HostJvm.stateHome(directory, host).resolve("praefectus/" + process + "/logs/" + process + ".log");
    }

    private static long lines(Path log, String prefix, String part) throws Exception {
        return SignedOperations.lines(log).stream()
                .filter(line -> line.contains(prefix) && line.contains(part))
                .count();
    }
}
