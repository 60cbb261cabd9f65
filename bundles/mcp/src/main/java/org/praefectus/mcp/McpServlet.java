package org.praefectus.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletAsyncSupported;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import org.praefectus.mcp.host.CapabilityProfile;
import org.praefectus.mcp.server.FixedErrorResponse;
import org.praefectus.mcp.server.HttpGuard;
import org.praefectus.mcp.server.StreamableServers;

/**
 * {@code /mcp}: the SDK's Streamable HTTP transport on the servlet whiteboard, behind {@link HttpGuard}.
 * Exists only while {@code org.praefectus.mcp.http} is configured; refuses to activate on a non-loopback
 * bind without a token.
 */
@Designate(ocd = McpHttpConfig.class)
@Component(
        service = Servlet.class,
        configurationPid = McpHttpConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE)
@HttpWhiteboardServletPattern("/mcp")
@HttpWhiteboardServletAsyncSupported
public final class McpServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient HttpGuard guard;
    private final transient HttpServletStreamableServerTransportProvider transport;
    private final transient McpSyncServer server;

    @Activate
    public McpServlet(McpHttpConfig config, @Reference McpHost host) {
        if (!HttpGuard.isLoopback(config.host()) && config.token().isBlank()) {
            throw new IllegalStateException("a non-loopback MCP endpoint requires a bearer token");
        }
        this.guard = new HttpGuard(
                config.token(),
                Set.of(config.allowed_origins()),
                config.max_request_bytes(),
                HttpGuard.isLoopback(config.host()));
        Optional<CapabilityProfile> profile =
                config.profile().isBlank() ? Optional.empty() : Optional.of(CapabilityProfile.parse(config.profile()));
        this.transport = StreamableServers.transport(host.mapper(), config.max_request_bytes());
        this.server = McpServer.sync(transport)
                .serverInfo("praefectus", "0.1.0")
                .jsonMapper(host.mapper())
                .jsonSchemaValidator(host.validator())
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(org.praefectus.mcp.server.ToolCatalog.specifications(host.toolHost(profile), host.mapper()))
                .build();
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        transport.init(config);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        Optional<HttpGuard.Refusal> refusal = guard.check(
                request.getHeader("Authorization"),
                request.getHeader("Host"),
                request.getHeader("Origin"),
                request.getContentLengthLong());
        if (refusal.isPresent()) {
            response.setStatus(refusal.get().status());
            if (refusal.get().status() == 401) {
                response.setHeader("WWW-Authenticate", "Bearer");
            }
            response.setContentType("application/json");
            response.getOutputStream()
                    .write(("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\""
                                    + refusal.get().message() + "\"}}")
                            .getBytes(StandardCharsets.UTF_8));
            return;
        }
        FixedErrorResponse guarded = new FixedErrorResponse(response);
        transport.service(request, guarded);
        if (!request.isAsyncStarted()) {
            guarded.finish();
        }
    }

    @Deactivate
    void deactivate() {
        server.closeGracefully();
        transport.destroy();
    }
}
