package org.praefectus.engine.ledger;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonNumber;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.canonical.JsonValue.JsonString;
import org.praefectus.api.canonical.StrictJsonParser;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * Ledger lines in the reference's exact bytes: serde's internally tagged enum, so {@code kind} first and
 * then the fields in declaration order, compact, options as {@code null}. Decoding is as strict as the
 * reference's {@code deny_unknown_fields}.
 */
final class LedgerRecordCodec {

    /** Largest ledger line accepted; a terminal acknowledgement is far smaller. */
    static final int MAX_LINE_BYTES = ProtocolJson.MAX_MESSAGE_BYTES;

    private static final Set<String> CLAIM_FIELDS = Set.of(
            "kind",
            "operation_id",
            "action_hash",
            "claimed_at_ms",
            "action_name",
            "delivery_route",
            "session_isolation",
            "interaction_mode");
    private static final Set<String> TERMINAL_FIELDS = Set.of("kind", "acknowledgement");

    private LedgerRecordCodec() {}

    /** The record as one line, newline included. */
    static byte[] encode(LedgerRecord record) {
        JsonObject json;
        if (record instanceof LedgerRecord.Claim claim) {
            json = JsonObject.builder()
                    .put("kind", "claim")
                    .put("operation_id", claim.operationId())
                    .put("action_hash", claim.actionHash())
                    .put("claimed_at_ms", claim.claimedAtMs())
                    .put("action_name", claim.actionName())
                    .put("delivery_route", wire(claim.deliveryRoute()))
                    .put("session_isolation", wire(claim.sessionIsolation()))
                    .put("interaction_mode", wire(claim.interactionMode()))
                    .build();
        } else {
            LedgerRecord.Finished finished = (LedgerRecord.Finished) record;
            json = JsonObject.builder()
                    .put("kind", "terminal")
                    .put("acknowledgement", ProtocolJson.encode(finished.acknowledgement()))
                    .build();
        }
        byte[] body = CanonicalJson.compact(json);
        byte[] line = new byte[body.length + 1];
        System.arraycopy(body, 0, line, 0, body.length);
        line[body.length] = '\n';
        return line;
    }

    /**
     * Decodes one line without its newline.
     *
     * @throws LedgerException {@link LedgerException.Reason#CORRUPT} for anything the reference would refuse
     */
    static LedgerRecord decode(byte[] line) throws LedgerException {
        try {
            if (!(StrictJsonParser.parse(line, MAX_LINE_BYTES) instanceof JsonObject object)) {
                throw corrupt();
            }
            Map<String, JsonValue> members = object.members();
            String kind = string(members.get("kind"));
            if ("claim".equals(kind)) {
                requireOnly(members, CLAIM_FIELDS);
                return new LedgerRecord.Claim(
                        requireString(members.get("operation_id")),
                        requireString(members.get("action_hash")),
                        requireLong(members.get("claimed_at_ms")),
                        string(members.get("action_name")),
                        optionalEnum(members.get("delivery_route"), DeliveryRoute.class),
                        optionalEnum(members.get("session_isolation"), SessionIsolation.class),
                        optionalEnum(members.get("interaction_mode"), InteractionMode.class));
            }
            if ("terminal".equals(kind)) {
                requireOnly(members, TERMINAL_FIELDS);
                JsonValue ack = members.get("acknowledgement");
                if (ack == null) {
                    throw corrupt();
                }
                return new LedgerRecord.Finished(ProtocolJson.parseActionAck(CanonicalJson.compact(ack)));
            }
            throw corrupt();
        } catch (JsonFormatException | ProtocolException | IllegalArgumentException e) {
            throw new LedgerException(
                    LedgerException.Reason.CORRUPT, "ledger contains an invalid non-terminal record", e);
        }
    }

    private static LedgerException corrupt() {
        return new LedgerException(
                LedgerException.Reason.CORRUPT, "ledger contains an invalid non-terminal record", null);
    }

    private static void requireOnly(Map<String, JsonValue> members, Set<String> allowed) throws LedgerException {
        for (String key : members.keySet()) {
            if (!allowed.contains(key)) {
                throw corrupt();
            }
        }
    }

    private static String string(JsonValue value) throws LedgerException {
        if (value == null || value instanceof JsonValue.JsonNull) {
            return null;
        }
        if (value instanceof JsonString string) {
            return string.value();
        }
        throw corrupt();
    }

    private static String requireString(JsonValue value) throws LedgerException {
        String string = string(value);
        if (string == null) {
            throw corrupt();
        }
        return string;
    }

    private static long requireLong(JsonValue value) throws LedgerException {
        if (value instanceof JsonNumber number && number.value().bitLength() < 64) {
            return number.value().longValue();
        }
        throw corrupt();
    }

    private static <E extends Enum<E>> E optionalEnum(JsonValue value, Class<E> type) throws LedgerException {
        String name = string(value);
        if (name == null) {
            return null;
        }
        if (!name.equals(name.toLowerCase(Locale.ROOT))) {
            throw corrupt();
        }
        try {
            return Enum.valueOf(type, name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw corrupt();
        }
    }

    private static JsonValue wire(Enum<?> value) {
        return value == null ? JsonValue.NULL : new JsonString(value.name().toLowerCase(Locale.ROOT));
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
