package org.praefectus.mcp;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.engine.EngineFactory;

/**
 * The MCP host of browser mode ({@code mcp --browser}): what every server of this host shares ({@link ToolHosts}:
 * the same key, signer and audit log as the desktop's host) and the {@link EngineFactory} its sessions' private
 * engines come from. Unlike {@link McpHost} it needs no pin in the runtime's engine, so browser mode leaves that
 * engine's trust and ledger as they were. Delayed: only {@code mcp --browser} obtains it. Sessions still open when it
 * is deactivated (the framework stops) are closed, so no browser outlives the process.
 */
@Component(service = McpBrowserHost.class, configurationPid = McpConfig.PID)
public final class McpBrowserHost {

    /** A browser session's private ledger, beside the host's key and audit log. */
    static final String LEDGER_FILE = "browser-operations.jsonl";

    private final EngineFactory engines;
    private final ToolHosts hosts;
    private final Set<BrowserSession> sessions = ConcurrentHashMap.newKeySet();

    @Activate
    public McpBrowserHost(McpConfig config, @Reference EngineFactory engines) throws IOException {
        this.engines = engines;
        this.hosts = new ToolHosts(config);
    }

    /**
     * Launches a session's browser on {@code startUrl}, its file inputs taking files from {@code uploads} when the host
     * gave a folder, its screenshots kept in {@code screenshots} when the host gave one (see {@link BrowserSession#open}).
     */
    BrowserSession open(
            String startUrl,
            java.util.Optional<java.nio.file.Path> uploads,
            java.util.Optional<java.nio.file.Path> screenshots)
            throws CliCommandException {
        BrowserSession session = BrowserSession.open(
                startUrl,
                uploads,
                screenshots,
                engines,
                hosts.pin(),
                hosts.stateDirectory().resolve(LEDGER_FILE));
        sessions.add(session);
        return session;
    }

    /** Ends a session: its engine, executor and browser are closed. */
    void close(BrowserSession session) {
        sessions.remove(session);
        session.close();
    }

    ToolHosts hosts() {
        return hosts;
    }

    @Deactivate
    void deactivate() throws IOException {
        sessions.forEach(BrowserSession::close);
        hosts.close();
    }
}
