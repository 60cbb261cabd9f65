package org.praefectus.tests.engine;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.postgresql.osgi.PGDataSourceFactory;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.engine.authority.AuthorityConfig;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;
import org.praefectus.ledger.jdbc.JdbcLedgerConfig;
import org.praefectus.ledger.jdbc.JdbcOutcomeLedger;
import org.praefectus.ledger.jdbc.JdbcOutcomeLedgerComponent;

/**
 * One engine host of the race, a JVM of its own (in its own network namespace): the real engine with its
 * own file ledger, the shared {@link JdbcOutcomeLedger} over HikariCP and the driver's DataSourceFactory,
 * and an executor that appends every dispatch to a log before it returns.
 *
 * <p>Commands on stdin: {@code run N} executes the next N requests; {@code block} makes the next dispatch
 * hang (the test kills the JVM there); {@code pause} makes the next dispatch wait for {@code go};
 * {@code finish} waits for kept terminals to be written and exits. Events on stdout, one a line.
 */
public final class RaceHost {

    private static final String LEDGER_DOWN = "outcome ledger is unavailable";

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String hostId = args[1];
        Path directory = Path.of(args[2]);
        List<String> requests = Files.readAllLines(Path.of(args[3]), StandardCharsets.UTF_8);
        String keyEntry = args[4];
        PrintStream out =
                new PrintStream(new FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);

        LinkedBlockingQueue<String> commands = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<String> goes = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    (line.equals("go") ? goes : commands).add(line);
                }
            } catch (java.io.IOException e) {
                // the test closed stdin
            }
            commands.add("finish");
        });
        reader.setDaemon(true);
        reader.start();

        AtomicReference<String> armed = new AtomicReference<>();
        OutputStream dispatches = Files.newOutputStream(directory.resolve("dispatches.log"));
        AtomicReference<String> current = new AtomicReference<>();
        TestExecutor executor = new TestExecutor("race");
        executor.onDispatch = () -> {
            try {
                // written before the effect returns: a JVM killed now still shows this dispatch
                dispatches.write((current.get() + "\n").getBytes(StandardCharsets.UTF_8));
                dispatches.flush();
                String mode = armed.getAndSet(null);
                if ("block".equals(mode)) {
                    out.println("BLOCKED " + current.get());
                    new CountDownLatch(1).await();
                } else if ("pause".equals(mode)) {
                    out.println("PAUSED " + current.get());
                    goes.poll(120, TimeUnit.SECONDS);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };

        try (var pool = JdbcOutcomeLedgerComponent.pool(new PGDataSourceFactory(), config(url, hostId), hostId);
                JdbcOutcomeLedger shared = new JdbcOutcomeLedger(pool, hostId, Duration.ofMillis(200))) {
            OperationEngine engine = new OperationEngine(
                    ExecutorRegistry.of(executor),
                    new Ed25519AuthorityVerifier(PinnedKeyring.fromConfig(keys(keyEntry))),
                    shared,
                    new OperationLedger(directory.resolve("operations.jsonl")),
                    EngineOptions.fromEnvironment());
            int next = 0;
            while (true) {
                String command = commands.take();
                if (command.equals("block") || command.equals("pause")) {
                    armed.set(command);
                } else if (command.startsWith("run ")) {
                    int end = Math.min(requests.size(), next + Integer.parseInt(command.substring(4)));
                    for (; next < end; next++) {
                        String request = requests.get(next);
                        current.set("op-" + next);
                        ActionAck ack = terminalOf(
                                engine.execute(request.getBytes(StandardCharsets.UTF_8), new CancellationToken()));
                        Terminal terminal = ((AckState.Finished) ack.state()).terminal();
                        out.println("RESULT " + ack.operationId() + " " + terminal.kind() + " " + ack.replayed());
                        if (terminal instanceof Terminal.Failed failed
                                && failed.message().equals(LEDGER_DOWN)) {
                            out.println("LEDGER-DOWN " + ack.operationId());
                            awaitLedger(shared);
                            out.println("LEDGER-UP");
                        }
                    }
                    out.println("RAN " + next);
                } else if (command.equals("finish")) {
                    // a timeout ends this host with the reason on stderr, which the test reports
                    await("the kept terminals are written")
                            .atMost(Duration.ofSeconds(60))
                            .pollInterval(Duration.ofMillis(50))
                            .until(shared::pendingTerminals, pending -> pending == 0);
                    out.println("DONE pending=" + shared.pendingTerminals());
                    return;
                }
            }
        }
    }

    private static ActionAck terminalOf(ExecuteReport report) {
        return report.acknowledgements().get(report.acknowledgements().size() - 1);
    }

    // a host backs off while its ledger is unreachable instead of refusing one operation after another
    private static void awaitLedger(JdbcOutcomeLedger shared) {
        await("the shared ledger is reachable again")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(100))
                .ignoreExceptionsInstanceOf(SQLException.class)
                .untilAsserted(shared::state);
    }

    private static AuthorityConfig keys(String entry) {
        return new AuthorityConfig() {
            @Override
            public String[] keys() {
                return new String[] {entry};
            }

            @Override
            public Class<? extends Annotation> annotationType() {
                return AuthorityConfig.class;
            }
        };
    }

    private static JdbcLedgerConfig config(String url, String hostId) {
        return new JdbcLedgerConfig() {
            @Override
            public String url() {
                return url;
            }

            @Override
            public String user() {
                return "praefectus";
            }

            @Override
            public String _password() {
                return "";
            }

            @Override
            public String host_id() {
                return hostId;
            }

            @Override
            public int pool_size() {
                return 2;
            }

            @Override
            public long connect_timeout_ms() {
                return 1000;
            }

            @Override
            public int socket_timeout_s() {
                return 2;
            }

            @Override
            public long retry_interval_ms() {
                return 200;
            }

            @Override
            public String dataSourceFactory_target() {
                return "";
            }

            @Override
            public Class<? extends Annotation> annotationType() {
                return JdbcLedgerConfig.class;
            }
        };
    }
}
