package org.praefectus.tests.scale;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.ledger.jdbc.JdbcOutcomeLedger;
import org.praefectus.tests.fleet.PostgresServer;
import org.praefectus.tests.fleet.TestNetwork;

/**
 * benchmarks/scale: claim + terminal latency of {@link JdbcOutcomeLedger} on PostgreSQL over loopback and
 * across a network-namespace link (veth), and throughput with 1, 4 and 16 hosts racing the same
 * operations. Not a test: {@code benchmarks/scale/run} runs it.
 */
public final class LedgerBenchmark {

    private LedgerBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("latency")) {
            latency(args[1], args[2], Integer.parseInt(args[3]));
            return;
        }
        int operations = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        try (TestNetwork network = TestNetwork.create(1);
                PostgresServer database = PostgresServer.start(List.of("127.0.0.1", network.rootAddress(0)))) {
            database.newDatabase("loopback");
            database.newDatabase("link");
            database.newDatabase("race");
            latency("loopback", database.url().replace("/postgres", "/loopback"), operations);
            // the same measurement from a JVM inside the namespace, through the veth pair
            List<String> command = network.inHost(
                    0,
                    List.of(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            LedgerBenchmark.class.getName(),
                            "latency",
                            "namespace-link",
                            database.url(network.rootAddress(0)).replace("/postgres", "/link"),
                            Integer.toString(operations)));
            System.out.print(PostgresServer.run(command));
            for (int hosts : new int[] {1, 4, 16}) {
                throughput(database.url().replace("/postgres", "/race"), hosts, operations, "race" + hosts + "-");
            }
        }
    }

    private static HikariDataSource pool(String url, int size) throws java.sql.SQLException {
        HikariConfig config = new HikariConfig();
        config.setDataSource(PostgresServer.dataSource(url, 10));
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        return new HikariDataSource(config);
    }

    /** Sequential begin (claim) + record (terminal) of fresh operations: what one dispatch adds. */
    private static void latency(String label, String url, int operations) throws Exception {
        try (HikariDataSource pool = pool(url, 2);
                JdbcOutcomeLedger ledger = new JdbcOutcomeLedger(pool, "bench", Duration.ofSeconds(1))) {
            for (int i = 0; i < 200; i++) { // warm-up: schema, JIT, pool
                claimAndRecord(ledger, "warm-" + label + "-" + i);
            }
            long[] nanos = new long[operations];
            for (int i = 0; i < operations; i++) {
                long start = System.nanoTime();
                claimAndRecord(ledger, label + "-" + i);
                nanos[i] = System.nanoTime() - start;
            }
            Arrays.sort(nanos);
            System.out.printf(
                    Locale.ROOT,
                    "latency %-15s n=%d claim+terminal p50=%.2f ms p95=%.2f ms p99=%.2f ms%n",
                    label,
                    operations,
                    nanos[operations / 2] / 1e6,
                    nanos[operations * 95 / 100] / 1e6,
                    nanos[operations * 99 / 100] / 1e6);
        }
    }

    private static void claimAndRecord(JdbcOutcomeLedger ledger, String operation) throws Exception {
        OutcomeKey key = Terminals.key(operation);
        if (ledger.begin(key) instanceof OutcomeDecision.Dispatch) {
            ledger.record(key, Terminals.succeeded(key));
        }
    }

    /** {@code hosts} ledgers (each its own pool of one connection) race the same operations. */
    private static void throughput(String url, int hosts, int operations, String prefix) throws Exception {
        List<HikariDataSource> pools = new ArrayList<>();
        List<JdbcOutcomeLedger> ledgers = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(hosts);
        try {
            for (int h = 0; h < hosts; h++) {
                HikariDataSource pool = pool(url, 1);
                pools.add(pool);
                JdbcOutcomeLedger ledger = new JdbcOutcomeLedger(pool, "host-" + h, Duration.ofSeconds(1));
                ledgers.add(ledger);
                claimAndRecord(ledger, prefix + "warm-" + h);
            }
            long start = System.nanoTime();
            List<Future<Integer>> done = new ArrayList<>();
            for (JdbcOutcomeLedger ledger : ledgers) {
                done.add(threads.submit(() -> {
                    int dispatched = 0;
                    for (int i = 0; i < operations; i++) {
                        OutcomeKey key = Terminals.key(prefix + i);
                        if (ledger.begin(key) instanceof OutcomeDecision.Dispatch) {
                            ledger.record(key, Terminals.succeeded(key));
                            dispatched++;
                        }
                    }
                    return dispatched;
                }));
            }
            int dispatched = 0;
            for (Future<Integer> future : done) {
                dispatched += future.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "throughput hosts=%-2d operations=%d dispatched=%d %.0f operations/s, %.0f claims answered/s%n",
                    hosts,
                    operations,
                    dispatched,
                    operations / seconds,
                    (double) operations * hosts / seconds);
        } finally {
            threads.shutdownNow();
            ledgers.forEach(JdbcOutcomeLedger::close);
            pools.forEach(HikariDataSource::close);
        }
    }
}
