package org.praefectus.api.engine;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Makes private engines: each with its own pinned keys, its own operation ledger and its own executor, so a
 * host that must not share the runtime's engine (a demo, a test harness, a one-off tool) never reads or
 * changes the shared engine's trust or ledger. The engine bundle registers it.
 */
@ProviderType
public interface EngineFactory {

    /**
     * A new engine for {@code spec}. It verifies only the spec's pins, claims in the spec's ledger and
     * dispatches only through the spec's executor. Close it to release the ledger.
     *
     * @throws EngineException {@link EngineError#LEDGER_UNAVAILABLE} when the ledger's directory is not private,
     *                         {@link EngineError#AUTHORITY_DENIED} when a pinned key is not a valid Ed25519 key
     */
    PrivateEngine create(PrivateEngineSpec spec) throws EngineException;
}
