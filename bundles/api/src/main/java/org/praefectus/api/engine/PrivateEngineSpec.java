package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.PinnedIssuer;

/**
 * What a private engine trusts, where it records and what it dispatches through.
 *
 * @param pins     the only keys it trusts (may be empty: it then refuses every grant)
 * @param ledger   its own operation ledger file; the directory must be private (0700) or not exist yet
 * @param executor the executor it observes and dispatches through
 * @param outcomes the host's outcome ledger, or {@link NullOutcomeLedger#INSTANCE}
 */
public record PrivateEngineSpec(List<PinnedIssuer> pins, Path ledger, Executor executor, OutcomeLedger outcomes) {

    public PrivateEngineSpec {
        pins = List.copyOf(pins);
        requireNonNull(ledger, "ledger");
        requireNonNull(executor, "executor");
        requireNonNull(outcomes, "outcomes");
    }

    /** A spec without a host outcome ledger. */
    public PrivateEngineSpec(List<PinnedIssuer> pins, Path ledger, Executor executor) {
        this(pins, ledger, executor, NullOutcomeLedger.INSTANCE);
    }
}
