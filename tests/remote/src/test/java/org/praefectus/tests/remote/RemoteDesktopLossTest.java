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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * The desktop host vanishes (SIGKILL) while it performs a dispatch for an engine host in another
 * framework: that operation is outcome_unknown (the effect may have happened), every later one is
 * rejected with no effect (the connection is refused before anything is sent), nothing is dispatched twice, and a
 * restarted desktop serves new operations while the lost one replays as outcome_unknown from the ledger.
 */
class RemoteDesktopLossTest {

    private static final int OPERATIONS = 40;
    private static final int HELD = 15;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aDesktopLostInsideADispatchIsOutcomeUnknownAndARefusedOneIsNoEffect() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path log = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Path start = directory.resolve("start");
        Files.writeString(hold, SignedOperations.element(HELD));
        int port = RemoteFleetTest.freePort();
        Path desktopJson = Deployments.desktop(directory, "desktop-1", port, log, hold);

        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"))) {
            String url = database.url("127.0.0.1");
            Path firstResults = directory.resolve("engine-1.results");
            try (HostJvm desktop = HostJvm.start("praefectus.desktop.host.jar", "desktop-1", directory, desktopJson);
                    HostJvm engine = HostJvm.start(
                            "praefectus.engine.host.jar",
                            "engine-1",
                            directory,
                            Deployments.runEngine(
                                    EngineRun.of(directory, "engine-1", url, host.keyEntry(), port, requests)
                                            .withResults(firstResults)
                                            .withStart(start)))) {
                await("the engine host imported the executor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Files.exists(Path.of(firstResults + ".ready")));
                HostJvm.awaitServing("127.0.0.1", port);
                Files.writeString(start, "go");
                await("the held dispatch")
                        .atMost(Duration.ofMinutes(2))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> SignedOperations.lines(log).contains(SignedOperations.element(HELD)));
                desktop.kill9();
                await("the engine host finished")
                        .atMost(Duration.ofMinutes(3))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Results.read(firstResults).done());
                assertTrue(engine.alive());
            }

            Results first = Results.read(firstResults);
            assertEquals(OPERATIONS, first.byOperation().size(), first.lines().toString());
            for (int i = 0; i < HELD; i++) {
                assertEquals(
                        "succeeded",
                        first.kind(SignedOperations.operation(i)),
                        first.lines().toString());
            }
            // lost inside the dispatch: the desktop may have acted
            assertEquals(
                    "outcome_unknown",
                    first.kind(SignedOperations.operation(HELD)),
                    first.lines().toString());
            for (int i = HELD + 1; i < OPERATIONS; i++) {
                // refused before anything was sent (the isolation cannot be read: unknown): no effect
                assertEquals(
                        "rejected",
                        first.kind(SignedOperations.operation(i)),
                        first.lines().toString());
            }
            List<String> dispatched = SignedOperations.lines(log);
            assertEquals(HELD + 1, dispatched.size(), dispatched.toString());
            for (int i = HELD + 1; i < OPERATIONS; i++) {
                assertFalse(dispatched.contains(SignedOperations.element(i)));
            }

            // the desktop comes back; another engine host presents the old operations and five new ones
            Path second = host.write(directory.resolve("requests-2.jsonl"), 0, OPERATIONS + 5);
            Path secondResults = directory.resolve("engine-2.results");
            Path secondStart = directory.resolve("start-2");
            try (HostJvm desktop = HostJvm.start("praefectus.desktop.host.jar", "desktop-1b", directory, desktopJson);
                    HostJvm engine = HostJvm.start(
                            "praefectus.engine.host.jar",
                            "engine-2",
                            directory,
                            Deployments.runEngine(
                                    EngineRun.of(directory, "engine-2", url, host.keyEntry(), port, second)
                                            .withResults(secondResults)
                                            .withStart(secondStart)))) {
                await("the second engine host imported the executor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Files.exists(Path.of(secondResults + ".ready")));
                HostJvm.awaitServing("127.0.0.1", port);
                Files.writeString(secondStart, "go");
                await("the second engine host finished")
                        .atMost(Duration.ofMinutes(3))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Results.read(secondResults).done());
            }
            Results again = Results.read(secondResults);
            for (int i = 0; i < OPERATIONS; i++) {
                String operation = SignedOperations.operation(i);
                assertEquals(first.kind(operation), again.kind(operation), operation);
                assertTrue(again.replayed(operation), operation + " was not served from the shared ledger");
            }
            for (int i = OPERATIONS; i < OPERATIONS + 5; i++) {
                assertEquals(
                        "succeeded",
                        again.kind(SignedOperations.operation(i)),
                        again.lines().toString());
            }
            List<String> after = SignedOperations.lines(log);
            assertEquals(HELD + 1 + 5, after.size(), after.toString());
        }
    }
}
