package org.praefectus.demos.cdp;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A headless Chromium that the demo owns: a new private profile and a disposable page in a private (0700)
 * temporary folder, DevTools on an ephemeral loopback port, the page opened as a new target. Closing it stops the
 * browser and deletes the folder, so the demo leaves nothing behind.
 */
final class DemoBrowser implements AutoCloseable {

    /** Debian's Chromium, the browser this machine kind has (no download, ever). */
    static final Path BINARY = Path.of("/usr/bin/chromium");

    private static final String PAGE = "demo.html";
    private static final long START_TIMEOUT_MS = 30_000;

    private final Path folder;
    private final Process process;
    private final int port;
    private final String targetId;

    private DemoBrowser(Path folder, Process process, int port, String targetId) {
        this.folder = folder;
        this.process = process;
        this.port = port;
        this.targetId = targetId;
    }

    /**
     * Starts the browser on the demo page.
     *
     * @throws DemoException {@code browser_unavailable} when Chromium is missing or does not start
     */
    static DemoBrowser start() throws DemoException {
        if (!Files.isExecutable(BINARY)) {
            throw new DemoException("browser_unavailable", "Chromium is not installed at /usr/bin/chromium");
        }
        Path folder;
        try {
            folder = Files.createTempDirectory(
                    "praefectus-cdp-demo",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new DemoException("demo_failed", "cannot create the private demo folder");
        }
        Process process = null;
        try {
            Path page = Files.createDirectory(folder.resolve("page")).resolve(PAGE);
            try (InputStream in = DemoBrowser.class.getResourceAsStream(PAGE)) {
                Files.write(page, in.readAllBytes());
            }
            Path profile = Files.createDirectory(folder.resolve("profile"));
            process = new ProcessBuilder(
                            BINARY.toString(),
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
                            "about:blank")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            int port = activePort(profile.resolve("DevToolsActivePort"), process);
            String targetId = open(port, page.toUri().toString());
            return new DemoBrowser(folder, process, port, targetId);
        } catch (IOException | RuntimeException e) {
            stop(process);
            delete(folder);
            throw new DemoException("browser_unavailable", "Chromium did not start");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(process);
            delete(folder);
            throw new DemoException("browser_unavailable", "Chromium did not start");
        }
    }

    /** The port Chromium chose, from the profile's {@code DevToolsActivePort} file. */
    private static int activePort(Path file, Process process) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (true) {
            if (Files.exists(file)) {
                List<String> lines = Files.readAllLines(file);
                if (!lines.isEmpty() && !lines.get(0).isBlank()) {
                    return Integer.parseInt(lines.get(0).trim());
                }
            }
            if (System.currentTimeMillis() > deadline || !process.isAlive()) {
                throw new IOException("no DevTools port");
            }
            Thread.sleep(25);
        }
    }

    /** Opens the page as a new target ({@code /json/new} needs PUT) and returns the target ID. */
    private static String open(int port, String url) throws IOException, InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/new?" + url))
                        .timeout(Duration.ofSeconds(20))
                        .PUT(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String targetId =
                new ObjectMapper().readTree(response.body()).path("id").asText("");
        if (response.statusCode() != 200 || targetId.isEmpty()) {
            throw new IOException("no target");
        }
        return targetId;
    }

    long pid() {
        return process.pid();
    }

    /** The DevTools endpoint, exactly as {@code CdpConfig} accepts it. */
    String endpoint() {
        return "127.0.0.1:" + port;
    }

    String targetId() {
        return targetId;
    }

    @Override
    public void close() {
        stop(process);
        delete(folder);
    }

    private static void stop(Process process) {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void delete(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | java.io.UncheckedIOException leftover) {
            // a helper of the stopped browser may still be writing: the folder is private and under the temp dir
        }
    }
}
