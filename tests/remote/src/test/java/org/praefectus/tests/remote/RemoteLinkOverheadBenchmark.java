package org.praefectus.tests.remote;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.praefectus.tests.fleet.PostgresServer;
import org.praefectus.tests.fleet.TestNetwork;

/**
 * The remote executor's overhead across network namespaces (benchmarks/remote/link; root; not a test): the
 * signed operations of {@link RemoteOverheadBenchmark} through an engine host whose probe executor is
 * imported from a desktop host (a) in a namespace of its own, across a veth link, and (b) beside the engine
 * in one private namespace, over that namespace's loopback; each first with the kernel's default delayed
 * ACKs, then with {@code quickack 1} on the routes the two hosts use ({@link DelayedAcks}; across the link
 * first on the desktop's side alone), which only those namespaces and that link see. Prints p50/p95/p99 per
 * run and the delayed ACKs the desktop's namespace sent.
 */
public final class RemoteLinkOverheadBenchmark {

    private final Path directory;
    private final SignedOperations host = new SignedOperations();
    private final int operations;
    private int runs;

    private RemoteLinkOverheadBenchmark(Path directory, int operations) {
        this.directory = directory;
        this.operations = operations;
    }

    public static void main(String[] args) throws Exception {
        int operations = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        var benchmark = new RemoteLinkOverheadBenchmark(Files.createTempDirectory("praefectus-link-bench"), operations);
        // namespace 0: the desktop alone, across its veth link; namespace 1: desktop and engine together
        try (TestNetwork network = TestNetwork.create(2);
                PostgresServer database = PostgresServer.start(List.of("127.0.0.1", network.rootAddress(1)))) {
            String link = network.hostAddress(0);
            String subnet = network.rootAddress(0).replaceAll("\\.\\d+$", ".0") + "/30";
            List<String> alone = network.inHost(0, List.of());
            List<String> together = network.inHost(1, List.of());

            benchmark.remote(
                    "veth link, default delayed ACKs",
                    network.namespace(0),
                    alone,
                    link,
                    List.of(),
                    database.url("127.0.0.1"));
            // the desktop host is the side that delays its ACK (it answered with its stream header first)
            DelayedAcks.turnOff(network.namespace(0), "main", subnet);
            benchmark.remote(
                    "veth link, quickack on the desktop's route only",
                    network.namespace(0),
                    alone,
                    link,
                    List.of(),
                    database.url("127.0.0.1"));
            DelayedAcks.turnOff(null, "main", subnet);
            benchmark.remote(
                    "veth link, quickack on both ends' routes",
                    network.namespace(0),
                    alone,
                    link,
                    List.of(),
                    database.url("127.0.0.1"));

            String ledger = database.url(network.rootAddress(1));
            benchmark.remote(
                    "loopback in one namespace, default delayed ACKs",
                    network.namespace(1),
                    together,
                    "127.0.0.1",
                    together,
                    ledger);
            DelayedAcks.turnOff(network.namespace(1), "local", "127.0.0.1");
            benchmark.remote(
                    "loopback in one namespace, quickack on its lo route",
                    network.namespace(1),
                    together,
                    "127.0.0.1",
                    together,
                    ledger);
        }
    }

    /** One run: a fresh desktop host and engine host, {@link #operations} new operations. */
    private void remote(
            String label,
            String desktopNamespace,
            List<String> desktopWrapper,
            String desktopAddress,
            List<String> engineWrapper,
            String ledgerUrl)
            throws Exception {
        int run = runs++;
        String desktopId = "desktop-" + run;
        Path requests = host.write(directory.resolve(run + ".jsonl"), run * operations, (run + 1) * operations);
        Path results = directory.resolve(run + ".results");
        Path start = directory.resolve(run + ".start");
        int port = RemoteFleetTest.freePort();
        long delayedBefore = DelayedAcks.sent(desktopNamespace);
        try (HostJvm desktop = HostJvm.start(
                        desktopWrapper,
                        "praefectus.desktop.host.jar",
                        desktopId,
                        directory,
                        Deployments.desktop(
                                directory,
                                desktopId,
                                desktopAddress,
                                port,
                                directory.resolve(run + ".log"),
                                directory.resolve("no-hold")));
                HostJvm engine = HostJvm.start(
                        engineWrapper,
                        "praefectus.engine.host.jar",
                        "engine-" + run,
                        directory,
                        Deployments.runEngine(
                                EngineRun.of(directory, "engine-" + run, ledgerUrl, host.keyEntry(), port, requests)
                                        .withDesktop(desktopId)
                                        .withAddress(desktopAddress)
                                        .withResults(results)
                                        .withStart(start)))) {
            BenchmarkRuns.run(results, start);
        }
        long delayed = DelayedAcks.sent(desktopNamespace) - delayedBefore;
        BenchmarkRuns.report(
                "remote, " + label,
                Results.read(results),
                BenchmarkRuns.warmup(operations),
                "delayedACKs(desktop namespace)=" + delayed);
    }
}
