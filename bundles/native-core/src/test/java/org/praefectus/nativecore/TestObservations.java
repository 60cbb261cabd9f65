package org.praefectus.nativecore;

import java.util.List;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;

/** Test code only: an accessibility observation of one window, as a platform's executor makes and records it. */
public final class TestObservations {

    /** When every observation here was made. */
    public static final long OBSERVED_AT = 1_000_000;

    private TestObservations() {}

    /** The observation {@code observationId} of {@code window} (process 42) on the displays {@code displaysHash}. */
    public static SemanticObservation of(
            String observationId, String window, String displaysHash, List<SemanticElement> elements) {
        return new SemanticObservation(
                Protocol.PROTOCOL_VERSION,
                observationId,
                1,
                new SemanticProvenance(
                        SemanticBackend.ACCESSIBILITY,
                        "test",
                        42,
                        "c".repeat(64),
                        window,
                        null,
                        displaysHash,
                        List.of()),
                OBSERVED_AT,
                OBSERVED_AT + SemanticObservation.MAX_AGE_MS,
                false,
                elements);
    }
}
