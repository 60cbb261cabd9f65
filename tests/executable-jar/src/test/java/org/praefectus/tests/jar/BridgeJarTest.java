package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java @praefectus-bridge.options -jar run/target/praefectus-bridge.jar --config FILE}, as the shipped launcher runs it. */
class BridgeJarTest {

    private static final String TOKEN = "jar-test-token-0123456789";

    @TempDir
    Path directory;

    private Path config(int port) throws Exception {
        Path workspace = Files.createDirectories(directory.resolve("workspace"));
        Path logs = Files.createDirectories(directory.resolve("logs"));
        String yaml = """
                server:
                  host: 127.0.0.1
                  port: %d
                  auth_token: env:JAR_TEST_BRIDGE_TOKEN
                paths:
                  host_workspace_root: %s
                  allowed_roots: [%s]
                  deny_roots: []
                executors:
                  codex:
                    enabled: true
                    command: codex
                    args: []
                    healthcheck: ["codex", "exec", "--help"]
                    requires_login: true
                    supports_noninteractive_batch: true
                    supports_cancel: true
                runtime:
                  max_concurrent_runs: 1
                  default_timeout_seconds: 60
                  max_event_buffer: 100
                  persist_run_logs: true
                  log_dir: %s
                """.formatted(port, workspace, workspace, logs);
        return Files.writeString(directory.resolve("config.yaml"), yaml);
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The bridge as it is shipped: its JVM options file (the heap bound) beside the jar, as the launcher passes it. */
    private Process start(Path config) throws Exception {
        return start(config, directory.resolve("cache"));
    }

    private Process start(Path config, Path cacheHome) throws Exception {
        Path jar = JarProcess.jar("praefectus.bridge.jar");
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "@" + jar.resolveSibling("praefectus-bridge.options"),
                        "-jar",
                        jar.toString(),
                        "--config",
                        config.toString())
                .directory(directory.toFile())
                .redirectErrorStream(true);
        builder.environment().put("JAR_TEST_BRIDGE_TOKEN", TOKEN);
        builder.environment().put("XDG_CACHE_HOME", cacheHome.toString());
        return builder.start();
    }

    @Test
    void servesTheContractOnLoopbackWithItsToken() throws Exception {
        int port = freePort();
        Process bridge = start(config(port));
        try {
            BufferedReader output =
                    new BufferedReader(new InputStreamReader(bridge.getInputStream(), StandardCharsets.UTF_8));
            String line = output.readLine();
            assertEquals("praetor-execd listening on 127.0.0.1:" + port, line);

            HttpClient http = HttpClient.newHttpClient();
            URI health = URI.create("http://127.0.0.1:" + port + "/health");
            HttpResponse<String> anonymous =
                    http.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, anonymous.statusCode());

            HttpResponse<String> authorized = http.send(
                    HttpRequest.newBuilder(health)
                            .header("Authorization", "Bearer " + TOKEN)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, authorized.statusCode());
            JsonNode body = new ObjectMapper().readTree(authorized.body());
            assertTrue(body.get("ok").asBoolean());
            assertTrue(List.of("healthy", "degraded", "unavailable")
                    .contains(body.at("/data/status").asText()));
            assertFalse(authorized.body().contains(TOKEN), "the token is never echoed");
        } finally {
            bridge.destroy();
            if (!bridge.waitFor(60, TimeUnit.SECONDS)) {
                bridge.destroyForcibly();
                fail("the bridge did not stop on SIGTERM");
            }
        }
    }

    /**
     * Issue 40, defect 2: the bridge's internal errors went to stderr only, and everything it logged through slf4j
     * to the no-op provider. An internal error (the run folder replaced by a file, found by a health check) is
     * still said on stderr and lands in the bridge's own log, {@code log_dir/logs/bridge.log} (0600), never with
     * the token.
     */
    @Test
    void anInternalErrorLandsInTheBridgesLogAsWellAsOnStderr() throws Exception {
        int port = freePort();
        Process bridge = start(config(port));
        try {
            BufferedReader output =
                    new BufferedReader(new InputStreamReader(bridge.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("praetor-execd listening on 127.0.0.1:" + port, output.readLine());
            Path runs = directory.resolve("logs").resolve("runs");
            try (java.util.stream.Stream<Path> files = Files.walk(runs)) {
                for (Path file :
                        files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
            Files.writeString(runs, "not a folder");

            HttpResponse<String> health = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                                    .header("Authorization", "Bearer " + TOKEN)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(
                    "unavailable",
                    new ObjectMapper()
                            .readTree(health.body())
                            .at("/data/status")
                            .asText());
            String stderr = output.readLine();
            assertTrue(stderr.startsWith("praetor-execd: error: the log folder "), stderr);

            Path log = directory.resolve("logs").resolve("logs").resolve("bridge.log");
            String text = Files.readString(log);
            assertTrue(text.contains(" ERROR [") && text.contains("is not writable"), text);
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(log)));
            assertFalse(text.contains(TOKEN), "the token never reaches the log");
        } finally {
            bridge.destroy();
            if (!bridge.waitFor(60, TimeUnit.SECONDS)) {
                bridge.destroyForcibly();
                fail("the bridge did not stop on SIGTERM");
            }
        }
    }

    /**
     * Issue 38 defect 7 (start-up CPU): a start copied every bundle (48 MB) into a fresh framework cache and
     * extracted the framework, so nothing of the bundle set outlived the process. The bundles are extracted once
     * per user and the framework storage is kept: the second start rewrites no bundle file and finds them installed.
     */
    @Test
    void keepsItsBundlesAndFrameworkStorageBetweenStarts() throws Exception {
        Path cache = directory.resolve("cache");
        Path config = config(freePort());
        startAndStop(config, cache);
        Path bundles = onlyChild(cache.resolve("praefectus"), "bundles-");
        Path storage = onlyChild(cache.resolve("praefectus"), "framework-");
        Path bridgeBundle;
        try (var files = Files.list(bundles)) {
            bridgeBundle = files.filter(f -> f.getFileName().toString().startsWith("bridge-"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("the bridge bundle is not in " + bundles));
        }
        Object firstFile = Files.readAttributes(bridgeBundle, "unix:ino").get("ino");
        long firstWritten = Files.getLastModifiedTime(bridgeBundle).toMillis();
        int installed;
        try (var folders = Files.list(storage)) {
            installed = (int) folders.filter(f -> f.getFileName().toString().startsWith("bundle"))
                    .count();
        }
        assertTrue(installed > 20, "the framework storage holds the installed bundles: " + installed);

        startAndStop(config, cache);
        assertEquals(bundles, onlyChild(cache.resolve("praefectus"), "bundles-"));
        assertEquals(firstFile, Files.readAttributes(bridgeBundle, "unix:ino").get("ino"), "not extracted again");
        assertEquals(firstWritten, Files.getLastModifiedTime(bridgeBundle).toMillis(), "not rewritten");
        try (var folders = Files.list(storage)) {
            assertEquals(
                    installed,
                    (int) folders.filter(f -> f.getFileName().toString().startsWith("bundle"))
                            .count(),
                    "the second start installed nothing new");
        }
    }

    private void startAndStop(Path config, Path cache) throws Exception {
        Process bridge = start(config, cache);
        try {
            String line = new BufferedReader(new InputStreamReader(bridge.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertTrue(line != null && line.startsWith("praetor-execd listening on 127.0.0.1:"), String.valueOf(line));
        } finally {
            bridge.destroy();
            if (!bridge.waitFor(60, TimeUnit.SECONDS)) {
                bridge.destroyForcibly();
                fail("the bridge did not stop on SIGTERM");
            }
        }
    }

    private static Path onlyChild(Path folder, String prefix) throws Exception {
        try (var children = Files.list(folder)) {
            List<Path> found = children.filter(c -> c.getFileName().toString().startsWith(prefix))
                    .toList();
            assertEquals(1, found.size(), "one " + prefix + "folder in " + folder + ": " + found);
            return found.get(0);
        }
    }

    @Test
    void refusesANonLoopbackBindAndExitsWithTwo() throws Exception {
        Path config = config(freePort());
        Files.writeString(config, Files.readString(config).replace("host: 127.0.0.1", "host: 0.0.0.0"));

        Process bridge = start(config);
        assertTrue(bridge.waitFor(120, TimeUnit.SECONDS));
        String output = new String(bridge.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(2, bridge.exitValue(), output);
        assertTrue(output.startsWith("praetor-execd: invalid configuration: "), output);
        assertTrue(output.contains("server.host"), output);
    }
}
