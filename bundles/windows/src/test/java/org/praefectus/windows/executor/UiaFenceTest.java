package org.praefectus.windows.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.windows.uia.Monitor;

/** Each part of a UIA target's fence, changed one at a time. */
class UiaFenceTest {

    @TempDir
    Path directory;

    private FakeWindows desktop;
    private WinTesting win;
    private SemanticTargetRef ok;

    @BeforeEach
    void observe() throws Exception {
        desktop = Fixtures.desktop("winforms-dialog", "notepad");
        win = new WinTesting(desktop, directory);
        SemanticObservation observation = win.observe();
        ok = observation.target(WinTesting.element(observation, "button", "OK").tag());
    }

    private ExecutorException refused() {
        return assertThrows(
                ExecutorException.class,
                () -> win.executor.resolve(new TargetRef.Element(ok), new CancellationToken(), WinTesting.deadline()));
    }

    @Test
    void anUnchangedTargetResolves() throws Exception {
        win.executor.resolve(new TargetRef.Element(ok), new CancellationToken(), WinTesting.deadline());
    }

    @Test
    void anExitedProcessIsStale() {
        desktop.front().creationTime = 0;

        assertEquals("target process exited", refused().getMessage());
    }

    @Test
    void aReusedProcessIdIsAnotherGeneration() {
        desktop.front().creationTime += 10_000;

        assertEquals("target process generation changed", refused().getMessage());
    }

    @Test
    void aHiddenWindowIsNotFound() {
        desktop.front().window().visible = false;

        ExecutorException refused = refused();
        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, refused.failure());
    }

    @Test
    void aWindowMinimizedSinceTheObservationIsNotFound() {
        desktop.front().window().minimized = true;

        ExecutorException refused = refused();
        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, refused.failure());
        assertEquals("window closed or hidden", refused.getMessage());
    }

    @Test
    void aMovedWindowOrAReusedHandleIsStale() {
        desktop.front().window().bounds = new Rect(701, 400, 480, 320);
        assertEquals("window changed", refused().getMessage());

        desktop.front().window().bounds = new Rect(700, 400, 480, 320);
        desktop.front().window().className = "#32770";
        assertEquals("window changed", refused().getMessage());
    }

    @Test
    void aDpiChangeIsADisplayGeometryChange() {
        desktop.monitors.set(0, new Monitor("\\\\.\\DISPLAY1", 0, 0, 2560, 1440, 120));

        assertEquals("display geometry changed", refused().getMessage());
    }

    @Test
    void aRemovedElementIsNotFound() {
        desktop.front().window().root.find("OK").runtimeId = "42.9999";

        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, refused().failure());
    }

    @Test
    void twoElementsWithTheRuntimeIdAreAmbiguous() {
        desktop.front().window().root.find("Cancel").runtimeId = "42.1180360";

        assertEquals("element is ambiguous", refused().getMessage());
    }

    @Test
    void aRenamedElementIsStale() {
        desktop.front().window().root.find("OK").name = "Delete everything";

        assertEquals("element fingerprint changed", refused().getMessage());
    }

    @Test
    void anElementThatLostItsPatternIsStale() {
        desktop.front().window().root.find("OK").invokable = false;

        assertEquals("element fingerprint changed", refused().getMessage());
    }

    @Test
    void anExpiredObservationIsStale() {
        win.clock.addAndGet(SemanticObservation.MAX_AGE_MS);

        assertEquals("observation expired", refused().getMessage());
    }

    @Test
    void anotherExecutorsObservationIsStale() {
        WinTesting other = new WinTesting(desktop, directory);

        ExecutorException refused = assertThrows(
                ExecutorException.class,
                () -> other.executor.resolve(
                        new TargetRef.Element(ok), new CancellationToken(), WinTesting.deadline()));
        assertEquals("observation is unknown to this executor", refused.getMessage());
    }
}
