package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
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
 * A real desktop across the link: run/desktop.jar, in a network namespace of its own, serves the Linux
 * executor of this test desktop (Xvfb, AT-SPI; scripts/test-desktop) with a zenity entry window; an engine
 * host in another framework, reaching it over a veth link, observes the
 * window through the imported executor, signs a set_value with target-value-hash verification and executes
 * it: succeeded and verified. Its replay, and the same request presented by a second engine host with an
 * empty file ledger, are served from the shared PostgreSQL ledger without a second dispatch.
 */
class RemoteZenityTest {

    private static final String TITLE = "Praefectus Remote";
    private static final String VALUE = "set across the link";

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aSignedVerifiedSetValueOnARealDesktopAcrossTheLinkReplaysFromTheSharedLedger() throws Exception {
        String display = System.getenv("DISPLAY");
        // a desktop test fails without its desktop, it never skips: run it inside scripts/test-desktop
        assertFalse(display == null || display.isBlank(), "DISPLAY is not set: run inside scripts/test-desktop");
        int port = RemoteFleetTest.freePort();
        Path request = directory.resolve("request.json");
        Path key = directory.resolve("key");
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", TITLE, "--text", "filled remotely")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (TestNetwork network = TestNetwork.create(1);
                PostgresServer database = PostgresServer.start(List.of("127.0.0.1"));
                HostJvm desktop = HostJvm.start(
                        network.inHost(0, List.of()),
                        "praefectus.desktop.jar",
                        "linux-desktop",
                        directory,
                        Deployments.linuxDesktop(directory, "linux-desktop", network.hostAddress(0), port))) {
            String address = network.hostAddress(0);
            String url = database.url("127.0.0.1");
            Path firstResults = directory.resolve("first.results");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-1",
                    directory,
                    Deployments.zenityEngine(
                            directory,
                            "engine-1",
                            url,
                            "",
                            "linux-desktop",
                            address,
                            port,
                            TITLE,
                            VALUE,
                            request,
                            key,
                            firstResults,
                            false))) {
                await("the first engine host's answers")
                        .atMost(Duration.ofMinutes(3))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> SignedOperations.lines(firstResults).contains("DONE"));
            }
            List<String> first = SignedOperations.lines(firstResults);
            // kind, verified, replayed, acknowledgements: dispatched once (accepted, executing, terminal)
            assertEquals("FIRST succeeded true false 3", first.get(0), first.toString());
            // the replay: the terminal alone, nothing dispatched
            assertEquals("AGAIN succeeded true true 1", first.get(1), first.toString());

            Path secondResults = directory.resolve("second.results");
            String pinned = Files.readString(key, StandardCharsets.UTF_8);
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-2",
                    directory,
                    Deployments.zenityEngine(
                            directory,
                            "engine-2",
                            url,
                            pinned,
                            "linux-desktop",
                            address,
                            port,
                            TITLE,
                            VALUE,
                            request,
                            key,
                            secondResults,
                            true))) {
                await("the second engine host's answer")
                        .atMost(Duration.ofMinutes(3))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> SignedOperations.lines(secondResults).contains("DONE"));
            }
            List<String> second = SignedOperations.lines(secondResults);
            // a host that never saw the operation answers it from the shared ledger
            assertEquals("AGAIN succeeded true true 1", second.get(0), second.toString());
        } finally {
            zenity.destroy();
            zenity.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
