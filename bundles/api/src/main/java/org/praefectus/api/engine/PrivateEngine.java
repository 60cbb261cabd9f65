package org.praefectus.api.engine;

import org.osgi.annotation.versioning.ProviderType;

/** An engine made by {@link EngineFactory} for one host; {@link #close()} releases its ledger. */
@ProviderType
public interface PrivateEngine extends Engine, AutoCloseable {

    /** Releases the ledger; later calls fail with {@link EngineError#ENGINE_DEACTIVATED}. */
    @Override
    void close();
}
