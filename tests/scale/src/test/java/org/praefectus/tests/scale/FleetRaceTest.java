package org.praefectus.tests.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.engine.FleetHosts;
import org.praefectus.tests.fleet.PostgresServer;
import org.praefectus.tests.fleet.TestNetwork;

/**
 * The fleet race: three engine hosts, each a JVM in its own network namespace, race the same 1,000 signed
 * operations through the real engine (each with its own file ledger) and one shared PostgreSQL ledger. On
 * the way one host is killed with SIGKILL inside a dispatch, another host's link is taken down inside a
 * dispatch, and the database is crashed inside a third dispatch. Afterwards a fourth host presents every
 * operation again. No operation is ever dispatched twice; every one that could have been is dispatched
 * exactly once; every answer on every host is a terminal; the killed host's operation is outcome_unknown
 * on every other host.
 */
class FleetRaceTest {

    private static final int OPERATIONS = 1_000;
    private static final long STEP_SECONDS = 90;

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void everyOperationIsDispatchedAtMostOnceAcrossHostsThroughKillsLinkLossAndADatabaseCrash() throws Exception {
        FleetHosts signer = new FleetHosts();
        Path requests = directory.resolve("requests.jsonl");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < OPERATIONS; i++) {
            lines.add(signer.signedInvoke("op-" + i));
        }
        Files.write(requests, lines, StandardCharsets.UTF_8);

        try (TestNetwork network = TestNetwork.create(3);
                PostgresServer database = PostgresServer.start(network.rootAddresses())) {
            List<RaceProcess> hosts = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    hosts.add(RaceProcess.start(
                            network.inHost(i, List.of()),
                            database.url(network.rootAddress(i)),
                            "host-" + i,
                            directory,
                            requests,
                            signer.keyEntry()));
                }
                RaceProcess one = hosts.get(0);
                RaceProcess two = hosts.get(1);
                RaceProcess three = hosts.get(2);
                List<RaceProcess> survivors = List.of(one, two);

                run(hosts, 300);

                // SIGKILL between claim and terminal: the host dies inside its dispatch
                three.send("block");
                String killed = runUntil(hosts, 50, three, "BLOCKED ");
                three.kill9();
                awaitRan(survivors);
                for (RaceProcess survivor : survivors) {
                    // the first survivor to present it records outcome_unknown; the other replays that record
                    assertTrue(
                            List.of("outcome_unknown", "outcome_unknown replayed")
                                    .contains(survivor.results.get(killed)),
                            survivor.hostId + " on " + killed + ": " + survivor.results.get(killed));
                }

                // the link of host-1 goes down inside a dispatch and comes back
                two.send("pause");
                String paused = runUntil(survivors, 50, two, "PAUSED ");
                network.linkDown(1);
                two.send("go");
                // one more window, so an operation follows the paused one even if it ended its window
                sendRun(survivors, 50);
                two.await("LEDGER-DOWN", STEP_SECONDS);
                network.linkUp(1);
                two.await("LEDGER-UP", STEP_SECONDS);
                awaitRan(survivors);
                awaitRan(survivors);

                // the database crashes inside a dispatch of host-0 and is started again
                one.send("pause");
                String crashed = runUntil(survivors, 50, one, "PAUSED ");
                database.crash();
                one.send("go");
                sendRun(survivors, 50);
                one.await("LEDGER-DOWN", STEP_SECONDS);
                database.startServer();
                one.await("LEDGER-UP", STEP_SECONDS);
                awaitRan(survivors);
                awaitRan(survivors);

                run(survivors, OPERATIONS);
                for (RaceProcess survivor : survivors) {
                    survivor.send("finish");
                    assertEquals("DONE pending=0", survivor.await("DONE", STEP_SECONDS));
                    assertTrue(survivor.exited(30));
                    assertEquals(OPERATIONS, survivor.results.size(), survivor.hostId + ": every answer a terminal");
                }

                // a fourth host, late, presents every operation: recorded ones replay, never-claimed ones run once
                RaceProcess late = RaceProcess.start(
                        network.inHost(0, List.of()),
                        database.url(network.rootAddress(0)),
                        "host-late",
                        directory,
                        requests,
                        signer.keyEntry());
                hosts.add(late);
                run(List.of(late), OPERATIONS);
                late.send("finish");
                late.await("DONE", STEP_SECONDS);

                Map<String, Integer> dispatches = new HashMap<>();
                for (RaceProcess host : hosts) {
                    for (String operation : host.dispatches()) {
                        dispatches.merge(operation, 1, Integer::sum);
                    }
                }
                Map<String, String> shared = sharedLedger(database);
                assertEquals(OPERATIONS, shared.size(), "every operation was claimed in the shared ledger");
                for (int i = 0; i < OPERATIONS; i++) {
                    String operation = "op-" + i;
                    int count = dispatches.getOrDefault(operation, 0);
                    String terminal = shared.get(operation);
                    assertTrue(count <= 1, operation + " dispatched " + count + " times");
                    // the only operations never dispatched are those whose claim committed while its host was
                    // told the ledger was away: that host recorded failed (no dispatch) as the claimant
                    assertEquals(
                            terminal.startsWith("failed") ? 0 : 1,
                            count,
                            operation + " ended " + terminal + " after " + count + " dispatches");
                    assertTrue(terminal != null && !terminal.isEmpty(), operation + " has no terminal");
                }
                assertEquals("outcome_unknown", shared.get(killed).split(" ")[0]);
                assertEquals("succeeded host-1", shared.get(paused), "the terminal kept over the lost link");
                assertEquals("succeeded host-0", shared.get(crashed), "the terminal kept over the crash");
                assertEquals(OPERATIONS, late.results.size(), "the late host: every answer a terminal");
                for (Map.Entry<String, String> answer : late.results.entrySet()) {
                    boolean ranHere = late.dispatches().contains(answer.getKey());
                    assertEquals(!ranHere, answer.getValue().endsWith("replayed"), answer.toString());
                }
            } finally {
                for (RaceProcess host : hosts) {
                    host.close();
                }
            }
        }
    }

    private static void run(List<RaceProcess> hosts, int operations) throws Exception {
        sendRun(hosts, operations);
        awaitRan(hosts);
    }

    private static void sendRun(List<RaceProcess> hosts, int operations) throws Exception {
        for (RaceProcess host : hosts) {
            host.send("run " + operations);
        }
    }

    private static void awaitRan(List<RaceProcess> hosts) throws Exception {
        for (RaceProcess host : hosts) {
            host.await("RAN ", STEP_SECONDS);
        }
    }

    /**
     * Sends {@code run} windows until {@code target} reports {@code event} inside a dispatch: it may win no
     * claim in one window. The others finish their window meanwhile.
     */
    private static String runUntil(List<RaceProcess> hosts, int window, RaceProcess target, String event)
            throws Exception {
        for (int attempt = 0; attempt < 10; attempt++) {
            sendRun(hosts, window);
            String line = target.awaitAny(STEP_SECONDS, event, "RAN ");
            if (line.startsWith(event)) {
                return line.substring(event.length());
            }
            for (RaceProcess host : hosts) {
                if (host != target) {
                    host.await("RAN ", STEP_SECONDS);
                }
            }
        }
        throw new AssertionError(target.hostId + " never reached " + event);
    }

    private static Map<String, String> sharedLedger(PostgresServer database) throws Exception {
        Map<String, String> terminals = new HashMap<>();
        try (Connection connection =
                        PostgresServer.dataSource(database.url(), 10).getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT operation_id, coalesce(terminal_kind, ''), coalesce(recorded_by, '') FROM praefectus_outcomes")) {
            while (rows.next()) {
                terminals.put(rows.getString(1), (rows.getString(2) + " " + rows.getString(3)).trim());
            }
        }
        return terminals;
    }
}
