package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.mcp.server.ToolCatalog;

/**
 * Issue 36: tools/list is paid in tokens by every model session at every turn, and it had grown to 138 KB for the
 * operator profile. The tools the operator profile lists, as the server writes them, stay within the budget this
 * change reached (59.6 KB on the wire; benchmarks/mcp/tools-list-size.sh measures it); a tool or a text that
 * grows the list past it must shrink something else or raise the budget knowingly.
 */
class ToolsListSizeTest {

    /** The operator profile's tools array, in bytes of compact UTF-8 JSON. */
    static final int OPERATOR_BUDGET = 60_000;

    @TempDir
    Path state;

    @Test
    void theOperatorProfilesToolsStayWithinTheBudget() throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (HostFixture fixture = new HostFixture(state)) {
            var tools = ToolCatalog.specifications(
                            fixture.host(CapabilityProfile.OPERATOR),
                            new JacksonMcpJsonMapper(json),
                            new DefaultJsonSchemaValidator(json),
                            new ToolCatalog.Wiring(new InFlightCalls(), Duration.ofSeconds(5), null, false))
                    .stream()
                    .map(s -> s.tool())
                    .toList();
            int bytes = json.writeValueAsBytes(tools).length;
            assertTrue(bytes <= OPERATOR_BUDGET, "tools/list of the operator profile: " + bytes + " bytes");
            assertTrue(tools.size() == 75, "every tool is listed: " + tools.size());
        }
    }
}
