package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finished runs beyond the retention age or the total size of the log directory are deleted at start. */
class LogRetentionTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    BridgeFixture fx;

    @AfterEach
    void tearDown() {
        fx.close();
    }

    @Test
    void theOldestFinishedRunsGoBeyondTheSizeAndAllBeyondTheAge() throws Exception {
        fx = new BridgeFixture(tmp, 2);
        fx.start();
        String first = fx.submit(fx.runRequest("codex", "Write it."));
        fx.awaitTerminal(first, WAIT);
        String second = fx.submit(fx.runRequest("codex", "SCENARIO:noise"));
        fx.awaitTerminal(second, WAIT);
        fx.stop();
        Path runs = fx.logDir.resolve("runs");
        long secondBytes;
        try (var files = Files.list(runs.resolve(second))) {
            secondBytes = files.mapToLong(f -> f.toFile().length()).sum();
        }

        // room for the newer run only: the older one goes
        fx.limits = fx.limits.withRetention(Duration.ofDays(30), secondBytes);
        fx.start();
        assertEquals(404, fx.get("/runs/" + first).statusCode());
        assertEquals(200, fx.get("/runs/" + second).statusCode());
        assertFalse(Files.exists(runs.resolve(first)));
        fx.stop();

        // nothing is young enough
        fx.limits = fx.limits.withRetention(Duration.ZERO, Long.MAX_VALUE);
        fx.start();
        assertEquals(404, fx.get("/runs/" + second).statusCode());
        assertTrue(Files.isDirectory(runs), "the log directory itself stays");
    }
}
