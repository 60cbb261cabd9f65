package org.praefectus.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.praefectus.mcp.host.InFlightCalls;
import org.praefectus.mcp.host.ToolHost;

/**
 * One MCP session over newline-delimited JSON-RPC on a pair of streams (the process's stdin and stdout).
 * Every line passes {@link JsonRpcFraming} first: a malformed line is answered with its JSON-RPC error and the
 * session goes on. {@link #runUntilInputEnds()} returns when the input reaches end of file: calls still in
 * flight are cancelled (nothing not yet dispatched is dispatched) and the server is closed, bounded in time.
 */
public final class StdioSession {

    /** Newest first: the SDK answers an initialize with the client's version when it is listed here. */
    static final List<String> PROTOCOL_VERSIONS = List.of(
            ProtocolVersions.MCP_2025_11_25,
            ProtocolVersions.MCP_2025_06_18,
            ProtocolVersions.MCP_2025_03_26,
            ProtocolVersions.MCP_2024_11_05);

    /** The one connection of a stdio session, as the SDK's exchange names it (no session id). */
    static final String CONNECTION = "stdio";

    private static final long CLOSE_WAIT_MS = 5_000;

    private final CountDownLatch inputEnded = new CountDownLatch(1);
    private final InFlightCalls calls = new InFlightCalls();
    private final McpSyncServer server;

    public StdioSession(
            ToolHost host,
            McpJsonMapper mapper,
            JsonSchemaValidator validator,
            Duration confirmationWindow,
            Duration requestTimeout,
            InputStream in,
            OutputStream out) {
        OutgoingElicitations outgoing = new OutgoingElicitations(out);
        var tools = ToolCatalog.specifications(
                host, mapper, validator, new ToolCatalog.Wiring(calls, confirmationWindow, outgoing, true));
        FramedInput framed = new FramedInput(
                in,
                outgoing::writeLine,
                id -> calls.cancel(CONNECTION, id),
                id -> calls.begin(CONNECTION, id),
                () -> {
                    calls.cancelAll(CONNECTION);
                    inputEnded.countDown();
                },
                ToolCatalog.framing(host, mapper, tools));
        StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, framed, outgoing) {
            @Override
            public List<String> protocolVersions() {
                return PROTOCOL_VERSIONS;
            }
        };
        this.server = Servers.build(McpServer.sync(transport), mapper, validator, requestTimeout, host, tools);
    }

    /** Blocks until the client closes the input, then closes the server (waiting at most a few seconds). */
    public void runUntilInputEnds() throws InterruptedException {
        try {
            inputEnded.await();
        } finally {
            try {
                CompletableFuture.runAsync(server::closeGracefully).get(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (Exception slowOrFailed) {
                server.close();
            }
        }
    }
}
