package org.praefectus.tests.remote;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.praefectus.tests.fleet.PostgresServer;
import org.praefectus.tests.fleet.TestNetwork;

/**
 * A signed operation and an observe, each local, remote over loopback and remote across a veth link, side by side
 * in one run (benchmarks/remote/side-by-side; root, inside scripts/test-desktop; not a test). The operation is
 * {@link RemoteOverheadBenchmark}'s (the probe executor: the engine's own cost and the link's, no desktop work);
 * the observe is {@link RemoteObserveBenchmark}'s ({@code observeSemantic} of this test desktop's zenity window
 * through the Linux executor). Remote is the link ({@code praefectus.tcp}) with the kernel's defaults: no route
 * option on any side. Each row is printed with its ratio to the local row of its kind.
 */
public final class RemoteSideBySideBenchmark {

    private final Path directory;
    private final SignedOperations host = new SignedOperations();
    private final int count;
    private int runs;

    private RemoteSideBySideBenchmark(Path directory, int count) {
        this.directory = directory;
        this.count = count;
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        String display = System.getenv("DISPLAY");
        if (display == null || display.isBlank()) {
            throw new IllegalStateException("DISPLAY is not set: run inside scripts/test-desktop");
        }
        var benchmark = new RemoteSideBySideBenchmark(Files.createTempDirectory("praefectus-side-by-side"), count);
        Process zenity = new ProcessBuilder(
                        "zenity", "--entry", "--title", RemoteObserveBenchmark.TITLE, "--text", "observed remotely")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (TestNetwork network = TestNetwork.create(1);
                PostgresServer database = PostgresServer.start(List.of("127.0.0.1"))) {
            String ledger = database.url("127.0.0.1");
            List<String> inNamespace = network.inHost(0, List.of());
            String veth = network.hostAddress(0);

            long local = benchmark.localOperations(ledger);
            benchmark.remoteOperations("operation, remote over loopback", List.of(), "127.0.0.1", ledger, local);
            benchmark.remoteOperations("operation, remote across a veth link", inNamespace, veth, ledger, local);

            long observe = benchmark.localObserve();
            benchmark.remoteObserve("observe, remote over loopback", List.of(), "127.0.0.1", ledger, observe);
            benchmark.remoteObserve("observe, remote across a veth link", inNamespace, veth, ledger, observe);
        } finally {
            zenity.destroy();
            zenity.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The probe executor in the engine host's own framework; returns its p50 (µs). */
    private long localOperations(String ledger) throws Exception {
        int run = runs++;
        Path requests = host.write(directory.resolve(run + ".jsonl"), run * count, (run + 1) * count);
        Path results = directory.resolve(run + ".results");
        Path start = directory.resolve(run + ".start");
        try (HostJvm engine = HostJvm.start(
                "praefectus.engine.host.jar",
                "engine-" + run,
                directory,
                Deployments.engineWithLocalProbe(
                        directory,
                        "engine-" + run,
                        ledger,
                        host.keyEntry(),
                        directory.resolve(run + ".log"),
                        requests,
                        results,
                        start))) {
            BenchmarkRuns.run(results, start);
        }
        return report(
                "operation, local executor (same framework)",
                Results.read(results).latenciesMicros(),
                0,
                "");
    }

    /** The probe imported from a desktop host at {@code address}, started under {@code wrapper}. */
    private void remoteOperations(String label, List<String> wrapper, String address, String ledger, long local)
            throws Exception {
        int run = runs++;
        String desktopId = "desktop-" + run;
        Path requests = host.write(directory.resolve(run + ".jsonl"), run * count, (run + 1) * count);
        Path results = directory.resolve(run + ".results");
        Path start = directory.resolve(run + ".start");
        int port = RemoteFleetTest.freePort();
        try (HostJvm desktop = HostJvm.start(
                        wrapper,
                        "praefectus.desktop.host.jar",
                        desktopId,
                        directory,
                        Deployments.desktop(
                                directory,
                                desktopId,
                                address,
                                port,
                                directory.resolve(run + ".log"),
                                directory.resolve("no-hold")));
                HostJvm engine = HostJvm.start(
                        "praefectus.engine.host.jar",
                        "engine-" + run,
                        directory,
                        Deployments.runEngine(
                                EngineRun.of(directory, "engine-" + run, ledger, host.keyEntry(), port, requests)
                                        .withDesktop(desktopId)
                                        .withAddress(address)
                                        .withResults(results)
                                        .withStart(start)))) {
            BenchmarkRuns.run(results, start);
        }
        report(label, Results.read(results).latenciesMicros(), local, "");
    }

    /** The Linux executor in the timing framework; returns its p50 (µs). */
    private long localObserve() throws Exception {
        int run = runs++;
        Path results = directory.resolve(run + ".results");
        try (HostJvm observer = HostJvm.start(
                "praefectus.observe.host.jar",
                "observe-" + run,
                directory,
                Deployments.localObserver(directory, "observe-" + run, RemoteObserveBenchmark.TITLE, count, results))) {
            RemoteObserveBenchmark.awaitDone(results);
        }
        return report(
                "observe, local Linux executor (same framework)",
                Results.read(results).latenciesMicros(),
                0,
                RemoteObserveBenchmark.elements(results));
    }

    /** The real desktop host (run/desktop.jar) under {@code wrapper} serves the Linux executor from {@code address}. */
    private void remoteObserve(String label, List<String> wrapper, String address, String ledger, long local)
            throws Exception {
        int run = runs++;
        String desktopId = "desktop-" + run;
        Path results = directory.resolve(run + ".results");
        int port = RemoteFleetTest.freePort();
        try (HostJvm desktop = HostJvm.start(
                        wrapper,
                        "praefectus.desktop.jar",
                        desktopId,
                        directory,
                        Deployments.linuxDesktop(directory, desktopId, address, port));
                HostJvm engine = HostJvm.start(
                        "praefectus.engine.host.jar",
                        "engine-" + run,
                        directory,
                        Deployments.remoteObserver(
                                directory,
                                "engine-" + run,
                                ledger,
                                desktopId,
                                address,
                                port,
                                RemoteObserveBenchmark.TITLE,
                                count,
                                results))) {
            RemoteObserveBenchmark.awaitDone(results);
        }
        report(label, Results.read(results).latenciesMicros(), local, RemoteObserveBenchmark.elements(results));
    }

    /** Prints the row with its ratio to {@code local} (none when 0: it is the local row); returns its p50 (µs). */
    private long report(String label, List<Long> latencies, long local, String extra) {
        int warmup = BenchmarkRuns.warmup(count);
        long p50 = BenchmarkRuns.p50(latencies, warmup);
        String ratio = local == 0 ? "" : String.format("ratio(p50, local)=%.2fx", (double) p50 / local);
        BenchmarkRuns.report(label, latencies, warmup, (extra + " " + ratio).strip());
        return p50;
    }
}
