package org.praefectus.tests.remote;

import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What the remote benchmarks (and RemoteStallTest) share: start an engine host's run, wait for it, print its percentiles. */
final class BenchmarkRuns {

    private BenchmarkRuns() {}

    /** The first fifth of a run, at most 200 operations, is warm-up and not counted. */
    static int warmup(int operations) {
        return Math.min(200, operations / 5);
    }

    /** Starts the driver of an engine host once it is ready and waits until it wrote all its answers. */
    static void run(Path results, Path start) throws Exception {
        await("the engine host")
                .atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Files.exists(Path.of(results + ".ready")));
        Files.writeString(start, "go");
        await("the run")
                .atMost(Duration.ofMinutes(20))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Results.read(results).done());
    }

    static void report(String label, Results results, int warmup) {
        report(label, results, warmup, "");
    }

    static void report(String label, Results results, int warmup, String extra) {
        long succeeded = results.byOperation().keySet().stream()
                .filter(operation -> "succeeded".equals(results.kind(operation)))
                .count();
        report(label, results.latenciesMicros(), warmup, ("succeeded=" + succeeded + " " + extra).strip());
    }

    /** One row: {@code label n=… p50=… p95=… p99=… extra}, of the latencies after the warm-up. */
    static void report(String label, List<Long> latenciesMicros, int warmup, String extra) {
        List<Long> measured = new ArrayList<>(latenciesMicros.subList(warmup, latenciesMicros.size()));
        Collections.sort(measured);
        System.out.printf(
                "%-62s n=%d p50=%.2f ms p95=%.2f ms p99=%.2f ms %s%n",
                label,
                measured.size(),
                percentile(measured, 50) / 1000.0,
                percentile(measured, 95) / 1000.0,
                percentile(measured, 99) / 1000.0,
                extra);
    }

    /** The median of the latencies after the warm-up (µs). */
    static long p50(List<Long> latenciesMicros, int warmup) {
        List<Long> measured = new ArrayList<>(latenciesMicros.subList(warmup, latenciesMicros.size()));
        Collections.sort(measured);
        return percentile(measured, 50);
    }

    private static long percentile(List<Long> sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index));
    }
}
