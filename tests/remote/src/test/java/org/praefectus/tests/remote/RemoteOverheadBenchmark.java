package org.praefectus.tests.remote;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * The remote executor's overhead on one operation (benchmarks/remote/run; not a test): the same signed
 * operations through an engine host's Engine, once with the probe executor in the engine's own framework
 * and once with it imported from a desktop host's framework over loopback (the praefectus.tcp link), both on the
 * PostgreSQL ledger. Prints p50/p95/p99 of the execute call per run, after a warm-up.
 */
public final class RemoteOverheadBenchmark {

    private RemoteOverheadBenchmark() {}

    public static void main(String[] args) throws Exception {
        int operations = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int warmup = BenchmarkRuns.warmup(operations);
        Path directory = Files.createTempDirectory("praefectus-remote-bench");
        SignedOperations host = new SignedOperations();
        try (PostgresServer database = PostgresServer.start(List.of("127.0.0.1"))) {
            String url = database.url("127.0.0.1");

            Path localRequests = host.write(directory.resolve("local.jsonl"), 0, operations);
            Path localResults = directory.resolve("local.results");
            Path localStart = directory.resolve("local.start");
            try (HostJvm engine = HostJvm.start(
                    "praefectus.engine.host.jar",
                    "engine-local",
                    directory,
                    Deployments.engineWithLocalProbe(
                            directory,
                            "engine-local",
                            url,
                            host.keyEntry(),
                            directory.resolve("local.log"),
                            localRequests,
                            localResults,
                            localStart))) {
                BenchmarkRuns.run(localResults, localStart);
            }
            BenchmarkRuns.report("local executor (same framework)", Results.read(localResults), warmup);

            Path remoteRequests = host.write(directory.resolve("remote.jsonl"), operations, 2 * operations);
            Path remoteResults = directory.resolve("remote.results");
            Path remoteStart = directory.resolve("remote.start");
            int port = RemoteFleetTest.freePort();
            try (HostJvm desktop = HostJvm.start(
                            "praefectus.desktop.host.jar",
                            "desktop-bench",
                            directory,
                            Deployments.desktop(
                                    directory,
                                    "desktop-bench",
                                    port,
                                    directory.resolve("remote.log"),
                                    directory.resolve("no-hold")));
                    HostJvm engine = HostJvm.start(
                            "praefectus.engine.host.jar",
                            "engine-remote",
                            directory,
                            Deployments.runEngine(
                                    EngineRun.of(directory, "engine-remote", url, host.keyEntry(), port, remoteRequests)
                                            .withDesktop("desktop-bench")
                                            .withResults(remoteResults)
                                            .withStart(remoteStart)))) {
                // a run begun before the desktop host listens has its first operations rejected (refused)
                HostJvm.awaitServing("127.0.0.1", port);
                BenchmarkRuns.run(remoteResults, remoteStart);
            }
            BenchmarkRuns.report(
                    "remote executor (other framework, loopback TCP)", Results.read(remoteResults), warmup);
        }
    }
}
