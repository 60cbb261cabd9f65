package org.praefectus.tests.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code windows} through the daemon keeps the accessible side of its listing (one AT-SPI call per
 * application) as {@code elements} keeps its answers: from the second lookup on, for the cache's lifetime, and
 * forgotten at the first AT-SPI event. The window manager's side is read every time.
 */
class DaemonWindowCacheTest {

    @TempDir
    Path directory;

    private final List<TestWindow> windows = new ArrayList<>();
    private String prefix;

    @BeforeEach
    void prefix() {
        Daemon.requireDesktop();
        prefix = TestWindow.uniqueTitle("Window Cache");
    }

    @AfterEach
    void closeWindows() throws Exception {
        for (TestWindow window : windows) {
            window.close();
        }
    }

    private void open(String title) throws Exception {
        windows.add(TestWindow.zenity("--info", title, "Listed"));
    }

    private JsonNode listing(Daemon daemon) throws Exception {
        Daemon.Result result = daemon.cli(directory, "windows", "--title", prefix);
        JsonNode envelope = result.envelope();
        assertEquals(0, result.exitCode(), envelope.toString());
        return envelope.get("data");
    }

    /** Whether the listing has the window with this title, as an accessible one. */
    private static boolean accessible(JsonNode data, String title) {
        for (JsonNode window : data.get("windows")) {
            if (window.get("title").asText().equals(title)
                    && window.get("accessible").asBoolean()) {
                return true;
            }
        }
        return false;
    }

    /** The third lookup, once the window is listed as accessible at all. */
    private JsonNode thirdLookup(Daemon daemon, String title) throws Exception {
        await("the daemon lists the dialog as accessible")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> accessible(listing(daemon), title));
        listing(daemon);
        return listing(daemon);
    }

    @Test
    void aLongLifetimeWithoutEventsKeepsTheAccessibleSide() throws Exception {
        String first = prefix + " one";
        open(first);
        try (Daemon daemon = Daemon.start(
                directory,
                environment -> {},
                "--no-grpc",
                "--accessibility-cache-ttl-ms",
                "600000",
                "--no-accessibility-events")) {
            JsonNode third = thirdLookup(daemon, first);
            assertTrue(third.get("cache_hit").asBoolean(), third.toString());
            assertTrue(third.toString().contains("--no-accessibility-events"), "the answer says events are off");
        }
    }

    @Test
    void anAtspiEventForgetsTheAccessibleSideSoANewWindowIsListedAccessible() throws Exception {
        String first = prefix + " one";
        String second = prefix + " two";
        open(first);
        try (Daemon daemon =
                Daemon.start(directory, environment -> {}, "--no-grpc", "--accessibility-cache-ttl-ms", "600000")) {
            thirdLookup(daemon, first);
            open(second);
            // the lifetime is ten minutes: only the new window's AT-SPI events can make the listing read again
            JsonNode seen = await("the new window is listed as accessible")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> listing(daemon), data -> accessible(data, second));
            assertFalse(seen.get("cache_hit").asBoolean(), seen.toString());
        }
    }

    @Test
    void aZeroLifetimeKeepsNothing() throws Exception {
        String first = prefix + " one";
        open(first);
        try (Daemon daemon =
                Daemon.start(directory, environment -> {}, "--no-grpc", "--accessibility-cache-ttl-ms", "0")) {
            JsonNode third = thirdLookup(daemon, first);
            assertFalse(third.get("cache_hit").asBoolean(), third.toString());
        }
    }
}
