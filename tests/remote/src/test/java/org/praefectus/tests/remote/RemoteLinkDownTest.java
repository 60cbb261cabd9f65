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
import org.praefectus.tests.fleet.TestNetwork;

/**
 * The desktop host in a network namespace of its own, reached by the engine host over a veth link: the link
 * is taken down ({@code ip link set down}) while the desktop performs a dispatch. The answer never arrives:
 * that operation is outcome_unknown after the endpoint's timeout, the ones after it are rejected without
 * effect while the link is down, and once it is up again a second engine host dispatches new operations
 * across it while the old ones replay from the shared ledger. Nothing is dispatched twice.
 */
class RemoteLinkDownTest {

    private static final int OPERATIONS = 30;
    private static final int HELD = 10;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aLinkDownInsideARemoteDispatchIsOutcomeUnknownAndNothingIsDispatchedTwice() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path log = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Path start = directory.resolve("start");
        Files.writeString(hold, SignedOperations.element(HELD));
        int port = RemoteFleetTest.freePort();

        try (TestNetwork network = TestNetwork.create(1);
                PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start(
                        network.inHost(0, List.of()),
                        "praefectus.desktop.host.jar",
                        "desktop-1",
                        directory,
                        Deployments.desktop(directory, "desktop-1", network.hostAddress(0), port, log, hold))) {
            String url = database.url("127.0.0.1");
            String address = network.hostAddress(0);
            Path firstResults = directory.resolve("engine-1.results");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-1",
                    directory,
                    Deployments.runEngine(EngineRun.of(directory, "engine-1", url, host.keyEntry(), port, requests)
                            .withAddress(address)
                            .withTimeoutMs(5_000)
                            .withResults(firstResults)
                            .withStart(start)))) {
                await("the engine host imported the executor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Files.exists(Path.of(firstResults + ".ready")));
                HostJvm.awaitServing(address, port);
                Files.writeString(start, "go");
                await("the held dispatch")
                        .atMost(Duration.ofMinutes(2))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> SignedOperations.lines(log).contains(SignedOperations.element(HELD)));
                network.linkDown(0);
                await("the engine host finished")
                        .atMost(Duration.ofMinutes(2))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Results.read(firstResults).done());
                Files.delete(hold);
            } finally {
                network.linkUp(0);
            }

            Results first = Results.read(firstResults);
            assertEquals(OPERATIONS, first.byOperation().size(), first.lines().toString());
            for (int i = 0; i < HELD; i++) {
                assertEquals(
                        "succeeded",
                        first.kind(SignedOperations.operation(i)),
                        first.lines().toString());
            }
            // the answer was lost on the link: the desktop may have acted
            assertEquals(
                    "outcome_unknown",
                    first.kind(SignedOperations.operation(HELD)),
                    first.lines().toString());
            for (int i = HELD + 1; i < OPERATIONS; i++) {
                // no route to the desktop: nothing was sent
                assertEquals(
                        "rejected",
                        first.kind(SignedOperations.operation(i)),
                        first.lines().toString());
            }

            // the link is back: another engine host presents the old operations and five new ones
            Path second = host.write(directory.resolve("requests-2.jsonl"), 0, OPERATIONS + 5);
            Path secondResults = directory.resolve("engine-2.results");
            Path secondStart = directory.resolve("start-2");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-2",
                    directory,
                    Deployments.runEngine(EngineRun.of(directory, "engine-2", url, host.keyEntry(), port, second)
                            .withAddress(address)
                            .withTimeoutMs(5_000)
                            .withResults(secondResults)
                            .withStart(secondStart)))) {
                await("the second engine host imported the executor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Files.exists(Path.of(secondResults + ".ready")));
                Files.writeString(secondStart, "go");
                await("the second engine host finished")
                        .atMost(Duration.ofMinutes(2))
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
            List<String> dispatched = SignedOperations.lines(log);
            assertEquals(HELD + 1 + 5, dispatched.size(), dispatched.toString());
            assertEquals(dispatched.size(), dispatched.stream().distinct().count(), "an element dispatched twice");
            for (int i = HELD + 1; i < OPERATIONS; i++) {
                assertFalse(dispatched.contains(SignedOperations.element(i)));
            }
            assertTrue(desktop.alive());
        }
    }
}
