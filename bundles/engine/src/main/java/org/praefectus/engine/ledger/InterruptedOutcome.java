package org.praefectus.engine.ledger;

import java.util.List;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.Terminal;

/** The {@code outcome_unknown} terminal for a durable claim that never got a terminal, as the reference recovers it. */
public final class InterruptedOutcome {

    private InterruptedOutcome() {}

    /**
     * The recovered terminal acknowledgement (sequence 2, not replayed, effect unknown, backend {@code unknown},
     * message {@link Protocol#INTERRUPTED_OUTCOME_MESSAGE}).
     *
     * @param claim    the claim without terminal
     * @param nowMs    the recovery time
     * @return the acknowledgement to record and return
     */
    public static ActionAck acknowledgement(LedgerRecord.Claim claim, long nowMs) {
        SessionIsolation isolation =
                claim.sessionIsolation() == null ? SessionIsolation.UNKNOWN : claim.sessionIsolation();
        InteractionMode mode = claim.interactionMode() == null ? InteractionMode.UNKNOWN : claim.interactionMode();
        Receipt receipt = new Receipt(
                Protocol.PROTOCOL_VERSION,
                claim.actionName() == null ? "unknown" : claim.actionName(),
                claim.actionHash(),
                claim.claimedAtMs(),
                nowMs,
                "unknown",
                List.of(),
                claim.deliveryRoute() == null ? DeliveryRoute.UNKNOWN : claim.deliveryRoute(),
                isolation,
                mode,
                recoveredContextPreservation(mode, isolation),
                Effect.UNKNOWN,
                null,
                null,
                List.of());
        return new ActionAck(
                Protocol.PROTOCOL_VERSION,
                claim.operationId(),
                2,
                claim.actionHash(),
                false,
                new AckState.Finished(new Terminal.OutcomeUnknown(receipt, Protocol.INTERRUPTED_OUTCOME_MESSAGE)));
    }

    /** What a recovered receipt can say about the shared-desktop context: nothing observed. */
    public static ContextPreservation recoveredContextPreservation(InteractionMode mode, SessionIsolation isolation) {
        if (mode == InteractionMode.INTERACTIVE) {
            return ContextPreservation.NOT_APPLICABLE;
        }
        if (mode == InteractionMode.BACKGROUND_ONLY && isolation == SessionIsolation.HOST_ISOLATED) {
            return ContextPreservation.HOST_ISOLATED;
        }
        return ContextPreservation.UNAVAILABLE;
    }
}
