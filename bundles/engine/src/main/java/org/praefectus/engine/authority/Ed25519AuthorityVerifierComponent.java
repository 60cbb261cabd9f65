package org.praefectus.engine.authority;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.engine.AuthorityDeniedException;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.VerifiedAuthority;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.ActionRequest;

/**
 * The pinned-key verifier as a service. It trusts the keys of its {@link AuthorityConfig} (operators) and
 * every {@link PinnedIssuer} service (hosts, the whiteboard of the host kit); a pin that arrives or leaves,
 * and a changed key list, take effect for the next verification without re-creating the component, so the
 * engine that holds this verifier keeps working. An invalid configured key list fails activation; a modified
 * one that is invalid trusts none of the configured keys (neither the new nor the previous list). A host pin whose
 * key is not a canonical prime-order point is ignored; two pins of one (issuer, key id) with different keys
 * or generations make that pair untrusted rather than choosing one.
 */
@Designate(ocd = AuthorityConfig.class)
@Component(
        service = AuthorityVerifier.class,
        configurationPid = AuthorityConfig.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
public final class Ed25519AuthorityVerifierComponent implements AuthorityVerifier {

    private final Map<PinnedIssuer, PinnedKey> pins = new HashMap<>();
    private List<PinnedKey> configured;
    private volatile Ed25519AuthorityVerifier verifier;

    @Activate
    public Ed25519AuthorityVerifierComponent(AuthorityConfig config) throws AuthorityException {
        configure(config);
    }

    @Modified
    void configure(AuthorityConfig config) throws AuthorityException {
        List<PinnedKey> keys = List.of();
        try {
            keys = List.copyOf(PinnedKeyring.fromConfig(config).keys());
        } finally {
            // an invalid list trusts none of its keys, not the previous list: it may have removed one
            synchronized (pins) {
                configured = keys;
                rebuild();
            }
        }
    }

    @Reference(
            service = PinnedIssuer.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addPin(PinnedIssuer pin) {
        PinnedKey key;
        try {
            key = PinnedKey.of(pin);
        } catch (AuthorityException invalidKey) {
            return;
        }
        synchronized (pins) {
            pins.put(pin, key);
            rebuild();
        }
    }

    void removePin(PinnedIssuer pin) {
        synchronized (pins) {
            if (pins.remove(pin) != null) {
                rebuild();
            }
        }
    }

    /** Configured keys plus pins; a conflicting (issuer, key id) is left out entirely. Holds {@code pins}. */
    private void rebuild() {
        Map<IssuerKeyId, PinnedKey> byId = new HashMap<>();
        List<IssuerKeyId> conflicting = new ArrayList<>();
        List<PinnedKey> all = new ArrayList<>(configured == null ? List.of() : configured);
        all.addAll(pins.values());
        for (PinnedKey key : all) {
            PinnedKey earlier = byId.putIfAbsent(key.id(), key);
            if (earlier != null && !earlier.equals(key)) {
                conflicting.add(key.id());
            }
        }
        conflicting.forEach(byId::remove);
        try {
            verifier = new Ed25519AuthorityVerifier(new PinnedKeyring(byId.values()));
        } catch (AuthorityException impossible) {
            throw new IllegalStateException("a keyring without duplicates was refused", impossible);
        }
    }

    @Override
    public VerifiedAuthority verify(ActionRequest request, String actionHash) throws AuthorityDeniedException {
        return verifier.verify(request, actionHash);
    }
}
