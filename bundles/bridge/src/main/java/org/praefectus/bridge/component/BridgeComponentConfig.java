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

    /**
     * The longest {@code timeout_seconds} a run may ask for. Default: 0, then the environment's
     * PRAETOR_EXECD_MAX_TIMEOUT_SECONDS, else 604800 (7 days; Praetor asks for {@code max_time_minutes * 60}).
     */
    @AttributeDefinition(description = "Longest timeout_seconds a run may ask for (0: environment, else 7 days)")
    long maxTimeoutSeconds() default 0;

    /**
     * The largest request body. Default: 0, then the environment's PRAETOR_EXECD_MAX_REQUEST_BYTES, else
     * 4194304 (4 MiB: 100,000 CJK characters escaped as JSON take 600 KB).
     */
    @AttributeDefinition(description = "Largest request body in bytes (0: environment, else 4 MiB)")
    int maxRequestBytes() default 0;

    /**
     * Origin header values accepted (e.g. {@code http://localhost:3000}); a request with any other Origin is
     * refused. Default: none (also the environment's PRAETOR_EXECD_ALLOWED_ORIGINS, comma separated).
     */
    @AttributeDefinition(description = "Allowed Origin header values")
    String[] allowedOrigins() default {};

    /**
     * Whether the CLIs get the host's API keys (OPENAI_API_KEY, CODEX_API_KEY, ANTHROPIC_API_KEY): with a key
     * set, a CLI logged in by subscription may bill the API instead. Default: false (also the environment's
     * PRAETOR_EXECD_PASS_API_KEYS=true).
     */
    @AttributeDefinition(description = "Pass the host's API keys to the agent CLIs")
    boolean passApiKeys() default false;

    /**
     * Which files {@code allow_destructive_write: false} protects from deletion and whole replacement:
     * {@code mission} (those that existed before the mission's first run in that workdir), {@code run}
     * (those that existed before this run), {@code off} (none, as Praetor's reference bridge). Default:
     * empty, then the environment's PRAETOR_EXECD_DESTRUCTIVE_WRITES, else {@code mission}.
     */
    @AttributeDefinition(description = "Files protected by allow_destructive_write=false: mission, run or off")
    String destructiveWrites() default "";
}
