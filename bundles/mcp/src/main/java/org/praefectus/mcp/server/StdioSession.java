package org.praefectus.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.praefectus.mcp.host.ToolHost;

/**
 * One MCP session over newline-delimited JSON-RPC on a pair of streams (the process's stdin and stdout).
 * {@link #runUntilInputEnds()} returns when the input reaches end of file, after closing the server.
 */
public final class StdioSession {

    /** Newest first: the SDK answers an initialize with the client's version when it is listed here. */
    static final List<String> PROTOCOL_VERSIONS = List.of(
            ProtocolVersions.MCP_2025_11_25,
            ProtocolVersions.MCP_2025_06_18,
            ProtocolVersions.MCP_2025_03_26,
            ProtocolVersions.MCP_2024_11_05);

    private final CountDownLatch inputEnded = new CountDownLatch(1);
    private final McpSyncServer server;

    public StdioSession(
            ToolHost host, McpJsonMapper mapper, JsonSchemaValidator validator, InputStream in, OutputStream out) {
        StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, new EndSignalling(in), out) {
            @Override
            public List<String> protocolVersions() {
                return PROTOCOL_VERSIONS;
            }
        };
        this.server = McpServer.sync(transport)
                .serverInfo(Servers.SERVER_NAME, Servers.version())
                .jsonMapper(mapper)
                .jsonSchemaValidator(validator)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .instructions(Servers.INSTRUCTIONS)
                .tools(ToolCatalog.specifications(host, mapper))
                .build();
    }

    /** Blocks until the client closes the input, then closes the server. */
    public void runUntilInputEnds() throws InterruptedException {
        try {
            inputEnded.await();
        } finally {
            server.closeGracefully();
        }
    }

    /** Counts the latch down at end of input or when reading fails. */
    private final class EndSignalling extends FilterInputStream {
        EndSignalling(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            return signal(() -> super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return signal(() -> super.read(b, off, len));
        }

        private int signal(IoRead read) throws IOException {
            try {
                int n = read.read();
                if (n < 0) {
                    inputEnded.countDown();
                }
                return n;
            } catch (IOException e) {
                inputEnded.countDown();
                throw e;
            }
        }
    }

    @FunctionalInterface
    private interface IoRead {
        int read() throws IOException;
    }
}
