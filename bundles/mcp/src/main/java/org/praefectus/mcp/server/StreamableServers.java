package org.praefectus.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;

/** The SDK's Streamable HTTP transport as this host configures it. */
public final class StreamableServers {

    private StreamableServers() {}

    /** One {@code /mcp} endpoint; origin and token checks happen in front of it ({@link HttpGuard}). */
    public static HttpServletStreamableServerTransportProvider transport(McpJsonMapper mapper, int maxRequestBytes) {
        return HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(mapper)
                .mcpEndpoint("/mcp")
                .maxRequestSize(maxRequestBytes)
                .build();
    }
}
