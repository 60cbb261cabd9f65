package org.praefectus.api.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Every protocol parser either returns a valid value or throws {@link ProtocolException}: any other
 * exception is a finding. A value that parses is written back with {@link ProtocolJson} and must parse to an
 * equal value, so encoder and decoder cannot drift apart. Seeds: the golden vectors' requests and the
 * values they produce (resources under {@code ProtocolJsonFuzzTestInputs/}).
 */
class ProtocolJsonFuzzTest {

    @FuzzTest
    void actionRequest(byte[] input) {
        ActionRequest request;
        try {
            request = ProtocolJson.parseActionRequest(input);
        } catch (ProtocolException expected) {
            return;
        }
        assertEquals(request, reparse(ProtocolJson.toJson(ProtocolJson.encode(request))));
    }

    @FuzzTest
    void authorityGrant(byte[] input) {
        AuthorityGrant grant;
        try {
            grant = ProtocolJson.parseAuthorityGrant(input);
        } catch (ProtocolException expected) {
            return;
        }
        byte[] written = ProtocolJson.toJson(ProtocolJson.encode(grant));
        try {
            assertEquals(grant, ProtocolJson.parseAuthorityGrant(written));
        } catch (ProtocolException e) {
            throw new AssertionError("a grant that parsed does not parse again once written", e);
        }
    }

    @FuzzTest
    void actionAck(byte[] input) {
        ActionAck ack;
        try {
            ack = ProtocolJson.parseActionAck(input);
        } catch (ProtocolException expected) {
            return;
        }
        byte[] written = ProtocolJson.toJson(ProtocolJson.encode(ack));
        try {
            assertEquals(ack, ProtocolJson.parseActionAck(written));
        } catch (ProtocolException e) {
            throw new AssertionError("an acknowledgement that parsed does not parse again once written", e);
        }
    }

    @FuzzTest
    void semanticObservation(byte[] input) {
        SemanticObservation observation;
        try {
            observation = ProtocolJson.parseSemanticObservation(input);
        } catch (ProtocolException expected) {
            return;
        }
        byte[] written = ProtocolJson.toJson(ProtocolJson.encode(observation));
        try {
            assertEquals(observation, ProtocolJson.parseSemanticObservation(written));
        } catch (ProtocolException e) {
            throw new AssertionError("an observation that parsed does not parse again once written", e);
        }
    }

    private static ActionRequest reparse(byte[] written) {
        try {
            return ProtocolJson.parseActionRequest(written);
        } catch (ProtocolException e) {
            throw new AssertionError("a request that parsed does not parse again once written", e);
        }
    }
}
