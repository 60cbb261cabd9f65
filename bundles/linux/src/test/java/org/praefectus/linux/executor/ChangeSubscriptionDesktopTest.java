package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.linux.atspi.AtspiBus;

/**
 * Every listener of one accessibility connection shares one subscription to AT-SPI's change events (the element
 * finder's and the window listing's caches each listen): each listener hears every event while it listens, none
 * after it stopped, and the match rules are added again only once the last listener left.
 */
class ChangeSubscriptionDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void listenersShareOneSubscriptionUntilTheLastLeaves() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Shared Events");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            Desktop.bringToFront(zenity.pid());
            AtspiBus bus = executor.connections().accessibility().bus();
            long subscribed = bus.changeSubscriptions();
            AtomicLong first = new AtomicLong();
            AtomicLong second = new AtomicLong();

            AutoCloseable firstListening = bus.onChange(change -> first.incrementAndGet());
            AutoCloseable secondListening = bus.onChange(change -> second.incrementAndGet());
            assertEquals(subscribed + 1, bus.changeSubscriptions(), "the second listener joined the first's");
            type("ab");
            await("both listeners hear the typing")
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> first.get() > 0 && second.get() > 0);

            firstListening.close();
            firstListening.close(); // closing twice changes nothing
            first.set(0);
            second.set(0);
            type("cd");
            await("the listener that stays hears the typing")
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> second.get() > 0);
            assertEquals(0, first.get(), "a closed listener hears nothing");
            assertEquals(subscribed + 1, bus.changeSubscriptions());

            secondListening.close();
            AtomicLong third = new AtomicLong();
            try (AutoCloseable thirdListening = bus.onChange(change -> third.incrementAndGet())) {
                assertEquals(subscribed + 2, bus.changeSubscriptions(), "after the last left, a new one subscribes");
                type("ef");
                await("a listener of the new subscription hears the typing")
                        .atMost(Duration.ofSeconds(10))
                        .until(() -> third.get() > 0);
            }
            assertEquals(0, first.get());
        }
    }

    private static void type(String text) throws Exception {
        Process typing = new ProcessBuilder("xdotool", "type", "--delay", "20", text)
                .inheritIO()
                .start();
        assertTrue(typing.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, typing.exitValue());
    }
}
