package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.tests.jar.McpHttpClient.INITIALIZE;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code praefectus.jar mcp --http} as a user starts it: real HTTP on loopback against the real servlet in
 * Felix (Jetty 12), with the guard in front of the SDK's Streamable HTTP transport.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpHttpTest {

    private static final String TOKEN = "test-token-not-a-secret";

    @TempDir
    static Path home;

    private Process server;
    private McpHttpClient mcp;

    @BeforeAll
    void start() throws Exception {
        mcp = new McpHttpClient();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home,
                "-jar",
                JarProcess.jar("praefectus.jar").toString(),
                "mcp",
                "--http",
                "--port",
                Integer.toString(mcp.port)));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PRAEFECTUS_MCP_TOKEN", TOKEN);
        builder.environment().remove("XDG_STATE_HOME"); // the state folder is under the test's home
        server = builder.start();
        // ready when the guard answers (Jetty alone answers 404 until the servlet is on the whiteboard)
        await("mcp --http serves /mcp")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .ignoreExceptionsInstanceOf(IOException.class) // connection refused until Jetty has started
                .failFast("mcp --http ended", () -> !server.isAlive())
                .until(() -> mcp.post(INITIALIZE, null, null, null).statusCode() == 401);
    }

    @AfterAll
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /**
     * Issue 40, defect 2: a long-running {@code mcp --http} keeps its log in its state folder, {@code
     * STATE/logs/mcp-http.log} (0600 in 0700), never with the token; stdout stays the envelope's.
     */
    @Test
    void theServerKeepsItsOwnLogInItsStateFolder() throws Exception {
        Path log = home.resolve(".local/state/praefectus/mcp/logs/mcp-http.log");
        String text = await("mcp --http writes its serving line")
                .atMost(Duration.ofSeconds(30))
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> java.nio.file.Files.readString(log), t -> t.contains("MCP over Streamable HTTP serving"));
        assertTrue(text.contains(" INFO ["), text);
        assertEquals(
                "rw-------",
                java.nio.file.attribute.PosixFilePermissions.toString(
                        java.nio.file.Files.getPosixFilePermissions(log)));
        assertEquals(
                "rwx------",
                java.nio.file.attribute.PosixFilePermissions.toString(
                        java.nio.file.Files.getPosixFilePermissions(log.getParent())));
        assertFalse(text.contains(TOKEN), "the token never reaches the log");
    }

    @Test
    void aMissingTokenIs401WithABearerChallenge() throws Exception {
        HttpResponse<String> response = mcp.post(INITIALIZE, null, null, null);
        assertEquals(401, response.statusCode());
        assertEquals("Bearer", response.headers().firstValue("WWW-Authenticate").orElse(""));
    }

    @Test
    void aWrongTokenIs401AndTheTokenIsNotEchoed() throws Exception {
        HttpResponse<String> response = mcp.post(INITIALIZE, "wrong-" + TOKEN, null, null);
        assertEquals(401, response.statusCode());
        assertFalse(response.body().contains(TOKEN));
    }

    @Test
    void aForeignOriginIs403() throws Exception {
        assertEquals(
                403,
                mcp.post(INITIALIZE, TOKEN, "https://attacker.example", null).statusCode());
    }

    @Test
    void aLoopbackOriginWithTheTokenInitializesASession() throws Exception {
        HttpResponse<String> response = mcp.post(INITIALIZE, TOKEN, "http://localhost:3000", null);
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Mcp-Session-Id").isPresent());
        assertTrue(response.body().contains("\"praefectus\""), response.body());
    }

    @Test
    void aBodyOverTheLimitIs413() throws Exception {
        // the server reads what it refuses, so the client gets its 413 and not a reset connection (which came
        // now and then when the body was just over the limit); several sizes, several times
        for (int size : new int[] {1024 * 1024 + 1, 1024 * 1024 + 65536, 2 * 1024 * 1024, 1024 * 1024 + 1}) {
            byte[] body = new byte[size];
            java.util.Arrays.fill(body, (byte) ' ');
            assertEquals(
                    413,
                    mcp.post(HttpRequest.BodyPublishers.ofByteArray(body), TOKEN, null, null)
                            .statusCode(),
                    "a body of " + size + " bytes");
        }
    }

    @Test
    void anUnknownSessionIs404WithAJsonRpcErrorAndNoStackTrace() throws Exception {
        HttpResponse<String> response = mcp.post(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                TOKEN,
                null,
                "00000000-0000-0000-0000-000000000000");
        assertEquals(404, response.statusCode());
        assertTrue(response.body().contains("\"jsonrpc\":\"2.0\""), response.body());
        assertFalse(response.body().contains("stackTrace"), response.body());
    }
}
