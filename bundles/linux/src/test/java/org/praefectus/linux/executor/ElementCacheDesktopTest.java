package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.desktop.ElementScope;

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
            long until = System.currentTimeMillis() + 15_000;
            boolean hit = false;
            while (!hit && System.currentTimeMillis() < until) {
                hit = find(finder, scope).cacheHit();
                if (!hit) {
                    Thread.sleep(200);
                }
            }
            assertTrue(hit, "a repeated lookup on a quiet window is answered from the cache");
            long before = finder.invalidations();

            Process typing = new ProcessBuilder("xdotool", "type", "--delay", "20", "abc")
                    .inheritIO()
                    .start();
            assertTrue(typing.waitFor(10, TimeUnit.SECONDS));
            until = System.currentTimeMillis() + 5_000;
            while (finder.invalidations() == before && System.currentTimeMillis() < until) {
                Thread.sleep(20);
            }
            assertTrue(finder.invalidations() > before, "typing into the entry sent AT-SPI events");
            assertFalse(find(finder, scope).cacheHit(), "the answer after the change is read live");
        }
    }
}
