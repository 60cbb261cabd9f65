package org.praefectus.linux.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.AtspiCache;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * {@code elements --selector S --app A} through the element finder the resident runtime keeps: cold (a new
 * finder per lookup, as a one-shot CLI process) and warm (one finder, 500 ms lifetime, AT-SPI event
 * invalidation), with how many warm lookups the cache answered.
 *   java ... ElementCacheBenchmark APP SELECTOR RUNS
 */
public final class ElementCacheBenchmark {

    public static void main(String[] arguments) throws Exception {
        ElementScope scope = new ElementScope(arguments[0], null, null);
        Selector selector = Selector.parse(arguments[1]);
        int runs = Integer.parseInt(arguments[2]);
        try (LinuxExecutor executor = new LinuxExecutor(
                new DesktopConnections(System.getenv()),
                new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, Path.of("/tmp")))) {
            for (int i = 0; i < 50; i++) { // JIT and connections warm
                new ElementFinder(executor, 0).find(selector, scope, 0, new CancellationToken(), deadline());
            }
            List<Double> cold = new ArrayList<>();
            int matched = 0;
            for (int i = 0; i < runs; i++) {
                long start = System.nanoTime();
                matched = new ElementFinder(executor, 0)
                        .find(selector, scope, 0, new CancellationToken(), deadline())
                        .elements()
                        .size();
                cold.add((System.nanoTime() - start) / 1e6);
            }
            List<Double> warm = new ArrayList<>();
            int hits = 0;
            try (ElementFinder finder = new ElementFinder(executor, AtspiCache.DEFAULT_TTL_MS)) {
                finder.find(selector, scope, 0, new CancellationToken(), deadline());
                for (int i = 0; i < runs; i++) {
                    long start = System.nanoTime();
                    boolean hit = finder.find(selector, scope, 0, new CancellationToken(), deadline()).cacheHit();
                    double ms = (System.nanoTime() - start) / 1e6;
                    if (hit) {
                        hits++;
                        warm.add(ms);
                    }
                    Thread.sleep(20);
                }
                System.out.printf(
                        "elements %s matched=%d cold_median_ms=%.2f warm_hit_median_ms=%.3f warm_hits=%d/%d"
                                + " invalidations=%d%n",
                        arguments[1], matched, median(cold), warm.isEmpty() ? Double.NaN : median(warm), hits, runs,
                        finder.invalidations());
            }
        }
    }

    private static long deadline() {
        return System.currentTimeMillis() + 30_000;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
