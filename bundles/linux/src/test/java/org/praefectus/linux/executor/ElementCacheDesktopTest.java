package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.ElementFinder;

/**
 * The element cache forgets its answer at an AT-SPI event: with a lifetime far longer than the test, a lookup
 * after typing into a zenity entry (xdotool, another X client) misses the cache, which only an event can cause.
 */
class ElementCacheDesktopTest {

    @TempDir
    Path directory;

    private static ElementFinder.Found find(ElementFinder finder, ElementScope scope) throws Exception {
        return finder.find(Selector.any(), scope, 0, new CancellationToken(), Desktop.deadline());
    }

    @Test
    void anAtspiEventInvalidatesTheCachedElements() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Cache");
                LinuxExecutor executor = Desktop.executor(directory, false);
                ElementFinder finder = new ElementFinder(executor, 600_000)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            Desktop.bringToFront(zenity.pid());
            ElementScope scope = new ElementScope(null, "Praefectus Cache", null);

            ElementFinder.Found first = find(finder, scope);
            assertFalse(first.cacheHit());
            assertEquals(java.util.List.of(), first.warnings(), "events are received");
            // the window may still be settling (each of its events forgets the answer): wait until it is quiet
            await("a repeated lookup on a quiet window is answered from the cache")
                    .atMost(Duration.ofSeconds(15))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> find(finder, scope).cacheHit());
            long before = finder.invalidations();

            Process typing = new ProcessBuilder("xdotool", "type", "--delay", "20", "abc")
                    .inheritIO()
                    .start();
            assertTrue(typing.waitFor(10, TimeUnit.SECONDS));
            await("typing into the entry sent AT-SPI events")
                    .atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(20))
                    .until(finder::invalidations, invalidations -> invalidations > before);
            assertFalse(find(finder, scope).cacheHit(), "the answer after the change is read live");
        }
    }

    @Test
    void anAnimatedWindowsRepeatedBoundsDoNotInvalidate() throws Exception {
        // gtk3-widget-factory's spinners make GTK repeat the same bounds by the hundred per second: without the
        // bus's repeated-bounds filter every lookup would be read again
        try (GtkApp factory = GtkApp.widgetFactory();
                LinuxExecutor executor = Desktop.executor(directory, false);
                ElementFinder finder = new ElementFinder(executor, 600_000)) {
            Desktop.observeUntil(executor, factory.pid(), Desktop.role("push button"));
            ElementScope scope = ElementScope.ALL;
            assertFalse(find(finder, scope).cacheHit());
            await("a repeated lookup beside running spinners is answered from the cache")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> find(finder, scope).cacheHit());
        }
    }
}
