package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.praefectus.tests.fleet.PostgresServer;
import org.praefectus.tests.fleet.TestNetwork;

/**
 * Observe alone, remote against local (benchmarks/remote/observe; root, inside scripts/test-desktop; not a
 * test): {@code observeSemantic} of this test desktop (Xvfb, AT-SPI) with a zenity entry window active, timed
 * by the observe driver, first with the Linux executor in the driver's own framework (observe-host.jar), then
 * imported from the real desktop host (run/desktop.jar) in a network namespace of its own across a veth link,
 * once with the kernel's default delayed ACKs and once with {@code quickack 1} on the link's routes.
 */
public final class RemoteObserveBenchmark {

    static final String TITLE = "Praefectus Observe";

    private RemoteObserveBenchmark() {}

    public static void main(String[] args) throws Exception {
        int observations = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        String display = System.getenv("DISPLAY");
        if (display == null || display.isBlank()) {
            throw new IllegalStateException("DISPLAY is not set: run inside scripts/test-desktop");
        }
        Path directory = Files.createTempDirectory("praefectus-observe-bench");
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", TITLE, "--text", "observed remotely")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            Path local = directory.resolve("local.results");
            try (HostJvm observer = HostJvm.start(
                    "praefectus.observe.host.jar",
                    "observe-local",
                    directory,
                    Deployments.localObserver(directory, "observe-local", TITLE, observations, local))) {
                report("local Linux executor (same framework)", local, observations, "");
            }
            try (TestNetwork network = TestNetwork.create(1);
                    PostgresServer database = PostgresServer.start(List.of("127.0.0.1"))) {
                String subnet = network.rootAddress(0).replaceAll("\\.\\d+$", ".0") + "/30";
                remote(directory, network, database, "default delayed ACKs", observations);
                DelayedAcks.turnOff(network.namespace(0), "main", subnet);
                DelayedAcks.turnOff(null, "main", subnet);
                remote(directory, network, database, "quickack on both ends' routes", observations);
            }
        } finally {
            zenity.destroy();
            zenity.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** run/desktop.jar in namespace 0 serves the Linux executor to an engine host across the veth link. */
    private static void remote(
            Path directory, TestNetwork network, PostgresServer database, String label, int observations)
            throws Exception {
        String name = label.startsWith("default") ? "default" : "quickack";
        Path results = directory.resolve(name + ".results");
        int port = RemoteFleetTest.freePort();
        long delayedBefore = DelayedAcks.sent(network.namespace(0));
        try (HostJvm desktop = HostJvm.start(
                        network.inHost(0, List.of()),
                        "praefectus.desktop.jar",
                        "desktop-" + name,
                        directory,
                        Deployments.linuxDesktop(directory, "desktop-" + name, network.hostAddress(0), port));
                HostJvm engine = HostJvm.start(
                        "praefectus.engine.host.jar",
                        "engine-" + name,
                        directory,
                        Deployments.remoteObserver(
                                directory,
                                "engine-" + name,
                                database.url("127.0.0.1"),
                                "desktop-" + name,
                                network.hostAddress(0),
                                port,
                                TITLE,
                                observations,
                                results))) {
            awaitDone(results);
        }
        long delayed = DelayedAcks.sent(network.namespace(0)) - delayedBefore;
        report(
                "remote Linux executor, veth link, " + label,
                results,
                observations,
                "delayedACKs(desktop namespace)=" + delayed);
    }

    private static void report(String label, Path results, int observations, String extra) throws Exception {
        awaitDone(results);
        BenchmarkRuns.report(
                label,
                Results.read(results).latenciesMicros(),
                BenchmarkRuns.warmup(observations),
                (elements(results) + " " + extra).strip());
    }

    /** {@code elements=<n>}: the size of the observed window's tree, as the observe driver wrote it. */
    static String elements(Path results) throws Exception {
        return SignedOperations.lines(results).stream()
                .filter(line -> line.startsWith("ELEMENTS "))
                .findFirst()
                .orElseThrow()
                .toLowerCase(java.util.Locale.ROOT)
                .replace(' ', '=');
    }

    static void awaitDone(Path results) throws Exception {
        Path error = Path.of(results + ".error");
        await("the observations")
                .atMost(Duration.ofMinutes(20))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    if (Files.exists(error)) {
                        throw new IllegalStateException("the observe driver failed: " + Files.readString(error));
                    }
                    return Results.read(results).done();
                });
    }
}
