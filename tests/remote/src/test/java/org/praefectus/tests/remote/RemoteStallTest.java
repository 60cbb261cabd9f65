package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * Issue #40 defect 1: one stall of a desktop host killed its remote executor for good. The desktop JVM is
 * stopped (SIGSTOP) for 4 s twice while it holds a dispatch, so the engine host gives up on that call (its
 * endpoint's 2 s timeout) and on the calls it makes meanwhile; then clients reset 30 connections to the
 * desktop's port. Afterwards the desktop host serves again: a second engine host's 5 new operations each
 * succeed with one dispatch, and nothing was dispatched twice. Aries RSA 1.16.1's TCP server stopped a
 * worker thread on every such connection error (10 in all), after which every operation was rejected. Each
 * reset leaves a line in the desktop host's log (#40 defect 2).
 */
class RemoteStallTest {

    private static final int OPERATIONS = 40;
    private static final int FIRST_HELD = 5;
    private static final int SECOND_HELD = 20;
    private static final long STALL_MS = 4_000;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 400, unit = TimeUnit.SECONDS)
    void aDesktopHostServesAgainAfterStallsAndResets() throws Exception {
        SignedOperations host = new SignedOperations();
        Path requests = host.write(directory.resolve("requests.jsonl"), 0, OPERATIONS);
        Path log = directory.resolve("dispatches.log");
        Path hold = directory.resolve("hold");
        Files.writeString(hold, SignedOperations.element(FIRST_HELD));
        int port = RemoteFleetTest.freePort();
        Path desktopJson = Deployments.desktop(directory, "desktop-1", port, log, hold);

        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start("praefectus.desktop.host.jar", "desktop-1", directory, desktopJson)) {
            String url = database.url("127.0.0.1");
            Path firstResults = directory.resolve("engine-1.results");
            Path start = directory.resolve("start");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-1",
                    directory,
                    Deployments.runEngine(EngineRun.of(directory, "engine-1", url, host.keyEntry(), port, requests)
                            .withTimeoutMs(2_000)
                            .withResults(firstResults)
                            .withStart(start)))) {
                await("the engine host imported the executor")
                        .atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Files.exists(Path.of(firstResults + ".ready")));
                Files.writeString(start, "go");

                stallWhileHeld(
                        desktop,
                        log,
                        firstResults,
                        FIRST_HELD,
                        () -> Files.writeString(hold, SignedOperations.element(SECOND_HELD)));
                stallWhileHeld(desktop, log, firstResults, SECOND_HELD, () -> Files.delete(hold));
                await("the first engine host finished")
                        .atMost(Duration.ofMinutes(4))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> Results.read(firstResults).done());
                assertTrue(engine.alive());
            }
            resetConnections(port, 30);

            Results first = Results.read(firstResults);
            assertEquals(OPERATIONS, first.byOperation().size(), first.lines().toString());
            // the engine gave up on the held dispatches: never reported as done
            assertNotEquals("succeeded", first.kind(SignedOperations.operation(FIRST_HELD)));
            assertNotEquals("succeeded", first.kind(SignedOperations.operation(SECOND_HELD)));

            Path second = host.write(directory.resolve("requests-2.jsonl"), OPERATIONS, OPERATIONS + 5);
            Path secondResults = directory.resolve("engine-2.results");
            Path secondStart = directory.resolve("start-2");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-2",
                    directory,
                    Deployments.runEngine(EngineRun.of(directory, "engine-2", url, host.keyEntry(), port, second)
                            .withTimeoutMs(5_000)
                            .withResults(secondResults)
                            .withStart(secondStart)))) {
                BenchmarkRuns.run(secondResults, secondStart);
            }
            Results again = Results.read(secondResults);
            for (int i = OPERATIONS; i < OPERATIONS + 5; i++) {
                assertEquals(
                        "succeeded",
                        again.kind(SignedOperations.operation(i)),
                        again.lines().toString());
            }
            List<String> dispatched = SignedOperations.lines(log);
            assertEquals(dispatched.size(), new HashSet<>(dispatched).size(), "an element was dispatched twice");
            for (int i = OPERATIONS; i < OPERATIONS + 5; i++) {
                assertTrue(dispatched.contains(SignedOperations.element(i)), "operation " + i + " not dispatched");
            }
            assertTrue(desktop.alive());
            // #40 defect 2: every fault left a line in the desktop host's own log, which slf4j's no-op provider lost
            Path desktopLog =
                    HostJvm.stateHome(directory, "desktop-1").resolve("praefectus/desktop-host/logs/desktop-host.log");
            String text = Files.readString(desktopLog);
            assertTrue(
                    text.contains(
                            "org.praefectus.remote.link.LinkServer - link on port " + port + ": connection ended ("),
                    text);
            assertTrue(text.contains(" - desktop host serving 1 exported executor(s)"), text);
        }
    }

    /** What the test does while the desktop host is stopped. */
    private interface WhileStopped {
        void run() throws Exception;
    }

    // stops the desktop while it holds this element's dispatch, for longer than the engine waits for an answer
    private static void stallWhileHeld(HostJvm desktop, Path log, Path results, int held, WhileStopped whileStopped)
            throws Exception {
        String element = SignedOperations.element(held);
        await("the held dispatch of operation " + held + ", or the engine host's end")
                .atMost(Duration.ofMinutes(4))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> SignedOperations.lines(log).contains(element)
                        || Results.read(results).done());
        assertTrue(
                SignedOperations.lines(log).contains(element),
                "the desktop host stopped serving after a stall: "
                        + Results.read(results).lines());
        desktop.stop();
        try {
            whileStopped.run();
            // the fault itself: the stall lasts this long, whatever happens meanwhile
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(STALL_MS));
        } finally {
            desktop.resume();
        }
    }

    // clients that reset their connection (SO_LINGER 0), half of them after a few bytes of a call
    private static void resetConnections(int port, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                if (i % 2 == 0) {
                    OutputStream out = socket.getOutputStream();
                    out.write(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5});
                    out.flush();
                }
                socket.setSoLinger(true, 0);
            }
        }
    }
}
