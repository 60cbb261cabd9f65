package org.praefectus.api.engine;

import org.osgi.annotation.versioning.ConsumerType;
import org.praefectus.api.protocol.ActionRequest;

/**
 * Decides whether a request's signed grant authorizes it. The engine's {@code Ed25519AuthorityVerifier}
 * checks a host-pinned issuer key; hosts may supply their own.
 */
@ConsumerType
public interface AuthorityVerifier {

    /**
     * Verifies the signature and that the grant binds this exact request: protocol version, operation ID,
     * subject, session, risk (= safety), positive expiry, policy generation of the pinned key, and the
     * action hash.
     *
     * @param request    the request, already validated
     * @param actionHash the engine's normalized action hash of the request
     * @return the verified authority
     * @throws AuthorityDeniedException when any check fails
     */
    VerifiedAuthority verify(ActionRequest request, String actionHash) throws AuthorityDeniedException;
}
