package org.praefectus.engine.ledger;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;

/** One line of the operation ledger, as the reference writes it ({@code kind}-tagged). */
public sealed interface LedgerRecord {

    /** The operation this record belongs to. */
    String operationId();

    /**
     * A durable claim, written and fsynced before anything is dispatched. The four trailing fields are
     * optional in the reference ({@code #[serde(default)]}): older ledgers omit them, and they are
     * {@code null} then.
     */
    record Claim(
            String operationId,
            String actionHash,
            long claimedAtMs,
            String actionName,
            DeliveryRoute deliveryRoute,
            SessionIsolation sessionIsolation,
            InteractionMode interactionMode)
            implements LedgerRecord {
        public Claim {
            requireNonNull(operationId, "operation_id");
            requireNonNull(actionHash, "action_hash");
        }
    }

    /** The terminal acknowledgement of a claimed operation (wire kind {@code terminal}). */
    record Finished(ActionAck acknowledgement) implements LedgerRecord {
        public Finished {
            requireNonNull(acknowledgement, "acknowledgement");
            if (!(acknowledgement.state() instanceof AckState.Finished)) {
                throw new IllegalArgumentException("a terminal record holds a terminal acknowledgement");
            }
        }

        @Override
        public String operationId() {
            return acknowledgement.operationId();
        }
    }
}
