package org.praefectus.api.engine;

import org.praefectus.api.canonical.Sha256;

/**
 * The key of a host outcome ledger entry. An attempt counter is deliberately absent: a retried attempt of
 * the same operation and action resolves to the recorded outcome instead of dispatching again.
 *
 * @param operationId the operation ID
 * @param actionHash  the normalized action hash, 64 lowercase hex digits
 */
public record OutcomeKey(String operationId, String actionHash) {
    public OutcomeKey {
        if (operationId == null || operationId.isEmpty()) {
            throw new IllegalArgumentException("operation_id is required");
        }
        if (!Sha256.isHash(actionHash)) {
            throw new IllegalArgumentException("action_hash must be 64 lowercase hex digits");
        }
    }
}
