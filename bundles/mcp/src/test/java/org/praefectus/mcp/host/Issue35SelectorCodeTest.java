package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.host.CapabilityProfile;

/**
 * Issue 35, the cross-surface contract: a malformed selector is {@code invalid_selector} on the CLI, the socket and
 * gRPC, and in MCP's {@code wait_for} and {@code read_text}, but MCP's input tools and {@code find_elements} answered
 * the catch-all {@code invalid_arguments}. The selector's own code is the tool error's code.
 */
class Issue35SelectorCodeTest {

    @TempDir
    Path state;

    @Test
    void aMalformedSelectorIsInvalidSelectorInEveryTool() throws Exception {
        try (HostFixture fixture = new HostFixture(state)) {
            ToolHost host = fixture.host(CapabilityProfile.OPERATOR);
            for (String tool : new String[] {"click", "type_text", "hotkey", "find_elements"}) {
                ToolResult refused = host.call(tool, Map.of("selector", ",,,", "text", "x"), HostFixture.call());
                assertTrue(refused.error(), tool);
                Object error = refused.structured().get("error");
                assertEquals("invalid_selector", ((Map<?, ?>) error).get("code"), tool + ": " + refused.structured());
            }
        }
    }
}
