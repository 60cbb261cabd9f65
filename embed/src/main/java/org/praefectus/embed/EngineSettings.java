package org.praefectus.embed;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The engine's configuration (PID {@code org.praefectus.engine}) as a host sets it through {@link
 * EmbeddedPraefectus#configureEngine}: typed, and without ConfigurationAdmin's API on the host's class path.
 *
 * @param ledgerPath the operation ledger file ({@code ledger.path}), absolute; its folder must be private (0700).
 *     Changed while the engine runs, the old ledger keeps answering for its operations (engine README)
 */
public record EngineSettings(Path ledgerPath) {

    public EngineSettings {
        Objects.requireNonNull(ledgerPath, "ledgerPath");
        if (!ledgerPath.isAbsolute()) {
            throw new IllegalArgumentException("the ledger path must be absolute");
        }
    }
}
