package org.praefectus.api.protocol;

/**
 * A fenced reference to one element of one semantic observation. Obtain it from
 * {@link SemanticObservation#target(String)}; every field is checked again against the live element.
 *
 * @param observationId  the observation's identity, 64 hex digits
 * @param generation     the observation generation, positive
 * @param provenanceHash hash over the observation's provenance and lifetime
 * @param elementId      the opaque element identity
 * @param fingerprintHash the element fingerprint at observation time
 */
public record SemanticTargetRef(
        String observationId, long generation, String provenanceHash, String elementId, String fingerprintHash) {

    public SemanticTargetRef {
        Checks.hash(observationId, "observation_id");
        Checks.u64(generation, "generation");
        if (generation == 0) {
            throw new ProtocolViolation(ProtocolErrorCode.INVALID_TARGET, "generation must be positive");
        }
        Checks.hash(provenanceHash, "provenance_hash");
        Checks.hash(elementId, "element_id");
        Checks.hash(fingerprintHash, "fingerprint_hash");
    }
}
