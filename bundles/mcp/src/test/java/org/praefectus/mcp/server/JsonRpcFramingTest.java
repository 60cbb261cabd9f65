package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Regression (issue 17, defect 1): one malformed line ended the stdio session without an answer. */
class JsonRpcFramingTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode refused(String line) throws Exception {
        return JSON.readTree(assertInstanceOf(JsonRpcFraming.Refuse.class, JsonRpcFraming.frame(line))
                .response());
    }

    @Test
    void invalidJsonIsAParseErrorWithANullId() throws Exception {
        JsonNode error = refused("{not json");
        assertEquals(-32700, error.path("error").path("code").asInt());
        assertTrue(error.get("id").isNull());
        assertEquals(
                -32700,
                refused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} trailing")
                        .path("error")
                        .path("code")
                        .asInt());
    }

    @Test
    void batchesNullIdsAndMissingJsonrpcAreInvalidRequests() throws Exception {
        assertEquals(
                -32600,
                refused("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]")
                        .path("error")
                        .path("code")
                        .asInt());
        assertEquals(
                -32600,
                refused("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}")
                        .path("error")
                        .path("code")
                        .asInt());
        JsonNode noVersion = refused("{\"id\":7,\"method\":\"ping\"}");
        assertEquals(-32600, noVersion.path("error").path("code").asInt());
        assertEquals(7, noVersion.get("id").asInt(), "a readable id is echoed");
        assertEquals(
                -32600,
                refused("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}")
                        .path("error")
                        .path("code")
                        .asInt());
        assertEquals(-32600, refused("42").path("error").path("code").asInt());
        assertEquals(
                -32600,
                refused("{\"jsonrpc\":\"2.0\",\"id\":3}")
                        .path("error")
                        .path("code")
                        .asInt());
    }

    @Test
    void wellFormedMessagesPassAndAToolCallCarriesItsIdToItsHandler() throws Exception {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";
        assertEquals(
                ping,
                assertInstanceOf(JsonRpcFraming.Pass.class, JsonRpcFraming.frame(ping))
                        .json());
        var call = assertInstanceOf(
                JsonRpcFraming.Pass.class,
                JsonRpcFraming.frame("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/call\",\"params\":"
                        + "{\"name\":\"act\",\"_meta\":{\"" + JsonRpcFraming.REQUEST_ID_META + "\":\"spoofed\"}}}"));
        assertEquals("\"a\"", call.toolCallId());
        assertEquals(
                "\"a\"",
                JSON.readTree(call.json())
                        .path("params")
                        .path("_meta")
                        .path(JsonRpcFraming.REQUEST_ID_META)
                        .asText());
        assertInstanceOf(
                JsonRpcFraming.Pass.class, JsonRpcFraming.frame("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{}}"));
    }

    @Test
    void aCancellationNamesTheRequestAndIsNotPassedOn() {
        var cancelled = assertInstanceOf(
                JsonRpcFraming.Cancelled.class,
                JsonRpcFraming.frame("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                        + "\"params\":{\"requestId\":5,\"reason\":\"user\"}}"));
        assertEquals("5", cancelled.requestId());
        assertInstanceOf(JsonRpcFraming.Ignore.class, JsonRpcFraming.frame("   "));
    }
}
