package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Issue 18, defects 6 to 8: Host names, contract details, the seed's event types. */
class ContractDetailsTest extends LiveBridgeTest {

    /** A raw HTTP/1.1 exchange, so that Host headers can be anything; returns status line and body. */
    @SuppressWarnings("AddressSelection") // "127.0.0.1" is a literal: no lookup, the one address the bridge binds
    private List<String> raw(String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", fx.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String status = in.readLine();
            String line;
            String type = "";
            while ((line = in.readLine()) != null && !line.isEmpty()) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-type:")) {
                    type = line.substring(13).trim();
                }
            }
            StringBuilder body = new StringBuilder();
            char[] buf = new char[4096];
            for (int n; (n = in.read(buf)) > 0; ) {
                body.append(buf, 0, n);
            }
            return List.of(status, type, body.toString());
        }
    }

    private String get(String host) {
        return "GET /health HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + BridgeFixture.TOKEN
                + "\r\nConnection: close\r\n\r\n";
    }

    @Test
    void hostDockerInternalIsAcceptedAndOtherNamesRefusedInTheEnvelope() throws Exception {
        List<String> docker = raw(get("host.docker.internal:" + fx.port()));
        assertTrue(docker.get(0).contains(" 200 "), docker::toString);
        List<String> rebinding = raw(get("evil.example:" + fx.port()));
        assertTrue(rebinding.get(0).contains(" 403 "), rebinding::toString);
        assertEquals(
                "forbidden_host",
                BridgeFixture.JSON
                        .readTree(rebinding.get(2))
                        .path("error")
                        .path("code")
                        .asText());
        List<String> noToken = raw(
                "GET /health HTTP/1.1\r\nHost: host.docker.internal:" + fx.port() + "\r\nConnection: close\r\n\r\n");
        assertTrue(noToken.get(0).contains(" 401 "), noToken::toString);
    }

    @Test
    void configuredHostNamesAreAcceptedBesideTheDefaultOnes() throws Exception {
        fx.stop();
        fx.environment = java.util.Map.of(Bridge.ENV_ALLOWED_HOSTS, "praetor.internal, bridge.lan:8080");
        fx.start();
        assertTrue(raw(get("praetor.internal:" + fx.port())).get(0).contains(" 200 "));
        assertTrue(raw(get("PRAETOR.INTERNAL:" + fx.port())).get(0).contains(" 200 "));
        assertTrue(raw(get("bridge.lan:8080")).get(0).contains(" 200 "), "a configured name with its own port");
        assertTrue(raw(get("host.docker.internal:" + fx.port())).get(0).contains(" 200 "));
        for (String refused : new String[] {
            "bridge.lan:" + fx.port(),
            "praetor.internal:1",
            "praetor.internal.evil.example:" + fx.port(),
            "evil.example"
        }) {
            List<String> answer = raw(get(refused));
            assertTrue(answer.get(0).contains(" 403 "), refused + " " + answer);
        }
    }

    @Test
    void contractDetails() throws Exception {
        // timeout_seconds beyond a long: a validation envelope naming the field
        String huge = fx.runRequest("codex", "x")
                .toString()
                .replace("\"timeout_seconds\":60", "\"timeout_seconds\":9223372036854775808");
        HttpResponse<String> overflow = fx.post("/runs", huge);
        assertEquals(400, overflow.statusCode(), overflow::body);
        assertEquals(
                "validation_error",
                BridgeFixture.json(overflow).path("error").path("code").asText());
        assertTrue(BridgeFixture.json(overflow)
                .path("error")
                .path("message")
                .asText()
                .contains("timeout_seconds"));

        // trailing garbage after the JSON body
        HttpResponse<String> trailing = fx.post("/runs", fx.runRequest("codex", "x") + "{}");
        assertEquals(400, trailing.statusCode(), trailing::body);
        assertEquals(
                "validation_error",
                BridgeFixture.json(trailing).path("error").path("code").asText());

        // a missing field: the message names it
        ObjectNode missing = fx.runRequest("codex", "x");
        ((ObjectNode) missing.get("task_spec")).remove("title");
        HttpResponse<String> named = fx.post("/runs", missing.toString());
        assertEquals(400, named.statusCode());
        assertTrue(
                BridgeFixture.json(named).path("error").path("message").asText().contains("title"), named::body);

        // an unknown task_spec field from a newer worker: accepted with a warning
        ObjectNode newer = fx.runRequest("codex", "Write it.");
        ((ObjectNode) newer.get("task_spec")).put("review_mode", "strict");
        ((ObjectNode) newer.get("task_spec")).put("x\r\nSet-Cookie: a=b", 1); // never a header of its own
        HttpResponse<String> accepted = fx.post("/runs", newer.toString());
        assertEquals(200, accepted.statusCode(), accepted::body);
        JsonNode data = BridgeFixture.json(accepted).path("data");
        assertTrue(
                accepted.headers().firstValue("Warning").orElse("").contains("task_spec.review_mode"),
                accepted.headers()::toString);
        ContractSchemasEnvelope.members(data, "executor", "run_id", "status");
        assertTrue(accepted.headers().firstValue("Set-Cookie").isEmpty());
        JsonNode record = fx.awaitTerminal(data.path("run_id").asText(), WAIT);

        // status after the end is the normalized status; cancel of a finished run says so
        assertEquals(
                record.path("normalized_status").asText(), record.path("status").asText());
        JsonNode cancel = BridgeFixture.json(
                        fx.post("/runs/" + record.path("run_id").asText() + "/cancel", ""))
                .path("data");
        assertEquals("already_finished", cancel.path("status").asText(), cancel::toString);
        assertFalse(cancel.path("accepted").asBoolean());

        // Claude's input_tokens exclude cache reads (100 input + 20 cache creation; 30 cache reads apart)
        String claudeId = fx.submit(fx.runRequest("claude_code", "Write it."));
        JsonNode claude = fx.awaitTerminal(claudeId, WAIT);
        assertEquals(120, claude.path("usage").path("input_tokens").asLong(), claude::toString);
        JsonNode usage = events(claudeId).stream()
                .filter(e -> e.path("type").asText().equals("usage_detected"))
                .findFirst()
                .orElseThrow()
                .path("data");
        assertEquals(30, usage.path("cache_read_input_tokens").asLong(), usage::toString);
    }

    @Test
    void aMissingBinaryIsRefusedAtPostAndHealthSaysUnavailable() throws Exception {
        fx.stop();
        Files.delete(fx.bin.resolve("codex"));
        Files.delete(fx.bin.resolve("claude"));
        fx.start();
        HttpResponse<String> refused =
                fx.post("/runs", fx.runRequest("codex", "x").toString());
        assertEquals(400, refused.statusCode(), refused::body);
        assertEquals(
                "executor_not_available",
                BridgeFixture.json(refused).path("error").path("code").asText());
        assertEquals(
                "unavailable",
                BridgeFixture.json(fx.get("/health"))
                        .path("data")
                        .path("status")
                        .asText());
    }

    @Test
    void theSeedsEventTypesAreEmitted() throws Exception {
        String id = fx.submit(fx.runRequest("codex", "Write it."));
        fx.awaitTerminal(id, WAIT);
        List<String> types = new ArrayList<>();
        events(id).forEach(e -> types.add(e.path("type").asText()));
        for (String type :
                List.of("run_accepted", "run_started", "artifact_detected", "usage_detected", "run_finished")) {
            assertTrue(types.contains(type), type + " in " + types);
        }
        assertEquals("normalized_status", types.get(types.size() - 1));
        assertEquals("run_finished", types.get(types.size() - 2));

        String failed = fx.submit(fx.runRequest("codex", "SCENARIO:transient"));
        fx.awaitTerminal(failed, WAIT);
        assertTrue(events(failed).stream().anyMatch(e -> e.path("type").asText().equals("run_failed")));

        String hang = fx.submit(fx.runRequest("codex", "SCENARIO:hang"));
        fx.awaitStatus(hang, "running", WAIT);
        fx.post("/runs/" + hang + "/cancel", "");
        fx.awaitTerminal(hang, WAIT);
        assertTrue(events(hang).stream().anyMatch(e -> e.path("type").asText().equals("run_cancelled")));
    }

    @Test
    void aQuietRunGetsHeartbeats() throws Exception {
        fx.stop();
        fx.limits = org.praefectus.bridge.run.RunLimits.DEFAULTS
                .withCancelGrace(Duration.ofMillis(500))
                .withHeartbeat(Duration.ofMillis(200));
        fx.start();
        String id = fx.submit(fx.runRequest("codex", "SCENARIO:quiet"));
        fx.awaitTerminal(id, WAIT);
        JsonNode beat = events(id).stream()
                .filter(e -> e.path("type").asText().equals("heartbeat"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no heartbeat during a quiet second"));
        assertTrue(beat.path("data").path("quiet_ms").asLong() >= 200, beat::toString);
    }
}
