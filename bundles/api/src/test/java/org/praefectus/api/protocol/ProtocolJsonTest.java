package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ProtocolJsonTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();

    /** A request that passes every rule: the set_value vector with protocol v2 versions. */
    static ObjectNode validRequest() throws Exception {
        ObjectNode request = (ObjectNode)
                GoldenVectorsTest.vectors().get("vectors").get(1).get("request").deepCopy();
        request.put("action_version", 2).put("target_version", 2).put("verification_version", 2);
        return request;
    }

    private static ProtocolErrorCode refusal(Consumer<ObjectNode> tamper) throws Exception {
        ObjectNode request = validRequest();
        tamper.accept(request);
        return assertThrows(
                        ProtocolException.class,
                        () -> ProtocolJson.parseActionRequest(JACKSON.writeValueAsBytes(request)))
                .code();
    }

    @Test
    void acceptsAValidRequest() throws Exception {
        ActionRequest request = ProtocolJson.parseActionRequest(JACKSON.writeValueAsBytes(validRequest()));
        assertEquals(new Action.SetValue("research notes"), request.action());
    }

    @Test
    void unknownFieldsAreRefusedAtEveryLevel() throws Exception {
        assertEquals(ProtocolErrorCode.UNKNOWN_FIELD, refusal(r -> r.put("extra", 1)));
        assertEquals(ProtocolErrorCode.UNKNOWN_FIELD, refusal(r -> ((ObjectNode) r.get("action")).put("extra", 1)));
        assertEquals(
                ProtocolErrorCode.UNKNOWN_FIELD,
                refusal(r -> ((ObjectNode) r.get("authority").get("grant")).put("extra", 1)));
        assertEquals(
                ProtocolErrorCode.UNKNOWN_FIELD,
                refusal(r -> ((ObjectNode) r.get("target").get("target")).put("extra", 1)));
        // a field of another kind is unknown to this kind
        assertEquals(
                ProtocolErrorCode.UNKNOWN_FIELD, refusal(r -> ((ObjectNode) r.get("verification")).put("expected", 1)));
    }

    @Test
    void unknownKindsAndEnumValuesAreRefused() throws Exception {
        assertEquals(ProtocolErrorCode.UNKNOWN_KIND, refusal(r -> ((ObjectNode) r.get("action")).put("kind", "eval")));
        assertEquals(ProtocolErrorCode.UNKNOWN_KIND, refusal(r -> ((ObjectNode) r.get("target")).put("kind", "xpath")));
        assertEquals(
                ProtocolErrorCode.UNKNOWN_KIND,
                refusal(r -> ((ObjectNode) r.get("verification")).put("kind", "trust_me")));
        assertEquals(ProtocolErrorCode.UNKNOWN_KIND, refusal(r -> r.put("safety", "harmless")));
        assertEquals(ProtocolErrorCode.UNKNOWN_KIND, refusal(r -> r.put("interaction_mode", "Interactive")));
    }

    @Test
    void missingFieldsWrongTypesAndRangesAreRefused() throws Exception {
        assertEquals(ProtocolErrorCode.MISSING_FIELD, refusal(r -> r.remove("deadline_at_ms")));
        assertEquals(ProtocolErrorCode.MISSING_FIELD, refusal(r -> ((ObjectNode) r.get("action")).remove("kind")));
        assertEquals(ProtocolErrorCode.WRONG_TYPE, refusal(r -> r.put("deadline_at_ms", "soon")));
        assertEquals(ProtocolErrorCode.WRONG_TYPE, refusal(r -> r.put("protocol_version", true)));
        assertEquals(ProtocolErrorCode.OUT_OF_RANGE, refusal(r -> r.put("protocol_version", 65_536)));
        assertEquals(ProtocolErrorCode.OUT_OF_RANGE, refusal(r -> r.put("action_version", -1)));
        assertEquals(ProtocolErrorCode.UNSUPPORTED_NUMBER, refusal(r -> r.put("deadline_at_ms", 1.5)));
    }

    @Test
    void wrongVersionsAreRefused() throws Exception {
        for (String field : List.of("protocol_version", "action_version", "target_version", "verification_version")) {
            assertEquals(ProtocolErrorCode.UNSUPPORTED_VERSION, refusal(r -> r.put(field, 1)), field);
        }
        assertEquals(
                ProtocolErrorCode.UNSUPPORTED_VERSION,
                refusal(r -> ((ObjectNode) r.get("authority").get("grant")).put("protocol_version", 3)));
    }

    @Test
    void badHexAndBadSignatureLengthsAreRefused() throws Exception {
        assertEquals(
                ProtocolErrorCode.INVALID_SIGNATURE,
                refusal(r -> ((ObjectNode) r.get("authority")).put("signature", "ab".repeat(63))));
        assertEquals(
                ProtocolErrorCode.INVALID_SIGNATURE,
                refusal(r -> ((ObjectNode) r.get("authority")).put("signature", "zz".repeat(64))));
        assertEquals(
                ProtocolErrorCode.INVALID_HEX,
                refusal(r -> ((ObjectNode) r.get("authority").get("grant")).put("action_hash", "0".repeat(63))));
        assertEquals(
                ProtocolErrorCode.INVALID_HEX,
                refusal(r -> ((ObjectNode) r.get("target").get("target")).put("element_id", "C".repeat(64))));
    }

    @Test
    void duplicateKeysAndOversizeInputAreRefused() throws Exception {
        String json = JACKSON.writeValueAsString(validRequest());
        String duplicated = "{\"safety\":\"external\"," + json.substring(1);
        assertEquals(
                ProtocolErrorCode.DUPLICATE_KEY,
                assertThrows(
                                ProtocolException.class,
                                () -> ProtocolJson.parseActionRequest(duplicated.getBytes(StandardCharsets.UTF_8)))
                        .code());
        byte[] huge = new byte[ProtocolJson.MAX_MESSAGE_BYTES + 1];
        assertEquals(
                ProtocolErrorCode.INPUT_TOO_LARGE,
                assertThrows(ProtocolException.class, () -> ProtocolJson.parseActionRequest(huge))
                        .code());
    }

    @Test
    void noInputEscapesAsAnUncheckedException() {
        for (String json : List.of("", "null", "[]", "{}", "{\"action\":null}", "\"x\"", "{\"kind\":1}")) {
            ProtocolException refused = assertThrows(
                    ProtocolException.class,
                    () -> ProtocolJson.parseActionRequest(json.getBytes(StandardCharsets.UTF_8)),
                    json);
            assertTrue(refused.error().code().matches("[a-z_]+"), json);
        }
        assertThrows(ProtocolException.class, () -> ProtocolJson.parseActionRequest(null));
    }

    @Test
    void acknowledgementsWithTerminalsRoundTrip() throws Exception {
        Receipt receipt = new Receipt(
                2,
                "invoke",
                "a".repeat(64),
                1,
                2,
                "praefectus-linux",
                List.of(),
                DeliveryRoute.TARGET_ADDRESSED,
                SessionIsolation.SHARED_DESKTOP,
                InteractionMode.BACKGROUND_ONLY,
                ContextPreservation.UNCHANGED_AT_BOUNDARIES,
                Effect.UNKNOWN,
                new Evidence("b".repeat(64), null, "c".repeat(64), 1),
                null,
                List.of("w"));
        for (Terminal terminal : List.of(
                new Terminal.Succeeded(receipt),
                new Terminal.Rejected(FailureCode.STALE_TARGET, "stale target"),
                new Terminal.Failed(FailureCode.DISPATCH_FAILED, "executor failed"),
                new Terminal.CancelledBeforeEffect(),
                new Terminal.ExpiredBeforeEffect(),
                new Terminal.OutcomeUnknown(receipt, Protocol.INTERRUPTED_OUTCOME_MESSAGE))) {
            ActionAck ack = new ActionAck(2, "op-1", 2, "a".repeat(64), false, new AckState.Finished(terminal));
            byte[] wire = ProtocolJson.toJson(ProtocolJson.encode(ack));
            assertEquals(ack, ProtocolJson.parseActionAck(wire), terminal.kind());
        }
        String unknown = new String(
                ProtocolJson.toJson(ProtocolJson.encode(
                        new Terminal.OutcomeUnknown(receipt, Protocol.INTERRUPTED_OUTCOME_MESSAGE))),
                StandardCharsets.UTF_8);
        assertTrue(unknown.startsWith("{\"kind\":\"outcome_unknown\",\"receipt\":{\"protocol_version\":2,"));
        assertTrue(unknown.contains("\"after\":null"), "absent options are written as null");
    }

    @Test
    void interruptedOutcomeMessageIsTheReferenceText() {
        assertEquals(
                "the outcome of this operation was not recorded; verify the actual state before redoing "
                        + "anything with side effects",
                Protocol.INTERRUPTED_OUTCOME_MESSAGE);
    }

    @Test
    void absentAndNullOptionsAreBothNone() throws Exception {
        ObjectNode request = validRequest();
        request.set(
                "action",
                JACKSON.readTree(
                        "{\"kind\":\"type_text\",\"text\":\"x\",\"clear\":false," + "\"press_return\":false}"));
        ActionRequest decoded = ProtocolJson.decodeActionRequest(JACKSON.writeValueAsBytes(request));
        assertEquals(new Action.TypeText("x", false, false, null), decoded.action());
    }
}
