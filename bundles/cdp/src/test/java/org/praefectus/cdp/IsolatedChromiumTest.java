package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;
import static org.praefectus.cdp.CdpObservationTest.observe;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host's own headless Chromium ({@link IsolatedChromium}) on a real Debian Chromium: each executor connected to it
 * reads the host's start page, even one its server answers slowly (the first executor returns once that page has
 * loaded, not when the browser lists its target). The first connects through the DevTools client made while the
 * browser started and keeps the host's further settings; one connected after it closed makes a client of its own.
 * Closing the browser ends its process and deletes its private profile.
 */
class IsolatedChromiumTest {

    @TempDir
    Path uploads;

    @Test
    void eachExecutorReadsTheStartPageAndClosingEndsTheBrowserAndItsProfile() throws Exception {
        HttpServer slow = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        slow.createContext("/", exchange -> {
            try {
                Thread.sleep(1_500); // the page's server answers well after the browser lists its target
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] page = "<!doctype html><title>Slow</title><button>Add one</button>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        slow.start();
        String startUrl = "http://127.0.0.1:" + slow.getAddress().getPort() + "/slow.html";
        IsolatedChromium browser;
        try {
            browser = IsolatedChromium.launch(IsolatedChromium.DEBIAN_CHROMIUM, startUrl);
        } catch (CdpConfigException e) {
            slow.stop(0);
            throw e;
        }
        ProcessHandle process = ProcessHandle.of(browser.pid()).orElseThrow();
        Path profile = profileOf(browser.pid());
        try {
            assertTrue(Files.isDirectory(profile), "the private profile exists while the browser runs");
            try (CdpExecutor first = browser.connect(browser.config().withUploadDirectory(uploads))) {
                assertEquals(Optional.of(uploads.toRealPath()), first.config().uploadDirectory());
                named(observe(first), "button", "Add one");
            }
            try (CdpExecutor second = browser.connect()) {
                assertEquals(Optional.empty(), second.config().uploadDirectory());
                named(observe(second), "button", "Add one");
            }
        } finally {
            browser.close();
            slow.stop(0);
        }
        assertFalse(process.isAlive(), "the browser process ended");
        assertFalse(Files.exists(profile), "the private profile is deleted");
    }

    /**
     * The {@code --user-data-dir} the browser was started with, read from its command line (which Chromium rewrites as
     * one line of words once it runs).
     */
    private static Path profileOf(long pid) throws Exception {
        String commandLine = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8);
        java.util.regex.Matcher profile = java.util.regex.Pattern.compile("--user-data-dir=([^\\s\\x00]+)")
                .matcher(commandLine);
        if (!profile.find()) {
            throw new AssertionError("the browser was started without a profile of its own");
        }
        return Path.of(profile.group(1));
    }
}
