package org.praefectus.workflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.workflow.Attempt;

/** The run journal survives a runtime killed mid-write, and stays private. */
class RunJournalTest {

    @TempDir
    Path directory;

    @Test
    void aDispatchWithoutItsAttemptIsReadAsInterrupted() throws Exception {
        RunJournal journal = new RunJournal(directory.resolve("runs"));
        journal.begin("r1", "hash");
        journal.attempt("r1", 0, new Attempt(1, "refused", "target_not_found", List.of(), null, null, null, null));
        journal.dispatching("r1", 0, 2);
        RunJournal.State state = journal.read("r1");
        assertEquals("hash", state.workflowHash);
        assertEquals(0, state.dispatchingStep);
        assertEquals(2, state.dispatchingAttempt);
        assertEquals(1, state.attempts.get(0).size());
    }

    @Test
    void aTornLastLineNeverCountsButATornMiddleLineIsCorrupt() throws Exception {
        RunJournal journal = new RunJournal(directory.resolve("runs"));
        journal.begin("r2", "hash");
        Path file = directory.resolve("runs").resolve("r2.jsonl");
        Files.writeString(file, "{\"record\":\"dispatch", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(-1, journal.read("r2").dispatchingStep);
        Files.writeString(file, "\n{\"record\":\"run\",\"workflow_hash\":\"hash\"}\n", StandardOpenOption.APPEND);
        assertThrows(IOException.class, () -> journal.read("r2"));
    }

    @Test
    void theJournalIsPrivateAndRunIdsCannotNameOtherFiles() throws Exception {
        RunJournal journal = new RunJournal(directory.resolve("runs"));
        journal.begin("r3", "hash");
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(directory.resolve("runs").resolve("r3.jsonl"))));
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory.resolve("runs"))));
        assertFalse(RunJournal.validRunId("../escape"));
        assertFalse(RunJournal.validRunId(""));
        assertTrue(RunJournal.validRunId("run-1_A"));
    }
}
