package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.mcp.server.JsonRpcFraming;
import org.praefectus.mcp.server.ToolCatalog;

/**
 * A server's tools are exactly its profile's: tools/list is the SDK's plain list of them (regression: the
 * SDK's list filter, through reactor's {@code filterWhen}, answered {@code [capabilities]} alone on a loaded CI
 * machine). A call of a catalog tool outside the profile still gets {@code capability_denied}, audited, as the
 * call's result; a name no tool has is {@code -32602}.
 */
class ProfileListingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator(JSON);
    private final McpJsonMapper mapper = new JacksonMcpJsonMapper(JSON);

    @TempDir
    Path state;

    @Test
    void theServersToolsAreThoseItsProfileAllows() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            for (CapabilityProfile profile : CapabilityProfile.values()) {
                ToolHost host = fixture.host(profile);
                Set<String> listed = ToolCatalog.specifications(host, mapper, VALIDATOR, wiring()).stream()
                        .map(s -> s.tool().name())
                        .collect(Collectors.toSet());
                Set<String> allowed = host.toolNames().stream()
                        .filter(tool -> ToolCapabilities.allows(profile, tool))
                        .collect(Collectors.toSet());
                assertEquals(allowed, listed, profile.wireName());
            }
            ToolHost operator = fixture.host(CapabilityProfile.OPERATOR);
            assertEquals(
                    operator.toolNames(),
                    ToolCatalog.specifications(operator, mapper, VALIDATOR, wiring()).stream()
                            .map(s -> s.tool().name())
                            .collect(Collectors.toSet()),
                    "operator lists every catalog tool");
        }
    }

    @Test
    void aCallOfACatalogToolOutsideTheProfileIsRefusedAndAudited() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost observe = fixture.host(CapabilityProfile.OBSERVE);
            JsonRpcFraming.Tools tools = ToolCatalog.framing(
                    observe, mapper, ToolCatalog.specifications(observe, mapper, VALIDATOR, wiring()));
            assertTrue(tools.listed("observe"));
            assertFalse(tools.listed("act"));

            var refused = assertInstanceOf(
                    JsonRpcFraming.Refuse.class,
                    JsonRpcFraming.frame(
                            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"act\","
                                    + "\"arguments\":{\"action\":\"invoke\",\"tag\":\"e1\"}}}",
                            tools));
            JsonNode response = JSON.readTree(refused.response());
            assertEquals(7, response.path("id").asInt());
            assertTrue(response.path("result").path("isError").asBoolean(), refused.response());
            assertEquals(
                    "capability_denied",
                    response.path("result")
                            .path("structuredContent")
                            .path("error")
                            .path("code")
                            .asText());
            fixture.audit().close();
            String audit = Files.readString(fixture.auditFile());
            assertTrue(audit.contains("\"act\"") && audit.contains("refused"), audit);

            var unknown = assertInstanceOf(
                    JsonRpcFraming.Refuse.class,
                    JsonRpcFraming.frame(
                            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}",
                            tools));
            assertEquals(
                    -32602,
                    JSON.readTree(unknown.response()).path("error").path("code").asInt());
            assertInstanceOf(
                    JsonRpcFraming.Pass.class,
                    JsonRpcFraming.frame(
                            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"observe\"}}",
                            tools));
        }
    }

    private static ToolCatalog.Wiring wiring() {
        return new ToolCatalog.Wiring(new InFlightCalls(), Duration.ofSeconds(5), null, false);
    }
}
