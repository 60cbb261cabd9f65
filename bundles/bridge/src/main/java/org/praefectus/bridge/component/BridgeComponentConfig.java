package org.praefectus.bridge.component;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * ConfigAdmin configuration of the bridge (PID {@value #PID}). The YAML file carries the contract's
 * configuration; these properties override single values, as the environment variables do.
 */
@ObjectClassDefinition(
        name = "Praefectus coding-agent bridge",
        description = "praetor-execd: loopback HTTP bridge to host coding-agent CLIs")
public @interface BridgeComponentConfig {

    String PID = "org.praefectus.bridge";

    /** The contract's config.yaml. Default: empty, then {@code --config FILE} (executable jar), then PRAETOR_EXECD_CONFIG. */
    @AttributeDefinition(description = "Path of the praetor-execd config.yaml")
    String configFile() default "";

    /** Overrides server.host (loopback only). Default: empty, the file's value. */
    @AttributeDefinition(description = "Override of server.host")
    String host() default "";

    /** Overrides server.port; 0 picks a free port. Default: -1, the file's value. */
    @AttributeDefinition(description = "Override of server.port")
    int port() default -1;

    /** Overrides runtime.log_dir. Default: empty, the file's value. */
    @AttributeDefinition(description = "Override of runtime.log_dir")
    String logDir() default "";

    /** Overrides runtime.max_concurrent_runs. Default: 0, the file's value. */
    @AttributeDefinition(description = "Override of runtime.max_concurrent_runs")
    int maxConcurrentRuns() default 0;

    /** Time between SIGTERM and SIGKILL when a run is cancelled. Default: 5000 ms. */
    @AttributeDefinition(description = "Cancel grace period in milliseconds")
    long cancelGraceMillis() default 5000;

    /** Extra Host header names accepted (e.g. host.docker.internal). Default: none. */
    @AttributeDefinition(description = "Extra Host header names")
    String[] allowedHosts() default {};
}
