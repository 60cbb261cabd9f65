package org.praefectus.demos.cdp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.praefectus.cdp.CdpConfigException;
import org.praefectus.cdp.CdpExecutor;
import org.praefectus.cdp.IsolatedChromium;

/**
 * The demo's disposable page in a private (0700) temporary folder, shown in an {@link IsolatedChromium} (a new
 * private profile, DevTools on an ephemeral loopback port). Closing it stops the browser and deletes the
 * folder, so the demo leaves nothing behind.
 */
final class DemoBrowser implements AutoCloseable {

    /** Debian's Chromium, the browser this machine kind has (no download, ever). */
    static final Path BINARY = IsolatedChromium.DEBIAN_CHROMIUM;

    private static final String PAGE = "demo.html";

    private final Path page;
    private final IsolatedChromium chromium;

    private DemoBrowser(Path page, IsolatedChromium chromium) {
        this.page = page;
        this.chromium = chromium;
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
        Path page;
        try {
            Path folder = Files.createTempDirectory(
                    "praefectus-cdp-demo",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            page = folder.resolve(PAGE);
            try (InputStream in = DemoBrowser.class.getResourceAsStream(PAGE)) {
                Files.write(page, in.readAllBytes());
            }
        } catch (IOException | RuntimeException e) {
            throw new DemoException("demo_failed", "cannot create the private demo folder");
        }
        try {
            return new DemoBrowser(
                    page, IsolatedChromium.launch(BINARY, page.toUri().toString()));
        } catch (CdpConfigException e) {
            delete(page);
            throw new DemoException("browser_unavailable", "Chromium did not start");
        }
    }

    long pid() {
        return chromium.pid();
    }

    /** The DevTools endpoint, exactly as {@code CdpConfig} accepts it. */
    String endpoint() {
        return chromium.endpoint();
    }

    /** An executor on the demo page, with its {@code host_isolated} configuration. */
    CdpExecutor connect() throws CdpConfigException {
        return chromium.connect();
    }

    @Override
    public void close() {
        chromium.close();
        delete(page);
    }

    private static void delete(Path page) {
        try {
            Files.deleteIfExists(page);
            Files.deleteIfExists(page.getParent());
        } catch (IOException leftover) {
            // the folder is private and under the temp dir
        }
    }
}
