package org.praefectus.nativecore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticTargetRef;

/** The resolver's common checks, before any platform call: every refusal names what was stale. */
class TargetAdmissionTest {

    private static final String OBSERVATION_ID = "a".repeat(64);
    private static final String FINGERPRINT = "b".repeat(64);
    private static final long OBSERVED_AT = TestObservations.OBSERVED_AT;

    private final DisplayTopology displays = new DisplayTopology(List.of(DisplayTopologyTest.screen("1", 0, 1920, 96)));
    private final RecordedObservation<String, String> record = record(displays);

    static RecordedObservation<String, String> record(DisplayTopology displays) {
        String elementId = SemanticObservation.opaqueElementId(OBSERVATION_ID, "0");
        SemanticObservation observation = TestObservations.of(
                OBSERVATION_ID,
                "window-1",
                displays.hash(),
                List.of(new SemanticElement(
                        SemanticObservation.tag(0),
                        elementId,
                        null,
                        FINGERPRINT,
                        "button",
                        "OK",
                        new Rect(10, 10, 80, 24),
                        new Actionability(true, true, true, true, true, true, false))));
        return new RecordedObservation<>(observation, "window-1", Map.of(elementId, "path 0"));
    }

    private SemanticTargetRef target() throws ProtocolException {
        return record.observation().target(SemanticObservation.tag(0));
    }

    private static String refusal(ExecutorFailure failure, org.junit.jupiter.api.function.Executable admission) {
        ExecutorException e = assertThrows(ExecutorException.class, admission);
        assertEquals(failure, e.failure());
        return e.getMessage();
    }

    @Test
    void aCurrentTargetOnTheSameDisplaysIsAdmitted() throws Exception {
        assertEquals("path 0", TargetAdmission.admit(record, target(), OBSERVED_AT + 5, displays));
    }

    @Test
    void anObservationThisExecutorNeverMadeIsStale() throws Exception {
        SemanticTargetRef target = target();
        String message =
                refusal(ExecutorFailure.STALE_TARGET, () -> TargetAdmission.admit(null, target, OBSERVED_AT, displays));
        assertEquals("observation is unknown to this executor", message);
    }

    @Test
    void anExpiredObservationIsStale() throws Exception {
        SemanticTargetRef target = target();
        String message = refusal(
                ExecutorFailure.STALE_TARGET,
                () -> TargetAdmission.admit(record, target, OBSERVED_AT + SemanticObservation.MAX_AGE_MS, displays));
        assertEquals("observation expired", message);
    }

    @Test
    void aChangedFingerprintIsStale() throws Exception {
        SemanticTargetRef observed = target();
        SemanticTargetRef changed = new SemanticTargetRef(
                observed.observationId(),
                observed.generation(),
                observed.provenanceHash(),
                observed.elementId(),
                "d".repeat(64));
        String message = refusal(
                ExecutorFailure.STALE_TARGET, () -> TargetAdmission.admit(record, changed, OBSERVED_AT, displays));
        assertEquals("target does not match its observation", message);
    }

    @Test
    void anElementOutsideItsObservationIsNotFound() throws Exception {
        SemanticTargetRef observed = target();
        SemanticTargetRef elsewhere = new SemanticTargetRef(
                observed.observationId(),
                observed.generation(),
                observed.provenanceHash(),
                SemanticObservation.opaqueElementId(OBSERVATION_ID, "9"),
                FINGERPRINT);
        refusal(
                ExecutorFailure.TARGET_NOT_FOUND,
                () -> TargetAdmission.admit(record, elsewhere, OBSERVED_AT, displays));
    }

    @Test
    void movedDisplaysMakeTheTargetStale() throws Exception {
        SemanticTargetRef target = target();
        DisplayTopology moved = new DisplayTopology(List.of(DisplayTopologyTest.screen("1", 0, 1920, 144)));
        String message =
                refusal(ExecutorFailure.STALE_TARGET, () -> TargetAdmission.admit(record, target, OBSERVED_AT, moved));
        assertEquals("display geometry changed", message);
    }
}
