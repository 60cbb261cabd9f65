package org.praefectus.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.ComponentServiceObjects;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.OwnedStdout;
import org.praefectus.api.desktop.DesktopSettings;
import org.praefectus.logging.InvalidLogSettingException;
import org.praefectus.logging.LogSettings;
import org.praefectus.logging.ProcessLog;
import org.praefectus.mcp.host.ToolHost;
import org.praefectus.mcp.server.StdioSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code praefectus mcp [--profile P]}: an MCP server on stdin/stdout until stdin closes.
 *
 * <p>{@code praefectus mcp --browser [--browser-url URL] [--upload-dir DIR] [--screenshot-dir DIR] [--profile P]}: the same over stdio for one
 * browser page instead of the desktop ({@link McpBrowserHost}): the server launches its own Chromium on the host's
 * start URL (its file inputs taking files from the host's upload folder) and closes it when the session ends. While it runs,
 * {@code System.out} points at stderr, so nothing but MCP messages reaches the real stdout; the CLI writes
 * no envelope afterwards ({@link OwnedStdout}).
 *
 * <p>{@code praefectus mcp --http [--port N] [--host H] [--profile P]}: configures Felix HTTP and the
 * {@code /mcp} servlet through ConfigAdmin, writes one envelope with the URL on stdout once the endpoint
 * answers, and serves until the process is stopped. The bearer token comes
 * from the environment variable {@code PRAEFECTUS_MCP_TOKEN}, never from the command line (visible in ps).
 */
@Component(service = CliCommand.class)
@Command("mcp")
public final class McpCommand implements CliCommand {

    private static final Logger LOG = LoggerFactory.getLogger(McpCommand.class);

    static final String HTTP_PID = "org.apache.felix.http";
    private static final ObjectMapper ENVELOPE = new ObjectMapper();

    /** How long {@code mcp} waits for the host (engine, pinned key) at startup before it fails with an envelope. */
    static final long HOST_WAIT_MS = 30_000;

    private final ConfigurationAdmin configurationAdmin;
    private final ComponentServiceObjects<HostKeyPinning> pinning;
    private final ComponentServiceObjects<McpBrowserHost> browserHosts;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Object hostLock = new Object();
    private McpHost host;

    /** The desktop bundle's settings; absent where the runtime has no desktop bundle. */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopSettings desktopSettings;

    @Activate
    public McpCommand(
            @Reference ConfigurationAdmin configurationAdmin,
            @Reference ComponentServiceObjects<HostKeyPinning> pinning,
            @Reference ComponentServiceObjects<McpBrowserHost> browserHosts) {
        this.configurationAdmin = configurationAdmin;
        this.pinning = pinning;
        this.browserHosts = browserHosts;
    }

    /*
     * The host is optional and awaited, not mandatory: the launcher runs the command line as soon as the
     * framework has started, while the host arrives only after HostKeyPinning's ConfigAdmin update has been
     * delivered (asynchronously) and the engine's verifier and the engine have activated. A mandatory
     * reference made `mcp` an unknown command in that window.
     */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void bindHost(McpHost arrived) {
        synchronized (hostLock) {
            host = arrived;
            hostLock.notifyAll();
        }
    }

    void unbindHost(McpHost departed) {
        synchronized (hostLock) {
            if (host == departed) {
                host = null;
            }
        }
    }

    private McpHost awaitHost() throws CliCommandException {
        // activates the key pinning now, and only for this command: its configuration update brings the
        // engine and then the host
        pinning.getService();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HOST_WAIT_MS);
        synchronized (hostLock) {
            try {
                while (host == null) {
                    long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
                    if (left <= 0) {
                        throw CliCommandException.failure(
                                "engine_unavailable", "the MCP host did not start: the engine is not available");
                    }
                    hostLock.wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CliCommandException.failure("engine_unavailable", "interrupted while waiting for the MCP host");
            }
            return host;
        }
    }

    @Deactivate
    void deactivate() {
        stopped.countDown();
    }

    @Override
    public String name() {
        return "mcp";
    }

    @Override
    public String summary() {
        return "mcp [--profile observe|plan|assist|operator] [--http [--port N] [--host H] | --browser [--browser-url URL]"
                + " [--upload-dir DIR] [--screenshot-dir DIR]]:"
                + " the MCP server (stdio by default; --browser: its own browser instead of the desktop)";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        McpOptions options = McpOptions.parse(arguments);
        if (options.browserUrl().isPresent()) {
            return serveBrowser(options);
        }
        if (options.http()) {
            httpToken(options);
        }
        DesktopSession session = DesktopSession.discover();
        pointExecutorAt(session);
        McpHost host = awaitHost();
        host.useDesktopSession(session);
        return options.http() ? serveHttp(options, host) : serveStdio(host.toolHost(options.profile()), host.hosts());
    }

    /** Browser mode: its own browser and private engine for this one stdio session, closed when it ends. */
    private Object serveBrowser(McpOptions options) throws CliCommandException {
        McpBrowserHost host = browserHosts.getService();
        try {
            BrowserSession page = host.open(
                    options.browserUrl().orElseThrow(), options.uploadDirectory(), options.screenshotDirectory());
            try {
                return serveStdio(host.hosts().browser(page, options.profile()), host.hosts());
            } finally {
                host.close(page);
            }
        } finally {
            browserHosts.ungetService(host);
        }
    }

    /**
     * Gives the Linux executor the session found outside this process's environment (an MCP client started
     * the server without DISPLAY or DBUS_SESSION_BUS_ADDRESS). Values someone configured are kept.
     */
    private void pointExecutorAt(DesktopSession session) {
        DesktopSettings settings = desktopSettings;
        if (!session.discoveredElsewhere() || settings == null) {
            return;
        }
        try {
            settings.adoptSession(session.display(), session.sessionBus());
        } catch (IOException e) {
            // the executor keeps the process environment; capabilities reports what was found
        }
    }

    private static Object serveStdio(ToolHost tools, ToolHosts hosts) {
        PrintStream mcpOut = System.out;
        System.setOut(System.err);
        try {
            StdioSession session = new StdioSession(
                    tools,
                    hosts.mapper(),
                    hosts.validator(),
                    hosts.confirmationWindow(),
                    hosts.requestTimeout(),
                    System.in,
                    mcpOut);
            session.runUntilInputEnds();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            mcpOut.flush();
            System.setOut(mcpOut);
        }
        return OwnedStdout.INSTANCE;
    }

    /** The token from PRAEFECTUS_MCP_TOKEN, checked: required off loopback, never shorter than the minimum. */
    private static String httpToken(McpOptions options) throws CliCommandException {
        String token =
                Optional.ofNullable(System.getenv("PRAEFECTUS_MCP_TOKEN")).orElse("");
        if (!org.praefectus.mcp.server.HttpGuard.isLoopback(options.host()) && token.isBlank()) {
            throw CliCommandException.usage("a non-loopback --host needs PRAEFECTUS_MCP_TOKEN");
        }
        if (!token.isEmpty() && token.length() < org.praefectus.mcp.server.HttpGuard.MIN_TOKEN_LENGTH) {
            throw CliCommandException.usage("PRAEFECTUS_MCP_TOKEN must be at least "
                    + org.praefectus.mcp.server.HttpGuard.MIN_TOKEN_LENGTH + " characters");
        }
        return token;
    }

    /**
     * Serves Streamable HTTP until the framework stops, with the process log open in the MCP host's state folder
     * ({@code STATE/logs/mcp-http.log}): this is the long-running form of the command.
     */
    private Object serveHttp(McpOptions options, McpHost host) throws CliCommandException {
        String token = httpToken(options);
        LogSettings logSettings;
        try {
            logSettings = LogSettings.fromEnvironment(System.getenv());
        } catch (InvalidLogSettingException e) {
            throw CliCommandException.usage(e.getMessage());
        }
        if (!HttpReadiness.portFree(options.host(), options.port())) {
            // otherwise the readiness probe could take whoever listens there for this endpoint
            throw CliCommandException.failure("http_unavailable", "the port is in use or the address cannot be bound");
        }
        ProcessLog.Handle log;
        try {
            log = ProcessLog.open(host.hosts().stateDirectory(), "mcp-http", logSettings);
        } catch (IOException e) {
            throw CliCommandException.failure(
                    "state_unavailable", "the MCP state folder is unusable: " + e.getMessage());
        }
        try (log) {
            return serveHttp(options, host, token);
        }
    }

    private Object serveHttp(McpOptions options, McpHost host, String token) throws CliCommandException {
        try {
            @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
            Hashtable<String, Object> servlet = new Hashtable<>();
            servlet.put("host", options.host());
            servlet.put("token", token);
            options.profile().ifPresent(p -> servlet.put("profile", p.wireName()));
            configurationAdmin.getConfiguration(McpHttpConfig.PID, "?").update(servlet);
            @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
            Hashtable<String, Object> http = new Hashtable<>();
            http.put("org.apache.felix.http.enable", true);
            http.put("org.osgi.service.http.port", options.port());
            http.put("org.apache.felix.http.host", options.host());
            Configuration jetty = configurationAdmin.getConfiguration(HTTP_PID, "?");
            jetty.update(http);
        } catch (IOException e) {
            throw CliCommandException.failure("configuration_error", "the HTTP endpoint could not be configured");
        }
        URI endpoint = HttpReadiness.endpoint(options.host(), options.port());
        try {
            if (!HttpReadiness.await(endpoint, token, HOST_WAIT_MS)) {
                throw CliCommandException.failure(
                        "http_unavailable", "the MCP endpoint is not served: is the port in use?");
            }
            // the one envelope of this command, written when clients can connect; the process then serves
            // until it is stopped, and the CLI writes nothing after it
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("transport", "streamable-http");
            data.put("url", endpoint.toString());
            // the address the server listens on, as bound (a wildcard bind is not the loopback URL above)
            data.put("bound", HttpReadiness.boundAddress(options.host(), options.port()));
            data.put("profile", host.hosts().profile(options.profile()).wireName());
            data.put("token_required", !token.isBlank());
            Map<String, Object> envelope = new LinkedHashMap<>();
            envelope.put("ok", true);
            envelope.put("data", data);
            System.out.println(ENVELOPE.writeValueAsString(envelope));
            System.out.flush();
            LOG.info("MCP over Streamable HTTP serving on {}", data.get("bound"));
            stopped.await();
            LOG.info("MCP over Streamable HTTP stopping");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (JsonProcessingException e) {
            throw CliCommandException.failure("serialization_error", "the envelope could not be written");
        }
        return OwnedStdout.INSTANCE;
    }
}
