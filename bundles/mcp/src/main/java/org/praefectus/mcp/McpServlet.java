package org.praefectus.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
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
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.mcp.host.InFlightCalls;
import org.praefectus.mcp.server.HttpGuard;
import org.praefectus.mcp.server.Servers;
import org.praefectus.mcp.server.StreamableEndpoint;
import org.praefectus.mcp.server.StreamableServers;
import org.praefectus.mcp.server.ToolCatalog;

/**
 * {@code /mcp}: the SDK's Streamable HTTP transport on the servlet whiteboard, behind
 * {@link StreamableEndpoint} (guard, framing, session owners, cancellation). Exists only while
 * {@code org.praefectus.mcp.http} is configured; refuses to activate on a non-loopback bind without a token,
 * or with a token shorter than {@value HttpGuard#MIN_TOKEN_LENGTH} characters.
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

    private final transient HttpServletStreamableServerTransportProvider transport;
    private final transient McpSyncServer server;
    private final transient StreamableEndpoint endpoint;

    @Activate
    public McpServlet(McpHttpConfig config, @Reference McpHost host) {
        if (!HttpGuard.isLoopback(config.host()) && config.token().isBlank()) {
            throw new IllegalStateException("a non-loopback MCP endpoint requires a bearer token");
        }
        if (!config.token().isEmpty() && config.token().length() < HttpGuard.MIN_TOKEN_LENGTH) {
            throw new IllegalStateException("the MCP token is too short");
        }
        HttpGuard guard = new HttpGuard(
                config.token(),
                Set.of(config.allowed_origins()),
                config.max_request_bytes(),
                HttpGuard.isLoopback(config.host()));
        Optional<CapabilityProfile> profile =
                config.profile().isBlank() ? Optional.empty() : Optional.of(CapabilityProfile.parse(config.profile()));
        InFlightCalls calls = new InFlightCalls();
        ToolHosts hosts = host.hosts();
        var toolHost = host.toolHost(profile);
        var tools = ToolCatalog.specifications(
                toolHost,
                hosts.mapper(),
                hosts.validator(),
                new ToolCatalog.Wiring(calls, hosts.confirmationWindow(), null, false));
        this.transport = StreamableServers.transport(hosts.mapper(), config.max_request_bytes());
        this.server = Servers.build(
                McpServer.sync(transport), hosts.mapper(), hosts.validator(), hosts.requestTimeout(), toolHost, tools);
        this.endpoint = new StreamableEndpoint(
                guard,
                calls,
                ToolCatalog.framing(toolHost, hosts.mapper(), tools),
                config.max_request_bytes(),
                transport::service);
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        transport.init(config);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        endpoint.service(request, response);
    }

    @Deactivate
    void deactivate() {
        server.closeGracefully();
        transport.destroy();
    }
}
