package org.praefectus.mcp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.cdp.CdpConfig;
import org.praefectus.cdp.CdpConfigException;
import org.praefectus.cdp.CdpExecutor;
import org.praefectus.cdp.IsolatedChromium;
import org.praefectus.cdp.PageObservation;
import org.praefectus.mcp.host.HostServices;
import org.praefectus.mcp.host.PageObserver;

/**
 * The browser of one {@code mcp --browser} session: the host's own {@link IsolatedChromium} (Debian's Chromium, a
 * private profile) on the start URL the host configured, a {@link CdpExecutor} for its one page, and a private engine
 * from {@link EngineFactory} that trusts only the MCP host's key, claims in its own ledger and dispatches only to
 * that page. The runtime's shared engine, its trust and its ledger are never used. As the tools' services it offers
 * that engine and nothing of the desktop (no capture, vision or plugins). Closing it closes the engine, the
 * executor and the browser (whose profile is deleted).
 */
final class BrowserSession implements HostServices, PageObserver, AutoCloseable {

    /** Debian's Chromium: the only browser the server starts, never one a model names. */
    static final Path BINARY = IsolatedChromium.DEBIAN_CHROMIUM;

    private final IsolatedChromium chromium;
    private final CdpExecutor executor;
    private final PrivateEngine engine;
    private boolean closed;

    private BrowserSession(IsolatedChromium chromium, CdpExecutor executor, PrivateEngine engine) {
        this.chromium = chromium;
        this.executor = executor;
        this.engine = engine;
    }

    /**
     * Launches the browser on {@code startUrl} and builds the page's private engine.
     *
     * @param uploads the host's folder file inputs take files from ({@link CdpConfig#withUploadDirectory}), if any
     * @param pin    the only key the private engine trusts (the MCP host's)
     * @param ledger the private engine's operation ledger, in the host's private state directory
     * @throws CliCommandException {@code browser_unavailable} when Chromium is missing, does not start or offers no
     *     page; {@code engine_unavailable} when the private engine cannot be made; {@code usage} when the upload
     *     folder went away since the options were read
     */
    static BrowserSession open(
            String startUrl, Optional<Path> uploads, EngineFactory engines, PinnedIssuer pin, Path ledger)
            throws CliCommandException {
        if (!Files.isExecutable(BINARY)) {
            throw CliCommandException.failure("browser_unavailable", "Chromium is not installed at " + BINARY);
        }
        IsolatedChromium chromium;
        try {
            chromium = IsolatedChromium.launch(BINARY, startUrl);
        } catch (CdpConfigException e) {
            throw CliCommandException.failure("browser_unavailable", "Chromium did not start");
        }
        CdpConfig config;
        try {
            config = chromium.config();
        } catch (CdpConfigException e) {
            chromium.close();
            throw CliCommandException.failure("browser_unavailable", "the browser's page could not be connected");
        }
        if (uploads.isPresent()) {
            try {
                config = config.withUploadDirectory(uploads.get());
            } catch (CdpConfigException e) {
                chromium.close();
                throw CliCommandException.usage("mcp: --upload-dir: " + e.getMessage());
            }
        }
        try {
            CdpExecutor executor = CdpExecutor.connect(config);
            try {
                return new BrowserSession(
                        chromium, executor, engines.create(new PrivateEngineSpec(List.of(pin), ledger, executor)));
            } catch (EngineException e) {
                executor.close();
                throw CliCommandException.failure(
                        "engine_unavailable",
                        "the browser's private engine could not be made: "
                                + e.error().code());
            }
        } catch (CdpConfigException e) {
            chromium.close();
            throw CliCommandException.failure("browser_unavailable", "the browser's page could not be connected");
        } catch (CliCommandException | RuntimeException e) {
            chromium.close();
            throw e;
        }
    }

    /**
     * Part {@code part} of the page, straight from the executor the private engine dispatches to (its only one), for
     * the states and the outline the engine's protocol observation does not carry; it becomes the observation the
     * executor resolves targets against, as the engine's own would.
     */
    @Override
    public PageObservation observe(int part, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.observePage(cancellation, deadlineAtMs, part);
    }

    /** The executor's wait for the page to change after its last observation ({@code wait_for} reads it again). */
    @Override
    public boolean awaitChange(long quietMs, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return executor.awaitChange(quietMs, cancellation, deadlineAtMs);
    }

    /** The page's previous history entry's URL ({@code navigate_back} signs an open of it). */
    @Override
    public Optional<String> previousUrl(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return executor.previousUrl(cancellation, deadlineAtMs);
    }

    @Override
    public Engine engine() {
        return engine;
    }

    /** For {@code capabilities}: the browser this session launched, in place of a desktop session. */
    @Override
    public Map<String, Object> desktopSession() {
        Map<String, Object> browser = new LinkedHashMap<>();
        browser.put("binary", BINARY.toString());
        browser.put("process_id", chromium.pid());
        browser.put("endpoint", chromium.endpoint());
        browser.put("headless", true);
        browser.put("private_profile", true);
        browser.put("session_isolation", executor.sessionIsolation().name().toLowerCase(java.util.Locale.ROOT));
        return Map.of("browser", browser);
    }

    /** Closes the engine, the executor and the browser, once (the session's end or the host's deactivation). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            engine.close();
            executor.close();
        } finally {
            chromium.close();
        }
    }
}
