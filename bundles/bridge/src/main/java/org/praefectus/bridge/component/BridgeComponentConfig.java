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

    /** A heartbeat event after this long without another event of a running run. Default: 15 s. */
    @AttributeDefinition(description = "Heartbeat interval of quiet runs in seconds")
    int heartbeatSeconds() default 15;

    /** Largest output text one event carries (longer lines are cut, whole in the run log). Default: 16 KiB. */
    @AttributeDefinition(description = "Event size cap in KiB")
    int maxEventKilobytes() default 16;

    /** Finished runs older than this are deleted. Default: 30 days. */
    @AttributeDefinition(description = "Log retention in days")
    int retentionDays() default 30;

    /** Total size of the run logs; the oldest finished runs are deleted beyond it. Default: 1024 MiB. */
    @AttributeDefinition(description = "Log retention: total size in MiB")
    long maxLogMegabytes() default 1024;

    /** Extra Host header names accepted beside the loopback names and host.docker.internal. Default: none. */
    @AttributeDefinition(description = "Extra Host header names")
    String[] allowedHosts() default {};
}
