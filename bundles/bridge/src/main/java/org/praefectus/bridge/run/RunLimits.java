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
 */
public record RunLimits(
        Duration cancelGrace,
        Duration heartbeat,
        int maxEventBytes,
        long memoryEventBytes,
        int maxPageBytes,
        Duration retention,
        long maxLogBytes) {

    public static final RunLimits DEFAULTS = new RunLimits(
            Duration.ofSeconds(5),
            Duration.ofSeconds(15),
            16 * 1024,
            2L * 1024 * 1024,
            1024 * 1024,
            Duration.ofDays(30),
            1024L * 1024 * 1024);

    public RunLimits withCancelGrace(Duration grace) {
        return new RunLimits(grace, heartbeat, maxEventBytes, memoryEventBytes, maxPageBytes, retention, maxLogBytes);
    }

    public RunLimits withHeartbeat(Duration every) {
        return new RunLimits(cancelGrace, every, maxEventBytes, memoryEventBytes, maxPageBytes, retention, maxLogBytes);
    }

    public RunLimits withRetention(Duration age, long bytes) {
        return new RunLimits(cancelGrace, heartbeat, maxEventBytes, memoryEventBytes, maxPageBytes, age, bytes);
    }
}
