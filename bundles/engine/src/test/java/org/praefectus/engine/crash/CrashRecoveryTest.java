package org.praefectus.engine.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.praefectus.api.protocol.Protocol;

/**
 * Crash tests with real JVMs: a child executes through the real engine and file ledger and is SIGKILLed at
 * one point; a new JVM then presents the same request. The effect never happens twice; an interrupted
 * operation answers outcome_unknown with the interrupted-outcome message; a completed one replays.
 */
class CrashRecoveryTest {

    @TempDir
    Path directory;

    @ParameterizedTest(name = "killed {0}")
    @CsvSource({
        // point,           second run kind,   replayed, effects, interrupted message
        "before-claim,      succeeded,         false,    1,       false",
        "after-claim,       outcome_unknown,   false,    0,       true",
        "mid-dispatch,      outcome_unknown,   false,    1,       true",
        "after-dispatch,    outcome_unknown,   false,    1,       true",
        "before-terminal,   outcome_unknown,   false,    1,       true",
        // the host ledger records before the file ledger (reference order); this child's host ledger forgets
        "host-record,       outcome_unknown,   false,    1,       true",
    })
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void recoveryAfterSigkill(String point, String kind, boolean replayed, long effects, boolean interrupted)
            throws Exception {
        Process first = child(point);
        try (BufferedReader out = reader(first)) {
            assertEquals("REACHED " + point, out.readLine());
            first.destroyForcibly(); // SIGKILL on Unix: no shutdown hooks, no finally blocks
            first.waitFor();
        }
        String result = runToEnd();
        assertTrue(
                result.startsWith(
                        "RESULT kind=" + kind + " replayed=" + replayed + " effects=" + effects + " message="),
                result);
        if (interrupted) {
            assertTrue(result.endsWith("message=" + Protocol.INTERRUPTED_OUTCOME_MESSAGE), result);
        }
        // a third presentation replays whatever the second recorded, and still never dispatches again
        String replay = runToEnd();
        assertTrue(replay.startsWith("RESULT kind=" + kind + " replayed=true effects=" + effects), replay);
    }

    @org.junit.jupiter.api.Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void uninterruptedRunSucceedsOnceAndReplays() throws Exception {
        assertTrue(runToEnd().startsWith("RESULT kind=succeeded replayed=false effects=1"));
        assertTrue(runToEnd().startsWith("RESULT kind=succeeded replayed=true effects=1"));
    }

    private String runToEnd() throws IOException, InterruptedException {
        Process process = child("none");
        try (BufferedReader out = reader(process)) {
            String line = out.readLine();
            assertEquals(0, process.waitFor(), () -> "child failed: " + line + " " + errors());
            return line;
        }
    }

    private Process child(String point) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(
                java.toString(),
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                CrashChild.class.getName(),
                directory.toString(),
                point);
        return new ProcessBuilder(command)
                .redirectError(directory.resolve("child-" + point + ".err").toFile())
                .start();
    }

    private String errors() {
        try {
            return Files.readString(directory.resolve("child-none.err"));
        } catch (IOException e) {
            return "";
        }
    }

    private static BufferedReader reader(Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }
}
