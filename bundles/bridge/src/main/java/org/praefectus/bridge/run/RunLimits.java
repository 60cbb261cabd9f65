package org.praefectus.bridge.run;

import java.time.Duration;

/**
 * The bridge's resource bounds and timings beyond {@code config.yaml} (which the contract fixes).
 *
 * @param cancelGrace       SIGTERM → SIGKILL grace on cancel (default 5 s)
 * @param heartbeat         a {@code heartbeat} event after this long without another event (default 15 s)
 * @param maxEventBytes     largest output text one event carries; longer lines are cut with a marker and
 *                          stay whole in the run log (default 16 KiB)
 * @param memoryEventBytes  bytes of one run's newest events kept in memory, beside the count
 *                          {@code max_event_buffer}; older ones are read from disk (default 2 MiB)
 * @param maxPageBytes      largest events page {@code GET /runs/{id}/events} answers (default 1 MiB)
 * @param retention         finished runs older than this are deleted at start and after each run
 *                          (default 30 days)
 * @param maxLogBytes       total size of the log directory; the oldest finished runs are deleted beyond it
 *                          (default 1 GiB)
 * @param maxTimeoutSeconds the longest {@code timeout_seconds} a run may ask for (default 7 days: Praetor's
 *                          budgets have no upper bound, and it asks for {@code max_time_minutes * 60})
 * @param maxRequestBytes   the largest request body (default 4 MiB: a 300 KB prompt, or 100,000 CJK
 *                          characters that a JSON writer escapes to {@code \\uXXXX}, six bytes each)
 */
public record RunLimits(
        Duration cancelGrace,
        Duration heartbeat,
        int maxEventBytes,
        long memoryEventBytes,
        int maxPageBytes,
        Duration retention,
        long maxLogBytes,
        long maxTimeoutSeconds,
        int maxRequestBytes) {

    /** The configuration property (PID {@code org.praefectus.bridge}) of {@link #maxTimeoutSeconds}. */
    public static final String MAX_TIMEOUT_PROPERTY = "maxTimeoutSeconds";
    /** The environment variable of {@link #maxTimeoutSeconds} (the executable jar's way to set it). */
    public static final String MAX_TIMEOUT_ENV = "PRAETOR_EXECD_MAX_TIMEOUT_SECONDS";
    /** The configuration property of {@link #maxRequestBytes}. */
    public static final String MAX_REQUEST_PROPERTY = "maxRequestBytes";
    /** The environment variable of {@link #maxRequestBytes}. */
    public static final String MAX_REQUEST_ENV = "PRAETOR_EXECD_MAX_REQUEST_BYTES";

    public static final long DEFAULT_MAX_TIMEOUT_SECONDS = 7L * 24 * 3600;
    public static final int DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

    public static final RunLimits DEFAULTS = new RunLimits(
            Duration.ofSeconds(5),
            Duration.ofSeconds(15),
            16 * 1024,
            2L * 1024 * 1024,
            1024 * 1024,
            Duration.ofDays(30),
            1024L * 1024 * 1024,
            DEFAULT_MAX_TIMEOUT_SECONDS,
            DEFAULT_MAX_REQUEST_BYTES);

    public RunLimits {
        if (maxTimeoutSeconds < 1 || maxRequestBytes < 1) {
            throw new IllegalArgumentException("the request limits must be positive");
        }
    }

    public RunLimits withCancelGrace(Duration grace) {
        return new RunLimits(
                grace,
                heartbeat,
                maxEventBytes,
                memoryEventBytes,
                maxPageBytes,
                retention,
                maxLogBytes,
                maxTimeoutSeconds,
                maxRequestBytes);
    }

    public RunLimits withHeartbeat(Duration every) {
        return new RunLimits(
                cancelGrace,
                every,
                maxEventBytes,
                memoryEventBytes,
                maxPageBytes,
                retention,
                maxLogBytes,
                maxTimeoutSeconds,
                maxRequestBytes);
    }

    public RunLimits withRetention(Duration age, long bytes) {
        return new RunLimits(
                cancelGrace,
                heartbeat,
                maxEventBytes,
                memoryEventBytes,
                maxPageBytes,
                age,
                bytes,
                maxTimeoutSeconds,
                maxRequestBytes);
    }

    public RunLimits withRequestLimits(long timeoutSeconds, int requestBytes) {
        return new RunLimits(
                cancelGrace,
                heartbeat,
                maxEventBytes,
                memoryEventBytes,
                maxPageBytes,
                retention,
                maxLogBytes,
                timeoutSeconds,
                requestBytes);
    }

    /** The refusal of a timeout beyond {@link #maxTimeoutSeconds}, naming the limit and where it is set. */
    public String timeoutRefusal() {
        return "timeout_seconds: must be between 1 and " + maxTimeoutSeconds + " (the bridge's limit: property "
                + MAX_TIMEOUT_PROPERTY + " or environment " + MAX_TIMEOUT_ENV + ").";
    }

    /** The refusal of a body beyond {@link #maxRequestBytes}, naming the limit and where it is set. */
    public String bodyRefusal() {
        return "The body exceeds " + maxRequestBytes + " bytes (the bridge's limit: property " + MAX_REQUEST_PROPERTY
                + " or environment " + MAX_REQUEST_ENV + ").";
    }
}
