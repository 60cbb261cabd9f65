package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * One acknowledgement of an operation.
 *
 * @param protocolVersion protocol version, 2
 * @param operationId     the operation
 * @param sequence        0 accepted, 1 executing, 2 terminal (u32)
 * @param actionHash      the normalized action hash
 * @param replayed        whether this repeats a recorded terminal instead of dispatching
 * @param state           the state
 */
public record ActionAck(
        int protocolVersion, String operationId, long sequence, String actionHash, boolean replayed, AckState state) {
    public ActionAck {
        Checks.u16(protocolVersion, "protocol_version");
        present(operationId, "operation_id");
        Checks.u32(sequence, "sequence");
        present(actionHash, "action_hash");
        present(state, "state");
    }
}
