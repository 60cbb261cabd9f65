package org.praefectus.engine.execution;

import java.util.List;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.engine.ledger.InterruptedOutcome;

/** Acknowledgements and receipts as the reference builds them. */
final class Acks {

    private Acks() {}

    static ActionAck accepted(ActionRequest request, String hash) {
        return new ActionAck(Protocol.PROTOCOL_VERSION, request.operationId(), 0, hash, false, new AckState.Accepted());
    }

    static ActionAck executing(ActionRequest request, String hash) {
        return new ActionAck(
                Protocol.PROTOCOL_VERSION, request.operationId(), 1, hash, false, new AckState.Executing());
    }

    static ActionAck terminal(ActionRequest request, String hash, Terminal terminal, boolean replayed) {
        return new ActionAck(
                Protocol.PROTOCOL_VERSION, request.operationId(), 2, hash, replayed, new AckState.Finished(terminal));
    }

    static ActionAck replayed(ActionAck stored) {
        return new ActionAck(
                stored.protocolVersion(),
                stored.operationId(),
                stored.sequence(),
                stored.actionHash(),
                true,
                stored.state());
    }

    /** A receipt with nothing observed: backend {@code unknown}, no evidence. */
    static Receipt emptyReceipt(
            ActionRequest request, String hash, Effect effect, SessionIsolation isolation, long nowMs) {
        return new Receipt(
                Protocol.PROTOCOL_VERSION,
                request.action().kind(),
                hash,
                nowMs,
                nowMs,
                "unknown",
                List.of(),
                DeliveryRoutes.request(request),
                isolation,
                request.interactionMode(),
                InterruptedOutcome.recoveredContextPreservation(request.interactionMode(), isolation),
                effect,
                null,
                null,
                List.of());
    }

    /** A succeeded terminal whose durability failed becomes unknown: the effect happened, the record may not. */
    static ActionAck persistenceUnknown(ActionAck ack) {
        if (ack.state() instanceof AckState.Finished finished && finished.terminal() instanceof Terminal.Succeeded s) {
            return new ActionAck(
                    ack.protocolVersion(),
                    ack.operationId(),
                    ack.sequence(),
                    ack.actionHash(),
                    ack.replayed(),
                    new AckState.Finished(new Terminal.OutcomeUnknown(
                            s.receipt(), "action completed but terminal receipt durability is unknown")));
        }
        return ack;
    }
}
