package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;

/**
 * One bounded semantic snapshot of a surface: at most {@link #MAX_ELEMENTS} elements, at most
 * {@link #MAX_SNAPSHOT_BYTES} of JSON, living at most {@link #MAX_AGE_MS}. Construction enforces every
 * bound and the element tree (unique tags and identities, parents present, no cycles); only staleness
 * depends on the clock and is checked by {@link #validate(long)}.
 *
 * @param protocolVersion protocol version, 2
 * @param observationId   identity, 64 hex digits
 * @param generation      generation, positive
 * @param provenance      where it came from
 * @param observedAtMs    when, positive, milliseconds since the epoch
 * @param expiresAtMs     after {@code observedAtMs}, by at most {@link #MAX_AGE_MS}
 * @param truncated       whether traversal stopped at a bound
 * @param elements        the elements
 */
public record SemanticObservation(
        int protocolVersion,
        String observationId,
        long generation,
        SemanticProvenance provenance,
        long observedAtMs,
        long expiresAtMs,
        boolean truncated,
        List<SemanticElement> elements) {

    /** Most elements in one observation. */
    public static final int MAX_ELEMENTS = 4_096;
    /** Largest observation, as compact JSON bytes. */
    public static final int MAX_SNAPSHOT_BYTES = 2 * 1024 * 1024;
    /** Longest observation lifetime, in milliseconds. */
    public static final long MAX_AGE_MS = 30_000;

    /** More than the keys, punctuation, ids and numbers of the observation around its provenance and elements. */
    private static final int OBSERVATION_OVERHEAD = 1_024;
    /** More than the keys, punctuation, ids, bounds and flags of one element around its role and name. */
    private static final int ELEMENT_OVERHEAD = 1_024;

    public SemanticObservation {
        Checks.u16(protocolVersion, "protocol_version");
        present(observationId, "observation_id");
        Checks.u64(generation, "generation");
        present(provenance, "provenance");
        elements = Checks.list(elements, "elements");
        if (protocolVersion != Protocol.PROTOCOL_VERSION
                || !Sha256.isHash(observationId)
                || generation == 0
                || observedAtMs <= 0
                || expiresAtMs <= observedAtMs
                || expiresAtMs - observedAtMs > MAX_AGE_MS
                || elements.size() > MAX_ELEMENTS) {
            throw invalid("semantic observation breaks its bounds");
        }
        checkTree(elements);
        // only an observation that might be too large is written out and measured
        if (sizeBound(provenance, elements) > MAX_SNAPSHOT_BYTES
                && CanonicalJson.compact(ProtocolJson.observationJson(
                                        protocolVersion,
                                        observationId,
                                        generation,
                                        provenance,
                                        observedAtMs,
                                        expiresAtMs,
                                        truncated,
                                        elements))
                                .length
                        > MAX_SNAPSHOT_BYTES) {
            throw invalid("semantic observation exceeds " + MAX_SNAPSHOT_BYTES + " bytes");
        }
    }

    /**
     * At least the compact JSON size of an observation with these parts. Everything but the provenance, the
     * role and the name has a bounded size: the ids are hashes, the numbers are 64-bit, the keys fixed. Text
     * holds no control characters (see {@link SemanticElement}), so a UTF-16 unit takes at most three bytes,
     * escaped or not.
     */
    static long sizeBound(SemanticProvenance provenance, List<SemanticElement> elements) {
        long bound = (long) OBSERVATION_OVERHEAD + CanonicalJson.compact(ProtocolJson.encode(provenance)).length;
        for (SemanticElement element : elements) {
            bound += ELEMENT_OVERHEAD + textBound(element.role()) + textBound(element.name());
        }
        return bound;
    }

    private static long textBound(String text) {
        return text == null ? 4 : 2 + 3L * text.length();
    }

    private static void checkTree(List<SemanticElement> elements) {
        Set<String> tags = new HashSet<>();
        Map<String, SemanticElement> byId = new HashMap<>();
        for (SemanticElement element : elements) {
            if (!tags.add(element.tag()) || byId.putIfAbsent(element.elementId(), element) != null) {
                throw invalid("semantic observation repeats a tag or element identity");
            }
        }
        for (SemanticElement element : elements) {
            Set<String> ancestors = new HashSet<>();
            String current = element.parentId();
            while (current != null) {
                if (current.equals(element.elementId()) || !byId.containsKey(current) || !ancestors.add(current)) {
                    throw invalid("semantic observation has a missing or cyclic parent");
                }
                current = byId.get(current).parentId();
            }
        }
    }

    /**
     * Whether the observation may be used at {@code nowMs}.
     *
     * @throws ProtocolException {@code stale_observation} when expired or observed in the future
     */
    public void validate(long nowMs) throws ProtocolException {
        if (nowMs < observedAtMs || nowMs >= expiresAtMs) {
            throw new ProtocolException(ProtocolErrorCode.STALE_OBSERVATION, "semantic observation is stale");
        }
    }

    /**
     * The hash every target of this observation carries: SHA-256 of the canonical array
     * {@code [protocol_version, observation_id, generation, provenance, observed_at_ms, expires_at_ms]}.
     */
    public String provenanceHash() {
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                JsonValue.JsonNumber.of(protocolVersion),
                new JsonValue.JsonString(observationId),
                JsonValue.JsonNumber.of(generation),
                ProtocolJson.encode(provenance),
                JsonValue.JsonNumber.of(observedAtMs),
                JsonValue.JsonNumber.of(expiresAtMs))));
    }

    /**
     * The fenced target for a short tag: the intended way for a host to turn a model's choice ({@code e7})
     * into a target.
     *
     * @throws ProtocolException {@code target_not_found} when no element carries the tag
     */
    public SemanticTargetRef target(String tag) throws ProtocolException {
        for (SemanticElement element : elements) {
            if (element.tag().equals(tag)) {
                return new SemanticTargetRef(
                        observationId, generation, provenanceHash(), element.elementId(), element.fingerprintHash());
            }
        }
        throw new ProtocolException(ProtocolErrorCode.TARGET_NOT_FOUND, "no element carries this tag");
    }

    /**
     * The element a target names, if the target still matches this observation at {@code nowMs}.
     *
     * @throws ProtocolException {@code stale_observation}, {@code stale_target} or {@code target_not_found}
     */
    public SemanticElement resolve(SemanticTargetRef target, long nowMs) throws ProtocolException {
        validate(nowMs);
        if (!target.observationId().equals(observationId)
                || target.generation() != generation
                || !target.provenanceHash().equals(provenanceHash())) {
            throw new ProtocolException(ProtocolErrorCode.STALE_TARGET, "target does not match this observation");
        }
        for (SemanticElement element : elements) {
            if (element.elementId().equals(target.elementId())) {
                if (!element.fingerprintHash().equals(target.fingerprintHash())) {
                    throw new ProtocolException(ProtocolErrorCode.STALE_TARGET, "element fingerprint changed");
                }
                return element;
            }
        }
        throw new ProtocolException(ProtocolErrorCode.TARGET_NOT_FOUND, "element is not in this observation");
    }

    /** The short tag for the element at {@code index}, counted from 1 as a person reads a list: {@code e1}, {@code e2}, ... */
    public static String tag(int index) {
        if (index < 0 || index >= MAX_ELEMENTS) {
            throw invalid("tag index out of range");
        }
        return "e" + (index + 1);
    }

    /**
     * The opaque element identity: SHA-256 of the observation ID, a NUL byte and the backend's own element
     * identity, so backend identities never leave the executor.
     */
    public static String opaqueElementId(String observationId, String backendElementId) {
        if (!Sha256.isHash(observationId) || !Checks.isText(backendElementId, 1, 2_048)) {
            throw invalid("invalid element identity input");
        }
        byte[] id = observationId.getBytes(StandardCharsets.UTF_8);
        byte[] backend = backendElementId.getBytes(StandardCharsets.UTF_8);
        byte[] joined = new byte[id.length + 1 + backend.length];
        System.arraycopy(id, 0, joined, 0, id.length);
        System.arraycopy(backend, 0, joined, id.length + 1, backend.length);
        return Sha256.hex(joined);
    }

    private static ProtocolViolation invalid(String message) {
        return new ProtocolViolation(ProtocolErrorCode.INVALID_OBSERVATION, message);
    }
}
