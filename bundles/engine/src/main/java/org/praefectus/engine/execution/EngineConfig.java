package org.praefectus.engine.execution;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the engine service (ConfigAdmin PID {@value #PID}). */
@ObjectClassDefinition(
        id = EngineConfig.PID,
        name = "Praefectus engine",
        description = "The durable operation ledger and the executor the engine dispatches through.")
public @interface EngineConfig {
    /** The configuration PID. */
    String PID = "org.praefectus.engine";

    /**
     * The operation ledger file (property {@code ledger.path}: DS maps {@code _} to {@code .}). Default {@code praefectus-operations.jsonl}, relative to the working
     * directory, as the reference's default; its directory must be private to the user.
     */
    @AttributeDefinition(
            name = "Ledger path",
            description = "JSONL operation ledger; default " + "praefectus-operations.jsonl in the working directory.")
    String ledger_path() default "praefectus-operations.jsonl";

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
