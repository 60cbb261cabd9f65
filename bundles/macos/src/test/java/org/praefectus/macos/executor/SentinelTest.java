package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;

/** Foreground window, focused application, window and element, and the pointer: each moves the hash. */
class SentinelTest {

    @TempDir
    Path directory;

    private static String sample(MacTesting mac) throws ExecutorException {
        return mac.executor.sharedDesktopContextHash(new CancellationToken(), MacTesting.deadline());
    }

    @Test
    void anUnchangedDesktopSamplesTheSameHash() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("textedit", "finder"), directory);

        assertEquals(sample(mac), sample(mac));
    }

    @Test
    void eachPartOfTheContextChangesTheHash() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit", "finder");
        MacTesting mac = new MacTesting(desktop, directory);
        String before = sample(mac);

        desktop.pointer = new double[] {101, 100};
        String pointerMoved = sample(mac);
        desktop.front().focused = desktop.front().window().find("AXButton", null);
        String focusMoved = sample(mac);
        Collections.swap(desktop.apps, 0, 1);
        String foregroundChanged = sample(mac);

        assertNotEquals(before, pointerMoved);
        assertNotEquals(pointerMoved, focusMoved);
        assertNotEquals(focusMoved, foregroundChanged);
    }

    @Test
    void aDesktopThatChangesBetweenTheTwoReadsIsUnavailable() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        MacTesting mac = new MacTesting(desktop, directory);
        // the pointer moves while the sentinel reads: FakeDesktop answers a new position on every read
        FakeDesktop moving = new FakeDesktop() {
            private double x = 0;

            @Override
            public double[] pointer() {
                x += 1;
                return new double[] {x, 0};
            }
        };
        moving.apps.addAll(desktop.apps);
        MacTesting sampled = new MacTesting(moving, directory);

        ExecutorException unavailable = assertThrows(ExecutorException.class, () -> sample(sampled));

        assertEquals(ExecutorFailure.UNAVAILABLE, unavailable.failure());
        assertEquals("desktop state is unavailable: the desktop changed while sampled", unavailable.getMessage());
        sample(mac);
    }

    @Test
    void noWindowOnScreenIsUnavailable() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("textedit");
        desktop.front().windows.clear();
        desktop.front().windowNumbers.clear();
        MacTesting mac = new MacTesting(desktop, directory);

        assertEquals(
                ExecutorFailure.UNAVAILABLE,
                assertThrows(ExecutorException.class, () -> sample(mac)).failure());
    }
}
