package org.praefectus.nativecore;

import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.ProtocolErrorCode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.SemanticTargetRef;

/**
 * The resolver's first half, the same on every platform: the target's observation is one of ours and still
 * current, the target matches it, and the displays are as they were observed. What follows (process, window,
 * the element found again and its fingerprint read twice) is the platform's. Every refusal is before any effect.
 */
public final class TargetAdmission {

    private TargetAdmission() {}

    /**
     * The recorded element a target names, once its observation admits it.
     *
     * @param record   the observation the target came from, {@code null} when this executor does not know it
     * @param target   the target
     * @param nowMs    the executor's clock
     * @param topology the display topology now
     */
    public static <E> E admit(
            RecordedObservation<?, E> record, SemanticTargetRef target, long nowMs, DisplayTopology topology)
            throws ExecutorException {
        if (record == null) {
            throw stale("observation is unknown to this executor");
        }
        try {
            record.observation().resolve(target, nowMs);
        } catch (ProtocolException e) {
            throw e.code() == ProtocolErrorCode.TARGET_NOT_FOUND
                    ? new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element is not in its observation")
                    : stale(
                            e.code() == ProtocolErrorCode.STALE_OBSERVATION
                                    ? "observation expired"
                                    : "target does not match its observation");
        }
        E recorded = record.elements().get(target.elementId());
        if (recorded == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "element is not in its observation");
        }
        if (!topology.hash().equals(record.observation().provenance().displayGeometryHash())) {
            throw stale("display geometry changed");
        }
        return recorded;
    }

    /** A stale-target refusal. */
    public static ExecutorException stale(String message) {
        return new ExecutorException(ExecutorFailure.STALE_TARGET, message);
    }
}
