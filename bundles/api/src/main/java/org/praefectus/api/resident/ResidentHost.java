package org.praefectus.api.resident;

import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.ActionRequest;

/**
 * The resident runtime as a host. Registered only while {@code praefectus daemon} runs; its absence is how
 * a surface knows that no host can sign and that a real effect must be refused.
 */
@ProviderType
public interface ResidentHost {

    /**
     * The request this host would sign for {@code proposal}, with a placeholder authority: what
     * {@code --dry-run} shows. Nothing is signed, claimed or dispatched.
     *
     * @throws HostRefusedException the host would refuse to sign it
     */
    ActionRequest draft(ActionProposal proposal) throws HostRefusedException;

    /**
     * Signs {@code proposal} under the host's gates and profile and executes it through the engine.
     *
     * @throws HostRefusedException refused before signing; nothing was dispatched
     * @throws EngineException      the engine refused it before a claim, or its ledger is unusable
     */
    ExecuteReport act(ActionProposal proposal, CancellationToken cancellation)
            throws HostRefusedException, EngineException;
}
