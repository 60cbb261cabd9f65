package org.praefectus.engine.execution;

import java.nio.file.Path;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.praefectus.engine.ledger.OperationLedger;

/** Configuration of the engine service (ConfigAdmin PID {@value #PID}). */
@ObjectClassDefinition(
        id = EngineConfig.PID,
        name = "Praefectus engine",
        description = "The durable operation ledger and the executor the engine dispatches through.")
public @interface EngineConfig {
    /** The configuration PID. */
    String PID = "org.praefectus.engine";

    /**
     * The operation ledger file (property {@code ledger.path}: DS maps {@code _} to {@code .}). Default empty:
     * the reference's location, {@code $XDG_STATE_HOME/praefectus/praefectus-operations.jsonl} (else {@code
     * ~/.local/state/praefectus/}), created private (0700 directories, 0600 files). A relative path is
     * resolved against the working directory; its directory must be private to the user.
     */
    @AttributeDefinition(
            name = "Ledger path",
            required = false,
            description = "JSONL operation ledger; default $XDG_STATE_HOME/praefectus/praefectus-operations.jsonl"
                    + " (else ~/.local/state/praefectus/).")
    String ledger_path() default "";

    /** Where the ledger of {@code config} is: its {@code ledger.path}, or the default location. */
    final class Defaults {
        private Defaults() {}

        static Path ledgerPath(EngineConfig config) {
            String configured = config.ledger_path();
            return configured == null || configured.isEmpty() ? OperationLedger.defaultPath() : Path.of(configured);
        }
    }

    /**
     * LDAP filter choosing among {@code Executor} services, for example {@code (praefectus.executor.backend=cdp)}.
     * Default {@code (objectClass=*)}: any; the highest service ranking wins.
     */
    @AttributeDefinition(
            name = "Executor filter",
            required = false,
            description = "Filter on Executor services, e.g. (praefectus.executor.backend=cdp). Default: any.")
    String executor_target() default "(objectClass=*)";
}
