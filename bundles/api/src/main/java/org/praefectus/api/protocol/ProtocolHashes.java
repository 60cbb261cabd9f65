package org.praefectus.api.protocol;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonArray;
import org.praefectus.api.canonical.JsonValue.JsonNumber;
import org.praefectus.api.canonical.JsonValue.JsonString;

/** The hashed and signed byte forms of protocol v2, byte-identical to the reference. */
public final class ProtocolHashes {

    private ProtocolHashes() {}

    /**
     * The canonical array the action hash covers: {@code [protocol_version, action_version, target_version,
     * verification_version, subject, session_id, action, target, interaction_mode, deadline_at_ms,
     * verification, safety]}. Operation ID and authority are deliberately outside it: the grant binds them.
     */
    public static JsonArray actionHashInput(ActionRequest request) {
        return new JsonArray(List.of(
                JsonNumber.of(request.protocolVersion()),
                JsonNumber.of(request.actionVersion()),
                JsonNumber.of(request.targetVersion()),
                JsonNumber.of(request.verificationVersion()),
                new JsonString(request.subject()),
                new JsonString(request.sessionId()),
                ProtocolJson.encode(request.action()),
                ProtocolJson.encode(request.target()),
                new JsonString(ProtocolJson.wireName(request.interactionMode())),
                JsonNumber.of(request.deadlineAtMs()),
                ProtocolJson.encode(request.verification()),
                new JsonString(ProtocolJson.wireName(request.safety()))));
    }

    /** The canonical bytes of {@link #actionHashInput}. */
    public static byte[] actionHashInputBytes(ActionRequest request) {
        return CanonicalJson.canonical(actionHashInput(request));
    }

    /**
     * The normalized action hash: lowercase hex SHA-256 of the canonical action hash input. Like the
     * reference it first bounds a {@code target_state} expectation, so an oversize one is never hashed.
     *
     * @throws ProtocolException {@code invalid_verification} when the expectation is too large
     */
    public static String normalizedActionHash(ActionRequest request) throws ProtocolException {
        RequestValidation.checkVerificationBounds(request.verification());
        return CanonicalJson.hash(actionHashInput(request));
    }

    /** The bytes an issuer signs with Ed25519: the canonical JSON of the grant. */
    public static byte[] canonicalGrantBytes(AuthorityGrant grant) {
        JsonValue json = ProtocolJson.encode(grant);
        return CanonicalJson.canonical(json);
    }
}
