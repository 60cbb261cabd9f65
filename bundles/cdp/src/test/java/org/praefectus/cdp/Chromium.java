package org.praefectus.cdp;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real headless Chromium for tests, with the flags that work on this machine, and a JDK HttpServer on loopback
 * serving the pages under {@code src/test/resources/org/praefectus/cdp/pages}. Fails (never skips) when Chromium is
 * missing.
 */
final class Chromium implements AutoCloseable {

    static final String BINARY = "/usr/bin/chromium";

    private final Process process;
    private final Path profile;
    private final int port;
    private final HttpServer pages;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper mapper = new ObjectMapper();

    private Chromium(Process process, Path profile, int port, HttpServer pages) {
        this.process = process;
        this.profile = profile;
        this.port = port;
        this.pages = pages;
    }

    static Chromium start() throws IOException, InterruptedException {
        return start(java.util.List.of());
    }

    private static Chromium shared;

    /**
     * One browser shared by every test class of this JVM (each test opens its own page target in it), closed when the
     * JVM exits: starting Chromium costs more than most tests. Tests that change the browser itself start their own.
     */
    static synchronized Chromium shared() throws IOException, InterruptedException {
        if (shared == null) {
            Chromium started = start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException | InterruptedException e) {
                    // the JVM is exiting
                }
            }));
            shared = started;
        }
        return shared;
    }

    /**
     * A Chromium in a network namespace of its own ({@code unshare -n}, loopback brought up inside), as a browser
     * in a container would be: its DevTools port is not reachable from here except through a relay.
     */
    static Chromium startInOwnNetworkNamespace() throws IOException, InterruptedException {
        return start(java.util.List.of("unshare", "-n", "sh", "-c", "ip link set lo up && exec \"$0\" \"$@\""));
    }

    private static Chromium start(java.util.List<String> prefix) throws IOException, InterruptedException {
        HttpServer pages = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        pages.createContext("/", exchange -> {
            String name = exchange.getRequestURI().getPath().substring(1);
            try (InputStream in = Chromium.class.getResourceAsStream("pages/" + name)) {
                if (in == null || name.contains("/")) {
                    exchange.sendResponseHeaders(404, -1);
                } else {
                    byte[] body = in.readAllBytes();
                    exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                }
            }
            exchange.close();
        });
        pages.start();
        Path profile = Files.createTempDirectory("praefectus-cdp-test");
        java.util.List<String> command = new java.util.ArrayList<>(prefix);
        command.addAll(IsolatedChromium.command(Path.of(BINARY), profile, "about:blank"));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path activePort = profile.resolve("DevToolsActivePort");
        try {
            await("Chromium writes its DevTools port")
                    .atMost(java.time.Duration.ofSeconds(20))
                    .pollInterval(java.time.Duration.ofMillis(25))
                    .failFast("Chromium exited", () -> !process.isAlive())
                    .until(() -> Files.exists(activePort)
                            && !Files.readAllLines(activePort).isEmpty()
                            && !Files.readAllLines(activePort).get(0).isBlank());
        } catch (org.awaitility.core.ConditionTimeoutException | org.awaitility.core.TerminalFailureException e) {
            process.destroyForcibly();
            pages.stop(0);
            throw new IllegalStateException("Chromium did not start", e);
        }
        int port = Integer.parseInt(Files.readAllLines(activePort).get(0).trim());
        return new Chromium(process, profile, port, pages);
    }

    long pid() {
        return process.pid();
    }

    int port() {
        return port;
    }

    String endpoint() {
        return CdpConfig.LOOPBACK + ":" + port;
    }

    String url(String page) {
        return "http://127.0.0.1:" + pages.getAddress().getPort() + "/" + page;
    }

    /** Opens a new page target on a served page and waits until it has loaded; returns its target ID. */
    String open(String page) throws IOException, InterruptedException {
        return open(page, 10_000);
    }

    /** {@link #open(String)} for pages that take long to load. */
    String open(String page, long timeoutMs) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/new?" + url(page)))
                        .PUT(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String targetId = mapper.readTree(response.body()).path("id").asText();
        try (PageDriver driver = driver(targetId)) {
            // a new target starts on about:blank, which is already "complete": wait for the page itself
            driver.waitFor("location.href === '" + url(page) + "' && document.readyState === 'complete'", timeoutMs);
        }
        return targetId;
    }

    /** Closes a page target the test opened (a page that keeps running timers should not outlive its test). */
    void closeTarget(String targetId) throws IOException, InterruptedException {
        http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/close/" + targetId))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    PageDriver driver(String targetId) {
        try {
            return new PageDriver(DevToolsChannel.open(mapper, port, targetId));
        } catch (ChannelException e) {
            throw new IllegalStateException(e);
        }
    }

    CdpConfig config(String targetId) throws CdpConfigException {
        return CdpConfig.sharedDesktop(endpoint(), targetId, pid(), CdpConfig.processGeneration(pid()));
    }

    CdpExecutor executor(String targetId) throws CdpConfigException {
        return CdpExecutor.connect(config(targetId));
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        pages.stop(0);
        try (Stream<Path> files = Files.walk(profile)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | java.io.UncheckedIOException leftover) {
            // Chromium's helpers may still be writing; the folder is under the temp dir
        }
    }

    /**
     * The test's own second DevTools session on a page, to change and read the page as a person or the page's
     * scripts would: never used by the executor under test.
     */
    static final class PageDriver implements AutoCloseable {
        private final DevToolsChannel channel;

        PageDriver(DevToolsChannel channel) {
            this.channel = channel;
        }

        JsonNode evaluate(String expression) {
            try {
                JsonNode result = channel.command(
                        "Runtime.evaluate",
                        channel.params()
                                .put("expression", expression)
                                .put("returnByValue", true)
                                .put("awaitPromise", true),
                        System.currentTimeMillis() + 5_000);
                if (result.has("exceptionDetails")) {
                    throw new IllegalStateException("page script failed: " + result.get("exceptionDetails"));
                }
                return result.path("result").path("value");
            } catch (ChannelException e) {
                throw new IllegalStateException(e);
            }
        }

        /** One command on the test's own session, for what a person does outside the page (answering a dialog). */
        JsonNode command(String method, com.fasterxml.jackson.databind.node.ObjectNode params) {
            try {
                return channel.command(method, params, System.currentTimeMillis() + 5_000);
            } catch (ChannelException e) {
                throw new IllegalStateException(e);
            }
        }

        com.fasterxml.jackson.databind.node.ObjectNode params() {
            return channel.params();
        }

        void waitFor(String condition) {
            waitFor(condition, 10_000);
        }

        void waitFor(String condition, long timeoutMs) {
            await("page reaches " + condition)
                    .atMost(java.time.Duration.ofMillis(timeoutMs))
                    .pollInterval(java.time.Duration.ofMillis(20))
                    // the context was replaced by a navigation: ask again
                    .ignoreExceptionsInstanceOf(IllegalStateException.class)
                    .until(() -> evaluate(condition).asBoolean(false));
        }

        @Override
        public void close() {
            channel.close();
        }
    }
}
