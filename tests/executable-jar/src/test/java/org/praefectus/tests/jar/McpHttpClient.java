package org.praefectus.tests.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * The MCP client of the jar tests over Streamable HTTP: one POST per JSON-RPC message to {@code /mcp} on a
 * loopback port, with the headers the guard (token, origin) and the SDK's transport (session, protocol
 * version) read, and tool results taken from a JSON answer or from the SSE event that answers.
 */
final class McpHttpClient {

    static final String PROTOCOL_VERSION = "2025-06-18";
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"" + PROTOCOL_VERSION + "\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    private static final ObjectMapper JSON = new ObjectMapper();

    final int port;
    private final URI endpoint;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** A client of a server still to be started on a port that was free a moment ago. */
    McpHttpClient() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
    }

    HttpResponse<String> post(String body, String token, String origin, String session)
            throws IOException, InterruptedException {
        return post(HttpRequest.BodyPublishers.ofString(body), token, origin, session);
    }

    /** One POST; a {@code null} token, origin or session leaves its header out. */
    HttpResponse<String> post(HttpRequest.BodyPublisher body, String token, String origin, String session)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(body);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session);
            request.header("MCP-Protocol-Version", PROTOCOL_VERSION);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The id of a new, initialized session, or {@code null} while the servlet is not yet on the whiteboard
     * (Jetty alone answers 404).
     */
    String initialize(String token) throws IOException, InterruptedException {
        return initialize(token, INITIALIZE);
    }

    /** {@link #initialize} for a client that answers the server's questions (elicitation). */
    String initializeAnswering() throws IOException, InterruptedException {
        return initialize(null, INITIALIZE.replace("\"capabilities\":{}", "\"capabilities\":{\"elicitation\":{}}"));
    }

    private String initialize(String token, String initialize) throws IOException, InterruptedException {
        HttpResponse<String> response = post(initialize, token, null, null);
        String session = response.statusCode() == 200
                ? response.headers().firstValue("Mcp-Session-Id").orElse(null)
                : null;
        if (session != null) {
            post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", token, null, session);
        }
        return session;
    }

    /**
     * A tools/call's result read from its SSE stream as it arrives, answering every question the server asks on the
     * way with a yes ({@code confirm: true}) and keeping the question's text in {@code questions}.
     */
    JsonNode callToolConfirming(String session, int id, String tool, String arguments, List<String> questions)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofMinutes(3))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", PROTOCOL_VERSION)
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
                                + tool + "\",\"arguments\":" + arguments + "}}"))
                .build();
        HttpResponse<java.util.stream.Stream<String>> response =
                http.send(request, HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        try (java.util.stream.Stream<String> lines = response.body()) {
            java.util.Iterator<String> each = lines.iterator();
            while (each.hasNext()) {
                String line = each.next();
                String data = line.startsWith("data:") ? line.substring(5).strip() : line.startsWith("{") ? line : "";
                if (data.isEmpty()) {
                    continue;
                }
                JsonNode message = JSON.readTree(data);
                if ("elicitation/create".equals(message.path("method").asText())) {
                    questions.add(message.at("/params/message").asText());
                    post(
                            "{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id")
                                    + ",\"result\":{\"action\":\"accept\",\"content\":{\"confirm\":true}}}",
                            null,
                            null,
                            session);
                } else if (message.path("id").asInt(-1) == id && message.has("result")) {
                    return message.path("result");
                }
            }
        }
        throw new AssertionError("no answer to " + tool);
    }

    /** A tools/call's result, from a JSON answer or the SSE event that answers it. */
    JsonNode callTool(String token, String session, int id, String tool, String arguments) throws Exception {
        HttpResponse<String> response = post(
                "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                        + "\",\"arguments\":" + arguments + "}}",
                token,
                null,
                session);
        assertEquals(200, response.statusCode(), response.body());
        List<String> messages = response.body().startsWith("{")
                ? List.of(response.body())
                : response.body()
                        .lines()
                        .filter(line -> line.startsWith("data:"))
                        .map(line -> line.substring(5).strip())
                        .filter(data -> !data.isEmpty())
                        .toList();
        for (String message : messages) {
            JsonNode node = JSON.readTree(message);
            if (node.path("id").asInt(-1) == id) {
                return node.path("result");
            }
        }
        throw new AssertionError("no answer to " + tool + ": " + response.body());
    }
}
