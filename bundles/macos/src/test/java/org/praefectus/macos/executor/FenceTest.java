package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.macos.ax.AxValue;
import org.praefectus.macos.quartz.Display;

/** Every part of a semantic target's fence, changed one at a time on the live desktop. */
class FenceTest {

    @TempDir
    Path directory;

    private FakeDesktop desktop;
    private MacTesting mac;
    private SemanticTargetRef close;

    @BeforeEach
    void observe() throws Exception {
        desktop = Fixtures.desktop("textedit", "finder");
        mac = new MacTesting(desktop, directory);
        SemanticObservation observation = mac.observe();
        close = observation.target(MacTesting.tag(observation, "AXButton", "close button"));
    }

    private ExecutorException refused() {
        return assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(
                        new TargetRef.Element(close), new CancellationToken(), MacTesting.deadline()));
    }

    @Test
    void anUnchangedTargetResolves() throws Exception {
        assertInstanceOf(
                ResolvedTarget.Semantic.class,
                mac.executor.resolve(new TargetRef.Element(close), new CancellationToken(), MacTesting.deadline()));
    }

    @Test
    void anExitedProcessIsStale() {
        desktop.front().startMicros = 0;

        ExecutorException refused = refused();
        assertEquals(ExecutorFailure.STALE_TARGET, refused.failure());
        assertEquals("target process exited", refused.getMessage());
    }

    @Test
    void aRestartedProcessWithTheSamePidIsAnotherGeneration() {
        desktop.front().startMicros += 1;

        assertEquals("target process generation changed", refused().getMessage());
    }

    @Test
    void aMovedWindowIsStale() {
        desktop.front().window().frame(210, 100, 800, 600);

        assertEquals("window changed", refused().getMessage());
    }

    @Test
    void aClosedWindowIsNotFound() {
        desktop.front().windows.clear();
        desktop.front().windowNumbers.clear();

        ExecutorException refused = refused();
        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, refused.failure());
        assertEquals("window closed", refused.getMessage());
    }

    @Test
    void aDisplayScaleChangeIsADisplayGeometryChange() {
        desktop.displays.set(0, new Display(1, 0, 0, 1440, 900, 1440, 900));

        assertEquals("display geometry changed", refused().getMessage());
    }

    @Test
    void aRenamedElementHasAnotherFingerprint() {
        desktop.front().window().find("AXButton", null).attributes.put("AXDescription", new AxValue.Text("delete"));

        assertEquals("element fingerprint changed", refused().getMessage());
    }

    @Test
    void anElementThatLostAnActionHasAnotherFingerprint() {
        desktop.front().window().find("AXButton", null).actions.clear();

        assertEquals("element fingerprint changed", refused().getMessage());
    }

    @Test
    void aRemovedElementIsNotFound() {
        FakeElement window = desktop.front().window();
        window.axes.put("AXChildren", List.of(window.axes.get("AXChildren").get(0)));

        ExecutorException refused = refused();
        assertEquals(ExecutorFailure.TARGET_NOT_FOUND, refused.failure());
    }

    @Test
    void anExpiredObservationIsStale() {
        mac.clock.addAndGet(MacObserver.LIFETIME_MS);

        assertEquals("observation expired", refused().getMessage());
    }

    @Test
    void aTargetOfAnotherExecutorsObservationIsStale() throws Exception {
        MacTesting other = new MacTesting(desktop, directory);

        ExecutorException refused = assertThrows(
                ExecutorException.class,
                () -> other.executor.resolve(
                        new TargetRef.Element(close), new CancellationToken(), MacTesting.deadline()));
        assertEquals("observation is unknown to this executor", refused.getMessage());
    }

    @Test
    void aForgedFingerprintIsStale() {
        SemanticTargetRef forged = new SemanticTargetRef(
                close.observationId(), close.generation(), close.provenanceHash(), close.elementId(), "a".repeat(64));

        ExecutorException refused = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(
                        new TargetRef.Element(forged), new CancellationToken(), MacTesting.deadline()));
        assertEquals(ExecutorFailure.STALE_TARGET, refused.failure());
    }

    @Test
    void aTargetWithAnotherProvenanceHashIsStale() {
        // for example one minted from an observation taken under an opt-in this observation did not apply
        SemanticTargetRef replayed = new SemanticTargetRef(
                close.observationId(), close.generation(), "b".repeat(64), close.elementId(), close.fingerprintHash());

        ExecutorException refused = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(
                        new TargetRef.Element(replayed), new CancellationToken(), MacTesting.deadline()));
        assertEquals("target does not match its observation", refused.getMessage());
    }

    @Test
    void twoAccessibilityWindowsWithTheWindowsBoundsAreAmbiguous() {
        FakeApp app = desktop.front();
        FakeElement twin = new FakeElement(app);
        twin.frame(200, 100, 800, 600);
        twin.attributes.put("AXTitle", new AxValue.Text("Tofu Praefectus Demo.txt"));
        app.windows.add(twin);
        app.windowNumbers.add(4712L);

        assertEquals("accessibility window is ambiguous", refused().getMessage());
    }

    @Test
    void aTableThatGainsChildrenAfterObservationNoLongerResolvesTheRowsPath() throws Exception {
        FakeDesktop finder = Fixtures.desktop("finder");
        MacTesting observed = new MacTesting(finder, directory);
        SemanticObservation observation = observed.observe();
        SemanticTargetRef notes = observation.target(MacTesting.tag(observation, "AXTextField", "notes.txt"));
        observed.executor.resolve(new TargetRef.Element(notes), new CancellationToken(), MacTesting.deadline());

        // AXChildren now takes precedence over AXRows: the same index path names another element
        FakeElement table = finder.front().window().find("AXTable", null);
        FakeElement header = new FakeElement(finder.front());
        header.attributes.put("AXRole", new AxValue.Text("AXGroup"));
        table.axes.put("AXChildren", List.of(header, table.axes.get("AXRows").get(0)));

        ExecutorException refused = assertThrows(
                ExecutorException.class,
                () -> observed.executor.resolve(
                        new TargetRef.Element(notes), new CancellationToken(), MacTesting.deadline()));
        assertEquals("element fingerprint changed", refused.getMessage());
    }

    @Test
    void aCancelledResolutionStops() {
        CancellationToken token = new CancellationToken();
        token.cancel();

        ExecutorException cancelled = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(new TargetRef.Element(close), token, MacTesting.deadline()));
        assertEquals(ExecutorFailure.CANCELLED, cancelled.failure());
    }
}
