package org.praefectus.tests.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting, refusing to start, and stopping the daemon. */
class DaemonLifecycleTest {

    @TempDir
    Path directory;

    @Test
    void withoutADaemonTheDaemonFlagIsATypedFailure() throws Exception {
        Path runtime = Files.createDirectories(directory.resolve("empty-runtime"));
        Daemon.Result result = Daemon.cli(
                directory, environment -> environment.put("XDG_RUNTIME_DIR", runtime.toString()), "--daemon", "help");
        assertEquals(3, result.exitCode());
        assertEquals("daemon_unavailable", result.envelope().at("/error/code").asText());
        assertEquals("", result.stderr());
    }

    @Test
    void aNonLoopbackGrpcAddressWithoutATokenIsRefused() throws Exception {
        Path runtime = Files.createDirectories(directory.resolve("runtime"));
        Daemon.Result result = Daemon.cli(
                directory,
                environment -> {
                    environment.put("XDG_RUNTIME_DIR", runtime.toString());
                    environment.remove("PEEKABOOX_GRPC_TOKEN");
                },
                "daemon",
                "--state-dir",
                directory.resolve("state").toString(),
                "--grpc-addr",
                "0.0.0.0:47999");
        assertEquals(2, result.exitCode(), result.stdout());
        JsonNode envelope = result.envelope();
        assertEquals("usage", envelope.at("/error/code").asText());
        assertTrue(envelope.at("/error/message").asText().contains("token"));
        assertFalse(Files.exists(runtime.resolve("praefectus.sock")), "nothing was bound");
    }

    @Test
    void sigtermStopsCleanlyAndASecondDaemonOnTheSameSocketIsRefused() throws Exception {
        Daemon.requireDesktop();
        try (Daemon daemon = Daemon.start(directory, environment -> {}, "--no-grpc", "--sandbox", "basic")) {
            assertEquals("basic", daemon.ready.at("/data/sandbox").asText());
            // no_new_privs is per thread: it holds for the threads that serve requests and all they start
            Path tasks = Path.of("/proc", Long.toString(daemon.process.pid()), "task");
            List<String> serving;
            try (var listed = Files.list(tasks)) {
                serving = listed.map(task -> {
                            try {
                                return Files.readString(task.resolve("status"));
                            } catch (java.io.IOException gone) {
                                return "";
                            }
                        })
                        .filter(status -> status.startsWith("Name:\tpraefectus-ipc"))
                        .toList();
            }
            assertFalse(serving.isEmpty(), "the socket's threads are found");
            serving.forEach(status -> assertTrue(status.contains("NoNewPrivs:\t1"), status));

            Daemon.Result second = daemon.cli(
                    directory,
                    "daemon",
                    "--no-grpc",
                    "--state-dir",
                    directory.resolve("state2").toString());
            assertEquals(3, second.exitCode(), second.stdout());
            assertEquals("daemon_running", second.envelope().at("/error/code").asText());

            int exit = daemon.terminate();
            assertEquals(143, exit, "the JVM's exit code for SIGTERM");
            assertFalse(Files.exists(daemon.socket()), "the socket file is removed");
            List<String> audit = Files.readAllLines(daemon.state.resolve("audit.jsonl"));
            assertTrue(audit.get(0).contains("\"event\":\"runtime\",\"decision\":\"started\""), audit.toString());
            assertTrue(
                    audit.get(audit.size() - 1).contains("\"event\":\"runtime\",\"decision\":\"stopped\""),
                    audit.toString());
            assertTrue(daemon.stderr().contains("stopping"), daemon.stderr());
        }
    }
}
