package org.praefectus.ledger.jdbc;

import java.nio.charset.StandardCharsets;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.Terminal;

/**
 * A terminal is stored as the terminal acknowledgement the reference ledger writes (sequence 2, the
 * protocol's own JSON), so it is read back with the protocol's strict parser.
 */
final class TerminalAcks {

    private static final long TERMINAL_SEQUENCE = 2;

    private TerminalAcks() {}

    static String encode(OutcomeKey key, Terminal terminal) {
        ActionAck ack = new ActionAck(
                Protocol.PROTOCOL_VERSION,
                key.operationId(),
                TERMINAL_SEQUENCE,
                key.actionHash(),
                false,
                new AckState.Finished(terminal));
        return new String(ProtocolJson.toJson(ProtocolJson.encode(ack)), StandardCharsets.UTF_8);
    }

    static Terminal decode(String json) throws ProtocolException {
        ActionAck ack = ProtocolJson.parseActionAck(json.getBytes(StandardCharsets.UTF_8));
        if (!(ack.state() instanceof AckState.Finished finished)) {
            throw new ProtocolException(
                    org.praefectus.api.protocol.ProtocolErrorCode.INVALID_VALUE,
                    "stored acknowledgement is not terminal");
        }
        return finished.terminal();
    }
}
