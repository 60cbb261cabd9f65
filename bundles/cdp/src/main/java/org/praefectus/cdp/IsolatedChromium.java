package org.praefectus.cdp;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.Settle;

/**
 * A host's own headless Chromium: a fresh private profile (a 0700 folder of its own, deleted on close) and a process
 * nobody else drives, so its {@link CdpConfig} is honestly {@code host_isolated} and background actions are allowed.
 * The DevTools endpoint is {@code 127.0.0.1} on a port the browser picks. The host chooses the binary and the first
 * page; neither ever comes from a model.
 */
public final class IsolatedChromium implements AutoCloseable {

    /** Debian's Chromium. */
    public static final Path DEBIAN_CHROMIUM = Path.of("/usr/bin/chromium");

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final Path profile;
    private final int port;
    private final String targetId;
    private final String startUrl;
    /** The DevTools client made while the browser started, until the first executor takes it. */
    private final AtomicReference<CompletableFuture<DevToolsChannel.Client>> client;

    private IsolatedChromium(
            Process process,
            Path profile,
            int port,
            String targetId,
            String startUrl,
            CompletableFuture<DevToolsChannel.Client> client) {
        this.process = process;
        this.startUrl = startUrl;
        this.profile = profile;
        this.port = port;
        this.targetId = targetId;
        this.client = new AtomicReference<>(client);
    }

    /**
     * Starts headless Chromium on {@code startUrl} with a private profile and waits for its page target.
     *
     * @param binary   the Chromium executable the host trusts
     * @param startUrl the first page ({@code http}, {@code https}, {@code file} or {@code about:blank})
     * @throws CdpConfigException when the browser does not start or offers no page target in time
     */
    public static IsolatedChromium launch(Path binary, String startUrl) throws CdpConfigException {
        String scheme = URI.create(startUrl).getScheme();
        if (!List.of("http", "https", "file", "about").contains(String.valueOf(scheme))) {
            throw new CdpConfigException("start URL must be http, https, file or about:blank");
        }
        Path profile;
        Process process;
        try {
            profile = Files.createTempDirectory(
                    "praefectus-chromium-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            process = new ProcessBuilder(command(binary, profile, startUrl))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException | RuntimeException e) {
            throw new CdpConfigException("Chromium could not be started");
        }
        // the JVM would only wait while the browser starts: it makes the client the first executor connects with
        CompletableFuture<DevToolsChannel.Client> client =
                CompletableFuture.supplyAsync(DevToolsChannel.Client::create, runnable -> {
                    Thread thread = new Thread(runnable, "praefectus-cdp-client");
                    thread.setDaemon(true);
                    thread.start();
                });
        try {
            int port = awaitPort(process, profile.resolve("DevToolsActivePort"));
            return new IsolatedChromium(process, profile, port, awaitPage(process, port), startUrl, client);
        } catch (CdpConfigException e) {
            discard(client);
            stop(process, profile);
            throw e;
        }
    }

    /**
     * The command line of a headless Chromium with this private profile: the flags it needs to run headless as root
     * on a server (no sandbox, no GPU, no QUIC, no first-run, background networking, component updates or sync) and
     * DevTools on {@code 127.0.0.1} with a port it picks and writes to {@code DevToolsActivePort}.
     */
    static List<String> command(Path binary, Path profile, String startUrl) {
        return List.of(
                binary.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "--window-size=1000,800",
                startUrl);
    }

    private static int awaitPort(Process process, Path activePort) throws CdpConfigException {
        int[] port = {0};
        // the browser writes the file once it listens; there is nothing to wait on but the file itself
        Settle.Check<CdpConfigException> listening = () -> {
            alive(process, "Chromium did not open its DevTools port");
            try {
                List<String> lines = Files.exists(activePort)
                        ? Files.readAllLines(activePort, StandardCharsets.US_ASCII)
                        : List.of();
                if (lines.isEmpty() || lines.get(0).isBlank()) {
                    return false;
                }
                port[0] = CdpConfig.loopbackPort(
                        CdpConfig.LOOPBACK + ":" + lines.get(0).trim());
                return true;
            } catch (IOException partial) {
                return false; // written while we read: read again
            }
        };
        if (!Settle.until(
                listening, 20, System.currentTimeMillis() + START_TIMEOUT.toMillis(), new CancellationToken())) {
            throw new CdpConfigException("Chromium did not open its DevTools port");
        }
        return port[0];
    }

    private static String awaitPage(Process process, int port) throws CdpConfigException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = DevToolsChannel.newMapper();
        String[] page = {null};
        Settle.Check<CdpConfigException> offered = () -> {
            alive(process, "Chromium offered no page target");
            try {
                List<BrowserPage> pages = DevToolsChannel.pages(mapper, port);
                page[0] = pages.isEmpty() ? null : pages.get(0).targetId();
                return page[0] != null;
            } catch (ChannelException notYet) {
                return false; // the endpoint is not answering yet
            }
        };
        if (!Settle.until(
                offered, 20, System.currentTimeMillis() + START_TIMEOUT.toMillis(), new CancellationToken())) {
            throw new CdpConfigException("Chromium offered no page target");
        }
        return page[0];
    }

    /** A browser that ended will not start listening: the wait ends with {@code failure}. */
    private static void alive(Process process, String failure) throws CdpConfigException {
        if (!process.isAlive()) {
            throw new CdpConfigException(failure);
        }
    }

    /** The browser process. */
    public long pid() {
        return process.pid();
    }

    /** The DevTools endpoint, exactly as {@link CdpConfig} accepts it. */
    public String endpoint() {
        return CdpConfig.LOOPBACK + ":" + port;
    }

    /** The first page's target ID. */
    public String targetId() {
        return targetId;
    }

    /** The {@code host_isolated} configuration for the first page. */
    public CdpConfig config() throws CdpConfigException {
        return CdpConfig.hostIsolated(endpoint(), targetId, pid(), CdpConfig.processGeneration(pid()));
    }

    /** An executor on the first page. */
    public CdpExecutor connect() throws CdpConfigException {
        return connect(config());
    }

    /**
     * An executor with {@code config}: this browser's own {@link #config()}, with the host's further settings (an
     * upload folder, say). The first one connects through the client made while the browser started, and returns once
     * the start page has loaded (or {@link #START_TIMEOUT} passed: a page still loading is the page as it is), so that
     * its first observation does not meet the start page's document arriving.
     */
    public CdpExecutor connect(CdpConfig config) throws CdpConfigException {
        CompletableFuture<DevToolsChannel.Client> made = client.getAndSet(null);
        if (made == null) {
            return CdpExecutor.connect(config);
        }
        CdpExecutor executor = CdpExecutor.connect(config, made.join());
        try {
            executor.awaitLoaded(
                    startUrl.equals("about:blank"),
                    new CancellationToken(),
                    System.currentTimeMillis() + START_TIMEOUT.toMillis());
            return executor;
        } catch (ExecutorException e) {
            if (e.failure() != org.praefectus.api.executor.ExecutorFailure.STALE_TARGET) {
                return executor; // the page did not say in time: it is read as it is
            }
            executor.close();
            throw new CdpConfigException("the browser's page went away while it loaded");
        }
    }

    /** Stops the browser and deletes its profile. */
    @Override
    public void close() {
        CompletableFuture<DevToolsChannel.Client> unused = client.getAndSet(null);
        if (unused != null) {
            discard(unused);
        }
        stop(process, profile);
    }

    /** Closes a client no executor took, once it is made (its threads end with it); nothing waits for that. */
    @SuppressWarnings("FutureReturnValueIgnored")
    private static void discard(CompletableFuture<DevToolsChannel.Client> client) {
        client.thenAccept(DevToolsChannel.Client::close);
    }

    private static void stop(Process process, Path profile) {
        // its helpers (zygotes, renderers, the GPU process) write to the profile too and end only after the browser:
        // the profile is deleted once they have
        List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            for (ProcessHandle helper : helpers) {
                try {
                    helper.onExit().get(5, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    helper.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(profile)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | java.io.UncheckedIOException leftover) {
            // a helper that would not end may still be writing; the folder is private and under the temp dir
        }
    }
}
