package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.tests.fleet.PostgresServer;

/**
 * {@code java -Dconfigurator.initial=file:… -jar run/target/fleet.jar fleet} with the shipped
 * {@code run/config/fleet.json}, as an operator's service runs it: a minimal environment, a working directory
 * of its own. The test changes only what differs on a test machine: the ledger's database (the test's own
 * PostgreSQL, or a closed loopback port) and the desktop's endpoint (a loopback port where nothing listens).
 */
class FleetJarTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String LEDGER = "org.praefectus.ledger.jdbc";
    private static final String DESKTOP_ENDPOINT = "org.apache.aries.rsa.discovery.config~desktop-1-linux";

    private static PostgresServer server;

    @TempDir
    Path directory;

    @BeforeAll
    static void startDatabase() throws Exception {
        server = PostgresServer.start(List.of());
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theShippedConfigurationConnectsTheLedgerAndNamesTheDesktopThatDoesNotAnswer() throws Exception {
        DataSource database = server.newDatabase("fleet_jar");
        ObjectNode configuration = shippedConfiguration();
        ledger(configuration).put("url", server.url().replace("/postgres", "/fleet_jar"));
        ledger(configuration).put("user", PostgresServer.USER);
        desktop(configuration).put("endpoint.id", "tcp://127.0.0.1:" + closedPort());

        JsonNode data = fleet(configuration);

        assertTrue(data.at("/ledger/reachable").asBoolean(), "the ledger reached the database: " + data);
        Map<String, Object> ledger = new LinkedHashMap<>();
        ledger.put("kind", "postgresql");
        ledger.put("host_id", ledger(configuration).get("host.id").asText());
        ledger.put("reachable", true);
        ledger.put("schema_version", schemaVersion(database));
        ledger.put("operations", 0);
        ledger.put("open_claims", 0);
        ledger.put("terminals", Map.of());
        ledger.put("hosts", List.of());
        ledger.put("pending_terminals", 0);
        assertEquals(JSON.valueToTree(ledger), data.get("ledger"), "the ledger on the test's PostgreSQL");
        assertOnlyTheConfiguredDesktopIsRemoteAndItDoesNotAnswer(configuration, data);
    }

    @Test
    void anUnreachableDatabaseIsReportedAsAnUnreachableLedger() throws Exception {
        ObjectNode configuration = shippedConfiguration();
        ledger(configuration).put("url", "jdbc:postgresql://127.0.0.1:" + closedPort() + "/praefectus");
        ledger(configuration).put("user", PostgresServer.USER);
        desktop(configuration).put("endpoint.id", "tcp://127.0.0.1:" + closedPort());

        JsonNode data = fleet(configuration);

        Map<String, Object> ledger = new LinkedHashMap<>();
        ledger.put("kind", "postgresql");
        ledger.put("host_id", ledger(configuration).get("host.id").asText());
        ledger.put("reachable", false);
        ledger.put("pending_terminals", 0);
        assertEquals(JSON.valueToTree(ledger), data.get("ledger"));
        assertOnlyTheConfiguredDesktopIsRemoteAndItDoesNotAnswer(configuration, data);
    }

    /** Runs {@code fleet} on this configuration and returns its envelope's data. */
    private JsonNode fleet(ObjectNode configuration) throws Exception {
        Path file = Files.createDirectories(directory.resolve("etc")).resolve("fleet.json");
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(configuration));
        Path service = Files.createDirectories(directory.resolve("service"));
        Path home = Files.createDirectories(directory.resolve("home"));
        // JarProcess bounds the run (a hang fails the test; nothing is timed)
        JarProcess.Result result = JarProcess.run(
                service,
                environment -> {
                    environment.clear();
                    environment.put("PATH", "/usr/bin:/bin");
                    environment.put("HOME", home.toString());
                },
                List.of("-Dconfigurator.initial=" + file.toUri()),
                JarProcess.jar("praefectus.fleet.jar"),
                "fleet");

        assertEquals(0, result.exitCode(), result.stdout() + result.stderr());
        assertEquals("", result.stderr(), "nothing on stderr: no stack trace, no framework log");
        assertEquals(1, result.stdout().lines().count(), "exactly one line on stdout: " + result.stdout());
        JsonNode envelope = JSON.readTree(result.stdout());
        assertTrue(envelope.get("ok").asBoolean(), result.stdout());
        try (Stream<Path> left = Files.list(service)) {
            assertEquals(List.of(), left.toList(), "the jar leaves nothing in the working directory");
        }
        return envelope.get("data");
    }

    private static void assertOnlyTheConfiguredDesktopIsRemoteAndItDoesNotAnswer(
            ObjectNode configuration, JsonNode data) {
        Map<String, Object> desktop = new LinkedHashMap<>();
        desktop.put(
                "backend",
                desktop(configuration).get("praefectus.executor.backend").asText());
        desktop.put(
                "desktop",
                "remote:" + desktop(configuration).get("praefectus.desktop.id").asText());
        desktop.put("remote", true);
        desktop.put("session_isolation", "unknown");
        desktop.put("health", "unavailable");
        List<JsonNode> remote = new ArrayList<>();
        for (JsonNode executor : data.get("executors")) {
            if (executor.get("remote").asBoolean()) {
                remote.add(executor);
            } else {
                assertEquals("local", executor.get("desktop").asText(), executor.toString());
            }
        }
        assertEquals(List.of(JSON.valueToTree(desktop)), remote, "the configured desktop, imported, not answering");
    }

    private static ObjectNode shippedConfiguration() throws IOException {
        Path shipped = Path.of(System.getProperty("praefectus.fleet.json"));
        assertTrue(Files.isRegularFile(shipped), "the shipped configuration: " + shipped);
        return (ObjectNode) JSON.readTree(shipped.toFile());
    }

    private static ObjectNode ledger(ObjectNode configuration) {
        return section(configuration, LEDGER);
    }

    private static ObjectNode desktop(ObjectNode configuration) {
        return section(configuration, DESKTOP_ENDPOINT);
    }

    private static ObjectNode section(ObjectNode configuration, String pid) {
        JsonNode section = configuration.get(pid);
        assertNotNull(section, "run/config/fleet.json configures " + pid);
        return (ObjectNode) section;
    }

    private static int schemaVersion(DataSource database) throws Exception {
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT max(version) FROM praefectus_schema")) {
            assertTrue(rows.next());
            return rows.getInt(1);
        }
    }

    // a loopback port nobody listens on: the kernel refuses a connection at once
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
