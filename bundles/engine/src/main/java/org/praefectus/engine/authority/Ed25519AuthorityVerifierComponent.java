package org.praefectus.engine.authority;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.engine.AuthorityDeniedException;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.VerifiedAuthority;
import org.praefectus.api.protocol.ActionRequest;

/**
 * The pinned-key verifier as a service, configured by {@link AuthorityConfig}. Without a configuration
 * there is no verifier, so the engine cannot execute: a runtime never trusts a key it was not given. An
 * invalid key list fails activation; a changed one re-activates the component with the new keys.
 */
@Designate(ocd = AuthorityConfig.class)
@Component(
        service = AuthorityVerifier.class,
        configurationPid = AuthorityConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class Ed25519AuthorityVerifierComponent implements AuthorityVerifier {

    private final Ed25519AuthorityVerifier verifier;

    @Activate
    public Ed25519AuthorityVerifierComponent(AuthorityConfig config) throws AuthorityException {
        this.verifier = new Ed25519AuthorityVerifier(PinnedKeyring.fromConfig(config));
    }

    @Override
    public VerifiedAuthority verify(ActionRequest request, String actionHash) throws AuthorityDeniedException {
        return verifier.verify(request, actionHash);
    }
}
