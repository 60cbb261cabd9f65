package org.praefectus.api.engine;

import java.util.List;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonArray;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.Terminal;

/**
 * The acknowledgements of one execution, in sequence order; the last one is terminal. A replay holds only
 * the stored terminal with {@code replayed = true}.
 *
 * @param acknowledgements accepted (0), executing (1) when dispatch was reached, terminal (2)
 */
public record ExecuteReport(List<ActionAck> acknowledgements) {
    public ExecuteReport {
        acknowledgements = List.copyOf(acknowledgements);
        if (acknowledgements.isEmpty()
                || !(acknowledgements.get(acknowledgements.size() - 1).state() instanceof AckState.Finished)) {
            throw new IllegalArgumentException("a report ends with a terminal acknowledgement");
        }
    }

    /** The terminal acknowledgement. */
    public ActionAck terminalAck() {
        return acknowledgements.get(acknowledgements.size() - 1);
    }

    /** How the operation ended. */
    public Terminal terminal() {
        return ((AckState.Finished) terminalAck().state()).terminal();
    }

    /** Whether it ended {@code succeeded} with effect {@code verified}: the only state a batch continues after. */
    public boolean succeededVerified() {
        return terminal() instanceof Terminal.Succeeded succeeded
                && succeeded.receipt().effect() == org.praefectus.api.protocol.Effect.VERIFIED;
    }

    /** The reference's JSON: {@code {"acknowledgements":[…]}}. */
    public JsonObject toJson() {
        List<JsonValue> acks =
                acknowledgements.stream().<JsonValue>map(ProtocolJson::encode).toList();
        return JsonObject.builder().put("acknowledgements", new JsonArray(acks)).build();
    }
}
