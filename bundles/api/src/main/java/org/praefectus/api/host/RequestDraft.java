package org.praefectus.api.host;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.AuthorityGrant;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SignedAuthority;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * A request before it is signed: every field of an {@link ActionRequest} except the authority, at protocol
 * version 2. The canonical action hash covers all of them but the operation ID (which the grant binds), so
 * the same draft always has the same hash and a re-presented operation replays instead of dispatching again.
 *
 * @param operationId     the idempotency key
 * @param subject         the host's user identity
 * @param sessionId       the host's session identity
 * @param action          what to do
 * @param target          the fenced target, from a fresh observation
 * @param interactionMode whether the action may interact with the person's session
 * @param deadlineAtMs    no effect starts at or after this time, milliseconds since the epoch
 * @param verification    how the engine proves the effect
 * @param safety          the risk class; the grant's {@code risk}
 */
public record RequestDraft(
        String operationId,
        String subject,
        String sessionId,
        Action action,
        TargetRef target,
        InteractionMode interactionMode,
        long deadlineAtMs,
        VerificationPolicy verification,
        SafetyClass safety) {

    private static final String PLACEHOLDER_HASH = "0".repeat(64);
    private static final String PLACEHOLDER_SIGNATURE = "0".repeat(128);
    private static final String PLACEHOLDER_IDENTIFIER = "unsigned";

    public RequestDraft {
        requireNonNull(operationId, "operationId");
        requireNonNull(subject, "subject");
        requireNonNull(sessionId, "sessionId");
        requireNonNull(action, "action");
        requireNonNull(target, "target");
        requireNonNull(interactionMode, "interactionMode");
        requireNonNull(verification, "verification");
        requireNonNull(safety, "safety");
    }

    /** The draft of a request as it stands, for example one a host received and must re-sign. */
    public static RequestDraft of(ActionRequest request) {
        return new RequestDraft(
                request.operationId(),
                request.subject(),
                request.sessionId(),
                request.action(),
                request.target(),
                request.interactionMode(),
                request.deadlineAtMs(),
                request.verification(),
                request.safety());
    }

    /**
     * The canonical (normalized) action hash the grant must bind, computed exactly as the engine does.
     *
     * @throws ProtocolException when the verification expectation is over its bound
     */
    public String actionHash() throws ProtocolException {
        return ProtocolHashes.normalizedActionHash(withAuthority(placeholderAuthority()));
    }

    /** The complete request carrying {@code authority}. */
    public ActionRequest withAuthority(SignedAuthority authority) {
        return new ActionRequest(
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                Protocol.PROTOCOL_VERSION,
                operationId,
                subject,
                sessionId,
                requireNonNull(authority, "authority"),
                action,
                target,
                interactionMode,
                deadlineAtMs,
                verification,
                safety);
    }

    /**
     * The request with a placeholder authority (zero hash, zero signature), for showing what would be
     * signed (a dry run). The engine refuses it: the placeholder binds nothing.
     */
    public ActionRequest unsigned() {
        return withAuthority(placeholderAuthority());
    }

    private SignedAuthority placeholderAuthority() {
        AuthorityGrant grant = new AuthorityGrant(
                Protocol.PROTOCOL_VERSION,
                PLACEHOLDER_IDENTIFIER,
                PLACEHOLDER_IDENTIFIER,
                operationId,
                subject,
                sessionId,
                safety,
                deadlineAtMs,
                PLACEHOLDER_IDENTIFIER,
                PLACEHOLDER_HASH);
        return new SignedAuthority(grant, PLACEHOLDER_SIGNATURE);
    }

    @Override
    public String toString() {
        return "RequestDraft[operationId=" + operationId + ", subject=" + Protocol.REDACTED + ", sessionId="
                + Protocol.REDACTED + ", action=" + action + ", target=" + target + ", interactionMode="
                + interactionMode + ", deadlineAtMs=" + deadlineAtMs + ", verification=" + Protocol.REDACTED
                + ", safety=" + safety + "]";
    }
}
