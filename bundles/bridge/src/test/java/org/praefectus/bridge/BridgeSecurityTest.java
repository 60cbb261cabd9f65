package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Authentication, Host header, size limits and request validation over real HTTP. */
class BridgeSecurityTest {

    @TempDir
    Path tmp;

    BridgeFixture fx;

    @BeforeEach
    void start() throws Exception {
        fx = new BridgeFixture(tmp, 2);
        fx.start();
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    private HttpResponse<String> raw(String path, String authorization) throws Exception {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(fx.base() + path)).GET();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return fx.send(b.build());
    }

    private static void assertError(HttpResponse<String> r, int status, String code) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        JsonNode body = BridgeFixture.json(r);
        assertEquals(false, body.path("ok").asBoolean());
        assertTrue(body.path("data").isNull());
        assertEquals(code, body.path("error").path("code").asText());
    }

    @Test
    void everyRouteNeedsTheToken() throws Exception {
        for (String path : new String[] {"/health", "/executors", "/runs/run_x", "/runs/run_x/events", "/nothing"}) {
            assertError(raw(path, null), 401, "unauthorized");
            assertError(raw(path, "Bearer wrong-token-000000000"), 401, "unauthorized");
            assertError(raw(path, "Basic " + BridgeFixture.TOKEN), 401, "unauthorized");
        }
        assertEquals(200, raw("/health", "bearer " + BridgeFixture.TOKEN).statusCode());
    }

    @Test
    void tokenInTheQueryStringIsRefused() throws Exception {
        assertError(raw("/health?access_token=" + BridgeFixture.TOKEN, null), 401, "unauthorized");
        assertError(raw("/health?token=" + BridgeFixture.TOKEN, "Bearer " + BridgeFixture.TOKEN), 401, "unauthorized");
    }

    @Test
    void foreignHostHeaderIsRefused() throws Exception {
        for (String host : new String[] {
            "evil.example", "evil.example:" + fx.port(), "127.0.0.1:1", "localhost.evil.example:" + fx.port()
        }) {
            String response = rawSocket("GET /health HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer "
                    + BridgeFixture.TOKEN + "\r\nConnection: close\r\n\r\n");
            assertTrue(response.startsWith("HTTP/1.1 403"), response);
            assertTrue(response.contains("forbidden_host"), response);
        }
        String ok = rawSocket("GET /health HTTP/1.1\r\nHost: localhost:" + fx.port() + "\r\nAuthorization: Bearer "
                + BridgeFixture.TOKEN + "\r\nConnection: close\r\n\r\n");
        assertTrue(ok.startsWith("HTTP/1.1 200"), ok);
    }

    @SuppressWarnings("AddressSelection") // "127.0.0.1" is a literal: no lookup, the one address the bridge binds
    private String rawSocket(String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", fx.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void requestsAreValidated() throws Exception {
        fx.stop(); // a limit below the body (the default, 4 MiB, takes Praetor's largest prompts)
        fx.limits = fx.limits.withRequestLimits(fx.limits.maxTimeoutSeconds(), 256 * 1024);
        fx.start();
        ObjectNode big = fx.runRequest("codex", "x".repeat(300 * 1024));
        assertError(fx.post("/runs", big.toString()), 413, "payload_too_large");
        assertError(fx.post("/runs", "{not json"), 400, "validation_error");
        ObjectNode missing = fx.runRequest("codex", "x");
        missing.remove("mission_id");
        assertError(fx.post("/runs", missing.toString()), 400, "validation_error");
        ObjectNode extra = fx.runRequest("codex", "x");
        extra.put("binary", "/bin/sh");
        assertError(fx.post("/runs", extra.toString()), 400, "validation_error");
        assertError(fx.post("/runs", fx.runRequest("gemini", "x").toString()), 400, "validation_error");
        ObjectNode zero = fx.runRequest("codex", "x");
        zero.put("timeout_seconds", 0);
        assertError(fx.post("/runs", zero.toString()), 400, "validation_error");
        ObjectNode huge = fx.runRequest("codex", "x");
        huge.put("timeout_seconds", 10_000_000);
        assertError(fx.post("/runs", huge.toString()), 400, "validation_error");
        ObjectNode twin = fx.runRequest("codex", "x");
        ((ObjectNode) twin.get("path_mapping")).put("target_workdir", "/app/workspace2/Projects/Website");
        assertError(fx.post("/runs", twin.toString()), 400, "permission_error");
        ObjectNode denied = fx.runRequest("codex", "x");
        ((ObjectNode) denied.get("path_mapping")).put("target_workdir", "/app/workspace/Archive");
        assertError(fx.post("/runs", denied.toString()), 400, "permission_error");
        ObjectNode profile = fx.runRequest("codex", "x");
        ((ObjectNode) profile.get("task_spec")).put("model_profile", "fast");
        ((ObjectNode) profile.get("task_spec")).put("native_subagents", "disallowed");
        assertEquals(200, fx.post("/runs", profile.toString()).statusCode());
        HttpResponse<String> wrongType = fx.send(HttpRequest.newBuilder(URI.create(fx.base() + "/runs"))
                .header("Authorization", "Bearer " + BridgeFixture.TOKEN)
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build());
        assertError(wrongType, 415, "unsupported_media_type");
        assertError(fx.get("/runs/run_missing"), 404, "not_found");
        assertError(fx.post("/health", "{}"), 405, "method_not_allowed");
    }

    @Test
    void disabledExecutorIsNotAvailable() throws Exception {
        fx.stop();
        java.nio.file.Files.writeString(fx.configFile, fx.config(2).replaceFirst("enabled: true", "enabled: false"));
        fx.start();
        assertError(fx.post("/runs", fx.runRequest("codex", "x").toString()), 400, "executor_not_available");
    }
}
