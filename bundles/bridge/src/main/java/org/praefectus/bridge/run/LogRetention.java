package org.praefectus.bridge.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Keeps the log directory within an age and a total size: finished runs older than the age go, then the
 * oldest finished runs until the total fits. A run not yet over is never touched. A deleted run is gone
 * from the API too (404), as if it had never been persisted.
 */
final class LogRetention {

    private final RunStore store;
    private final Duration maxAge;
    private final long maxBytes;

    LogRetention(RunStore store, Duration maxAge, long maxBytes) {
        this.store = store;
        this.maxAge = maxAge;
        this.maxBytes = maxBytes;
    }

    /** After a run the policy runs at most this often: it stats every run's files. */
    private static final long MIN_INTERVAL_NANOS = 60_000_000_000L;

    private long lastNanos;
    private boolean ran;

    /** Applies the policy unless it ran less than a minute ago. */
    synchronized int applyNowAndThen() {
        long now = System.nanoTime();
        if (ran && now - lastNanos < MIN_INTERVAL_NANOS) {
            return 0;
        }
        return apply();
    }

    private record Entry(Run run, Path dir, Instant finished, long bytes) {}

    /** Applies the policy; returns the number of runs deleted. */
    synchronized int apply() {
        ran = true;
        lastNanos = System.nanoTime();
        List<Entry> finished = new ArrayList<>();
        long total = 0;
        for (Run run : store.all()) {
            Path dir = store.runsDir().resolve(run.runId());
            long bytes = size(dir);
            total += bytes;
            String at = (String) run.record().get("finished_at");
            if (run.concluded() && at != null) {
                finished.add(new Entry(run, dir, Instant.parse(at), bytes));
            }
        }
        finished.sort(Comparator.comparing(Entry::finished));
        Instant cutoff = Instant.now().minus(maxAge);
        int deleted = 0;
        for (Entry e : finished) {
            if (e.finished().isBefore(cutoff) || total > maxBytes) {
                store.forget(e.run().runId());
                delete(e.dir());
                total -= e.bytes();
                deleted++;
            }
        }
        return deleted;
    }

    private static long size(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.mapToLong(f -> {
                        try {
                            return Files.size(f);
                        } catch (IOException e) {
                            return 0;
                        }
                    })
                    .sum();
        } catch (IOException e) {
            return 0;
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // what could not be deleted is tried again next time
        }
    }
}
