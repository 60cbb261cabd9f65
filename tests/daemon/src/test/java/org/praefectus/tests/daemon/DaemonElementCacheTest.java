package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's {@code --accessibility-cache-ttl-ms} and {@code --no-accessibility-events} reach the element
 * cache that {@code elements} uses through the daemon: the finder keeps answers from its second lookup on, so
 * the third identical lookup is a hit exactly when the cache may keep it.
 */
class DaemonElementCacheTest {

    @TempDir
    Path directory;

    private TestWindow window;
    private String title;

    @BeforeEach
    void openWindow() throws Exception {
        Daemon.requireDesktop();
        title = TestWindow.uniqueTitle("Daemon Cache");
        window = TestWindow.zenity("--info", title, "Cached");
    }

    @AfterEach
    void closeWindow() throws Exception {
        window.close();
    }

    private JsonNode elements(Daemon daemon) throws Exception {
        Daemon.Result result = daemon.cli(directory, "elements", "--window-title", title, "--role", "push button");
        JsonNode envelope = result.envelope();
        assertEquals(0, result.exitCode(), envelope.toString());
        return envelope.get("data");
    }

    /** The third lookup of the window's buttons, once the window is listed at all. */
    private JsonNode thirdLookup(Daemon daemon) throws Exception {
        await("the daemon lists the dialog's button")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    Daemon.Result result =
                            daemon.cli(directory, "elements", "--window-title", title, "--role", "push button");
                    return result.exitCode() == 0
                            && result.envelope().at("/data/elements").size() > 0;
                });
        elements(daemon);
        return elements(daemon);
    }

    @Test
    void aLongLifetimeWithoutEventsKeepsTheAnswer() throws Exception {
        try (Daemon daemon = Daemon.start(
                directory,
                environment -> {},
                "--no-grpc",
                "--accessibility-cache-ttl-ms",
                "600000",
                "--no-accessibility-events")) {
            assertEquals(
                    600000, daemon.ready.at("/data/accessibility_cache/ttl_ms").asLong(), daemon.ready.toString());
            assertFalse(daemon.ready.at("/data/accessibility_cache/events").asBoolean());
            JsonNode third = thirdLookup(daemon);
            assertTrue(third.get("cache_hit").asBoolean(), third.toString());
            assertTrue(third.toString().contains("--no-accessibility-events"), "the answer says events are off");
        }
    }

    @Test
    void aZeroLifetimeKeepsNothing() throws Exception {
        try (Daemon daemon =
                Daemon.start(directory, environment -> {}, "--no-grpc", "--accessibility-cache-ttl-ms", "0")) {
            assertEquals(0, daemon.ready.at("/data/accessibility_cache/ttl_ms").asLong());
            JsonNode third = thirdLookup(daemon);
            assertFalse(third.get("cache_hit").asBoolean(), third.toString());
        }
    }
}
