package org.praefectus.mcp.server;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Every stdio line and HTTP body passes through the framing first: for any text it answers one outcome, never
 * an exception; a refusal is a JSON-RPC 2.0 error with one of the spec's codes for framing, and what it passes on
 * to the SDK is JSON.
 */
class JsonRpcFramingFuzzTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<Integer> FRAMING_CODES = Set.of(-32700, -32600, -32602);

    @FuzzTest
    void frame(byte[] line) throws Exception {
        // a line as the server decodes it: UTF-8, malformed sequences replaced
        String text = new String(line, StandardCharsets.UTF_8);
        JsonRpcFraming.Outcome outcome =
                JsonRpcFraming.frame(text, JsonRpcFraming.Tools.listing(Set.of("capabilities")));
        if (outcome instanceof JsonRpcFraming.Refuse refuse) {
            JsonNode error = JSON.readTree(refuse.response());
            if (!"2.0".equals(error.path("jsonrpc").asText())
                    || !FRAMING_CODES.contains(error.path("error").path("code").asInt())) {
                throw new IllegalStateException("not a JSON-RPC framing error: " + refuse.response());
            }
        } else if (outcome instanceof JsonRpcFraming.Pass pass) {
            JSON.readTree(pass.json());
        } else if (outcome == null) {
            throw new IllegalStateException("no outcome");
        }
    }
}
