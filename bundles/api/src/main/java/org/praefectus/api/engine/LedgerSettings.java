package org.praefectus.api.engine;

import java.io.IOException;
import java.nio.file.Path;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The shared engine's ledger as a resident host of the same runtime claims it: typed, and written by the engine
 * bundle itself. A host may move only its own claim: a ledger another host configured is never moved.
 */
@ProviderType
public interface LedgerSettings {

    /**
     * Points the engine's ledger at {@code ledger}, recording {@code owner} beside it.
     *
     * @return {@code false}, changing nothing, when another host configured the engine's ledger
     * @throws IOException when the configuration cannot be written
     */
    boolean claim(Path ledger, String owner) throws IOException;
}
