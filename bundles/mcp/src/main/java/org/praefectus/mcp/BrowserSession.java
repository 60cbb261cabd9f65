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
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.cdp.BrowserPage;
import org.praefectus.cdp.CdpConfig;
import org.praefectus.cdp.CdpConfigException;
import org.praefectus.cdp.CdpExecutor;
import org.praefectus.cdp.IsolatedChromium;
import org.praefectus.cdp.PageObservation;
import org.praefectus.mcp.host.BrowserTabs;
import org.praefectus.mcp.host.HostServices;
import org.praefectus.mcp.host.PageObserver;

/**
 * The browser of one {@code mcp --browser} session: the host's own {@link IsolatedChromium} (Debian's Chromium, a
 * private profile) on the start URL the host configured, a {@link CdpExecutor} for its one page, and a private engine
 * from {@link EngineFactory} that trusts only the MCP host's key, claims in its own ledger and dispatches only to
 * that page. The runtime's shared engine, its trust and its ledger are never used. As the tools' services it offers
 * that engine and nothing of the desktop (no capture, vision or plugins). Its {@link BrowserTabs}: another tab of the
 * same browser gets an executor of its own ({@link CdpConfig#forPage}) and a private engine on the same ledger; the
 * session follows one tab at a time. Closing it closes the engines, the executors and the browser (whose profile is
 * deleted).
 */
final class BrowserSession implements HostServices, PageObserver, BrowserTabs, AutoCloseable {

    /** Debian's Chromium: the only browser the server starts, never one a model names. */
    static final Path BINARY = IsolatedChromium.DEBIAN_CHROMIUM;

    private final IsolatedChromium chromium;
    private final EngineFactory engines;
    private final PinnedIssuer pin;
    private final Path ledger;
    /** The session's tags of the browser's page targets, in the order it first saw them (target ID to tag). */
    private final Map<String, String> tags = new LinkedHashMap<>();
    /** The target IDs a listing or an observation's note already showed. */
    private final java.util.Set<String> shown = new java.util.HashSet<>();

    private volatile PageBinding current;
    /** The host's screenshot folder, or {@code null}. */
    private final ScreenshotFolder kept;

    private boolean closed;

    /** One tab's executor and the private engine that dispatches only to it. */
    private static final class PageBinding implements BrowserTabs.Binding {
        private final CdpExecutor executor;
        private final PrivateEngine engine;
        private final Tab tab;

        PageBinding(CdpExecutor executor, PrivateEngine engine, Tab tab) {
            this.executor = executor;
            this.engine = engine;
            this.tab = tab;
        }

        @Override
        public Engine engine() {
            return engine;
        }

        @Override
        public Tab tab() {
            return tab;
        }

        void close() {
            try {
                engine.close();
            } finally {
                executor.close();
            }
        }
    }

    private BrowserSession(
            IsolatedChromium chromium, EngineFactory engines, PinnedIssuer pin, Path ledger, ScreenshotFolder kept) {
        this.kept = kept;
        this.chromium = chromium;
        this.engines = engines;
        this.pin = pin;
        this.ledger = ledger;
    }

    /**
     * Launches the browser on {@code startUrl} and builds the page's private engine.
     *
     * @param uploads the host's folder file inputs take files from ({@link CdpConfig#withUploadDirectory}), if any
     * @param screenshots the host's folder the screenshot tool keeps images in ({@link ScreenshotFolder}), if any
     * @param pin    the only key the private engine trusts (the MCP host's)
     * @param ledger the private engine's operation ledger, in the host's private state directory
     * @throws CliCommandException {@code browser_unavailable} when Chromium is missing, does not start or offers no
     *     page; {@code engine_unavailable} when the private engine cannot be made; {@code usage} when the upload
     *     folder went away since the options were read
     */
    static BrowserSession open(
            String startUrl,
            Optional<Path> uploads,
            Optional<Path> screenshots,
            EngineFactory engines,
            PinnedIssuer pin,
            Path ledger)
            throws CliCommandException {
        ScreenshotFolder kept = null;
        if (screenshots.isPresent()) {
            try {
                kept = new ScreenshotFolder(screenshots.get());
            } catch (java.io.IOException e) {
                throw CliCommandException.usage("mcp: --screenshot-dir: not a folder");
            }
        }
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
            CdpExecutor executor = chromium.connect(config);
            BrowserSession session = new BrowserSession(chromium, engines, pin, ledger, kept);
            try {
                session.current = session.bound(executor, new BrowserPage(config.targetId(), "", startUrl));
                return session;
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
        return current.executor.observePage(cancellation, deadlineAtMs, part);
    }

    /** Whether the current page shows a JavaScript dialog, as the executor's dialog events say. */
    @Override
    public boolean dialogOpen() {
        return current.executor.dialogOpen();
    }

    /** The executor's wait for the page to change after its last observation ({@code wait_for} reads it again). */
    @Override
    public boolean awaitChange(long quietMs, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return current.executor.awaitChange(quietMs, cancellation, deadlineAtMs);
    }

    /** The page's previous history entry's URL ({@code navigate_back} signs an open of it). */
    @Override
    public Optional<String> previousUrl(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return current.executor.previousUrl(cancellation, deadlineAtMs);
    }

    @Override
    public org.praefectus.cdp.PageImage screenshot(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return current.executor.screenshot(cancellation, deadlineAtMs);
    }

    @Override
    public Optional<String> keep(org.praefectus.cdp.PageImage image) throws java.io.IOException {
        return kept == null ? Optional.empty() : Optional.of(kept.keep(image.png()));
    }

    @Override
    public Engine engine() {
        return current.engine;
    }

    /** A binding of {@code executor} (on {@code page}) with a private engine of its own on the session's ledger. */
    private PageBinding bound(CdpExecutor executor, BrowserPage page) throws EngineException {
        PrivateEngine engine = engines.create(new PrivateEngineSpec(List.of(pin), ledger, executor));
        return new PageBinding(executor, engine, tab(page, true));
    }

    private synchronized Tab tab(BrowserPage page, boolean current) {
        String tag = tags.computeIfAbsent(page.targetId(), id -> "t" + (tags.size() + 1));
        return new Tab(tag, page.title(), page.url(), page.label(), current);
    }

    /** The browser's pages, oldest first (DevTools lists the most recent first), each given its tag. */
    private synchronized List<Tab> tabs() throws ExecutorException {
        List<BrowserPage> pages = new java.util.ArrayList<>(current.executor.pages());
        java.util.Collections.reverse(pages);
        String followed = current.executor.config().targetId();
        List<Tab> all = new java.util.ArrayList<>();
        for (BrowserPage page : pages) {
            all.add(tab(page, page.targetId().equals(followed)));
        }
        all.sort(java.util.Comparator.comparingInt(t -> Integer.parseInt(t.tag().substring(1))));
        return all;
    }

    @Override
    public synchronized List<Tab> list() throws ExecutorException {
        List<Tab> all = tabs();
        all.forEach(tab -> shown.add(targetOf(tab.tag())));
        return all;
    }

    @Override
    public synchronized List<Tab> opened() throws ExecutorException {
        List<Tab> fresh = new java.util.ArrayList<>();
        for (Tab tab : tabs()) {
            if (shown.add(targetOf(tab.tag())) && !tab.current()) {
                fresh.add(tab);
            }
        }
        return fresh;
    }

    private String targetOf(String tag) {
        return tags.entrySet().stream()
                .filter(e -> e.getValue().equals(tag))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(null);
    }

    @Override
    public synchronized Binding bind(String tag) throws ExecutorException {
        Tab tab = tabs().stream()
                .filter(t -> t.tag().equals(tag))
                .findFirst()
                .orElseThrow(
                        () -> new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "browser tab was not found"));
        PageBinding followed = current;
        if (tab.current()) {
            return new PageBinding(followed.executor, followed.engine, tab);
        }
        String targetId = targetOf(tag);
        CdpExecutor executor;
        try {
            // the same typed configuration for another target of the same process: never a string key
            executor = CdpExecutor.connect(followed.executor.config().forPage(targetId));
        } catch (CdpConfigException e) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "browser tab was not found");
        }
        try {
            return new PageBinding(
                    executor, engines.create(new PrivateEngineSpec(List.of(pin), ledger, executor)), tab);
        } catch (EngineException e) {
            executor.close();
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "the tab's private engine could not be made");
        }
    }

    @Override
    public synchronized void follow(Binding binding) {
        PageBinding next = (PageBinding) binding;
        PageBinding was = current;
        if (next.executor == was.executor) {
            return;
        }
        current = next;
        was.close();
    }

    @Override
    public synchronized void release(Binding binding) {
        PageBinding released = (PageBinding) binding;
        if (released.executor != current.executor) {
            released.close();
        }
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
        browser.put(
                "session_isolation", current.executor.sessionIsolation().name().toLowerCase(java.util.Locale.ROOT));
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
            current.close();
        } finally {
            chromium.close();
        }
    }
}
