package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;

/** PRAEFECTUS_AX_OPT_IN is the only way the opt-ins are set; what was applied is in the provenance hash. */
class HostOptInTest {

    @TempDir
    Path directory;

    @Test
    void withoutTheOptInChromiumShowsOnlyItsBrowserFrameAndNothingIsSet() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("chromium");
        MacTesting mac = new MacTesting(desktop, directory);

        SemanticObservation observation = mac.observe();

        assertEquals(4, observation.elements().size());
        assertEquals(List.of(), observation.provenance().hostOptIns());
        assertEquals(List.of(), desktop.effects("opt_in"));
        assertTrue(desktop.front().optIns.isEmpty());
    }

    @Test
    void theHostOptInPublishesTheWebTreeAndIsRecordedInTheProvenance() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("chromium");
        MacTesting mac = new MacTesting(desktop, directory, "PRAEFECTUS_AX_OPT_IN=AXEnhancedUserInterface");

        SemanticObservation observation = mac.observe();

        assertEquals(
                List.of("AXEnhancedUserInterface"), observation.provenance().hostOptIns());
        assertEquals(
                "Continue",
                observation
                        .elements()
                        .get(Integer.parseInt(MacTesting.tag(observation, "AXButton", "Continue")
                                        .substring(1))
                                - 1)
                        .name());
        assertEquals(8, observation.elements().size());
    }

    @Test
    void onlyTheOptInsTheApplicationAcceptedAreRecorded() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("electron");
        MacTesting mac = new MacTesting(
                desktop, directory, "PRAEFECTUS_AX_OPT_IN=AXEnhancedUserInterface,AXManualAccessibility");

        SemanticObservation observation = mac.observe();

        // Electron takes AXManualAccessibility and refuses AXEnhancedUserInterface
        assertEquals(List.of("AXManualAccessibility"), observation.provenance().hostOptIns());
        assertEquals(2, desktop.effects("opt_in").size());
    }

    @Test
    void theOptInIsCoveredByTheProvenanceHash() throws Exception {
        SemanticObservation plain = new MacTesting(Fixtures.desktop("chromium"), directory).observe();
        SemanticObservation opted = new MacTesting(
                        Fixtures.desktop("chromium"), directory, "PRAEFECTUS_AX_OPT_IN=AXEnhancedUserInterface")
                .observe();
        SemanticObservation sameAsOpted = new SemanticObservation(
                opted.protocolVersion(),
                opted.observationId(),
                opted.generation(),
                new org.praefectus.api.protocol.SemanticProvenance(
                        opted.provenance().backend(),
                        opted.provenance().backendName(),
                        opted.provenance().processId(),
                        opted.provenance().processGeneration(),
                        opted.provenance().windowId(),
                        null,
                        opted.provenance().displayGeometryHash(),
                        List.of()),
                opted.observedAtMs(),
                opted.expiresAtMs(),
                opted.truncated(),
                opted.elements());

        assertEquals(plain.provenance().windowId(), opted.provenance().windowId());
        assertNotEquals(opted.provenanceHash(), sameAsOpted.provenanceHash());
    }

    @Test
    void aTargetObservedUnderAnOptInDoesNotResolveOnceTheOptInNoLongerApplies() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("chromium");
        MacTesting mac = new MacTesting(desktop, directory, "PRAEFECTUS_AX_OPT_IN=AXEnhancedUserInterface");
        SemanticObservation observation = mac.observe();
        SemanticTargetRef target = observation.target(MacTesting.tag(observation, "AXButton", "Continue"));
        mac.executor.resolve(new TargetRef.Element(target), new CancellationToken(), MacTesting.deadline());

        desktop.front().acceptsOptIns.clear();

        ExecutorException stale = assertThrows(
                ExecutorException.class,
                () -> mac.executor.resolve(
                        new TargetRef.Element(target), new CancellationToken(), MacTesting.deadline()));
        assertEquals(ExecutorFailure.STALE_TARGET, stale.failure());
        assertEquals("host accessibility opt-ins changed", stale.getMessage());
    }

    @Test
    void anUnknownOptInNameRefusesObservationAndSemanticActions() throws Exception {
        FakeDesktop desktop = Fixtures.desktop("chromium");
        MacTesting mac =
                new MacTesting(desktop, directory, "PRAEFECTUS_AX_OPT_IN=AXEnhancedUserInterface,AXEverything");

        ExecutorException refused = assertThrows(ExecutorException.class, mac::observe);

        assertEquals(ExecutorFailure.INVALID_REQUEST, refused.failure());
        assertFalse(mac.executor.capabilities().permissions().get("ax_opt_in_valid"));
        assertFalse(mac.executor.capabilities().supportedActions().contains("invoke"));
        assertEquals(List.of(), desktop.effects("opt_in"));
    }

    @Test
    void parsingKeepsKnownNamesSortedAndOnce() {
        HostOptIns optIns = HostOptIns.parse(" AXManualAccessibility ,AXEnhancedUserInterface,AXManualAccessibility");

        assertTrue(optIns.valid());
        assertEquals(List.of("AXEnhancedUserInterface", "AXManualAccessibility"), optIns.requested());
        assertTrue(HostOptIns.parse("").valid());
        assertFalse(HostOptIns.parse("AXEnhancedUserInterface,").valid());
    }
}
