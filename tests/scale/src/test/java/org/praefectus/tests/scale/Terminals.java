package org.praefectus.tests.scale;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.protocol.ContextPreservation;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.Receipt;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.Terminal;

/** Terminals and keys for ledger tests. */
final class Terminals {

    private Terminals() {}

    static OutcomeKey key(String operationId) {
        return key(operationId, "action");
    }

    static OutcomeKey key(String operationId, String action) {
        return new OutcomeKey(operationId, Sha256.hex(action.getBytes(StandardCharsets.UTF_8)));
    }

    static Terminal succeeded(OutcomeKey key) {
        return new Terminal.Succeeded(receipt(key, Effect.VERIFIED));
    }

    static Terminal failed() {
        return new Terminal.Failed(FailureCode.DISPATCH_FAILED, "outcome ledger is unavailable");
    }

    static Terminal interrupted(OutcomeKey key) {
        return new Terminal.OutcomeUnknown(receipt(key, Effect.UNKNOWN), Protocol.INTERRUPTED_OUTCOME_MESSAGE);
    }

    private static Receipt receipt(OutcomeKey key, Effect effect) {
        return new Receipt(
                Protocol.PROTOCOL_VERSION,
                "invoke",
                key.actionHash(),
                1L,
                2L,
                "test",
                List.of(),
                DeliveryRoute.TARGET_ADDRESSED,
                SessionIsolation.SHARED_DESKTOP,
                InteractionMode.INTERACTIVE,
                ContextPreservation.NOT_APPLICABLE,
                effect,
                null,
                null,
                List.of());
    }
}
