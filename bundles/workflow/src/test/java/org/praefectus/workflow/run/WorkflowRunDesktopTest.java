package org.praefectus.workflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.workflow.Attempt;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.StepResult;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * Workflows run on the real test desktop with real GTK applications, signed by the daemon's host for the real
 * engine; pyatspi is the oracle of every effect, the host's audit log the count of signed operations.
 */
class WorkflowRunDesktopTest {

    private static final String ENTRY = "Workflow Entry";
    private static final String TYPED = "typed by a workflow";

    @TempDir
    Path directory;

    private static Workflow workflow(String name) throws Exception {
        return WorkflowFiles.load(Path.of(
                WorkflowRunDesktopTest.class.getResource("/workflows/" + name).toURI()));
    }

    private WorkflowRunner runner(WorkflowDesktop rig) {
        return new WorkflowRunner(rig.desktop, () -> rig.host, directory.resolve("runs"), 2_000);
    }

    private Process entry() throws Exception {
        return WorkflowDesktop.start(
                Files.createTempFile(directory, "zenity", ".out"),
                "zenity",
                "--entry",
                "--title",
                ENTRY,
                "--text",
                "Value");
    }

    private static Rect entryBounds(WorkflowDesktop rig) throws Exception {
        return rig.desktop
                .findElements(
                        new ElementQuery(
                                Selector.parse("role=text"), new ElementScope(null, ENTRY, null), 1, false, null, null),
                        new CancellationToken())
                .elements()
                .get(0)
                .bounds();
    }

    @Test
    void aFormWorkflowFillsAFreshEntryAndReplaysAfterTheWindowMoved() throws Exception {
        Workflow fill = workflow("fill-entry.yaml");
        Rect before;
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process first = entry();
            try {
                rig.awaitElement(ENTRY, "role=text");
                before = entryBounds(rig);
                RunResult run = runner(rig).run(fill, null, false, new CancellationToken());
                assertTrue(run.ok(), () -> "the run failed: " + run.failure());
                assertEquals(TYPED, WorkflowDesktop.oracle("text", ENTRY));
                Attempt typed = run.steps().get(1).attempts().get(0);
                assertEquals("succeeded", typed.status());
                assertEquals(1, typed.operations().size());
                // typing inserts at the caret (#36): the executor succeeds only on its exact read-back, and the engine
                // has no value hash to check (the result depends on the caret at dispatch), so the step is sampled
                assertEquals(new Attempt.Verification("desktop_state", "sampled"), typed.verification());
                assertEquals(1, run.steps().get(0).attempts().get(0).matches());
            } finally {
                WorkflowDesktop.stop(first);
            }

            Process second = entry();
            try {
                rig.awaitElement(ENTRY, "role=text");
                new ProcessBuilder("xdotool", "search", "--sync", "--name", ENTRY, "windowmove", "377", "311")
                        .inheritIO()
                        .start()
                        .waitFor();
                org.awaitility.Awaitility.await("the window moved")
                        .atMost(java.time.Duration.ofSeconds(10))
                        .ignoreExceptions()
                        .until(() -> entryBounds(rig).x() != before.x()
                                || entryBounds(rig).y() != before.y());
                RunResult moved = runner(rig).run(fill, null, false, new CancellationToken());
                assertTrue(moved.ok(), () -> "the replay after the move failed: " + moved.failure());
                assertEquals(TYPED, WorkflowDesktop.oracle("text", ENTRY));
                assertEquals(2, rig.signedOperations(), "one signed operation per run");
            } finally {
                WorkflowDesktop.stop(second);
            }
        }
    }

    @Test
    void aFinishedRunIsReplayedFromItsJournalWithoutAnyNewOperation() throws Exception {
        Workflow fill = workflow("fill-entry.yaml");
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process app = entry();
            try {
                rig.awaitElement(ENTRY, "role=text");
                RunResult first = runner(rig).run(fill, "run-1", false, new CancellationToken());
                assertTrue(first.ok());
                assertFalse(first.replayed());
                assertEquals(1, rig.signedOperations());

                RunResult again = runner(rig).run(fill, "run-1", false, new CancellationToken());
                assertTrue(again.replayed());
                assertEquals(first.steps(), again.steps(), "the recorded terminals, operation ids included");
                assertEquals(1, rig.signedOperations(), "a replay signs nothing");

                org.praefectus.api.workflow.WorkflowException conflict = assertThrows(
                        org.praefectus.api.workflow.WorkflowException.class,
                        () -> runner(rig).run(workflow("second-page.yaml"), "run-1", false, new CancellationToken()));
                assertEquals("run_conflict", conflict.code());
                String journal = Files.readString(directory.resolve("runs").resolve("run-1.jsonl"));
                assertFalse(journal.contains(TYPED), "the journal never holds typed text");
                assertFalse(journal.contains("role=text"), "the journal never holds a selector");
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }

    @Test
    void aDryRunSignsNothingAndIsNotJournaled() throws Exception {
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process app = entry();
            try {
                rig.awaitElement(ENTRY, "role=text");
                RunResult dry = runner(rig).run(workflow("fill-entry.yaml"), "dry-1", true, new CancellationToken());
                assertTrue(dry.ok());
                assertTrue(dry.dryRun());
                assertEquals("dry_run", dry.steps().get(1).attempts().get(0).status());
                assertEquals(0, rig.signedOperations());
                assertEquals("", WorkflowDesktop.oracle("text", ENTRY));
                assertFalse(Files.exists(directory.resolve("runs").resolve("dry-1.jsonl")));
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }

    /** What a runtime killed between its dispatching record and the terminal leaves in the run's journal. */
    private void interrupted(Workflow workflow, String runId) throws Exception {
        RunJournal journal = new RunJournal(directory.resolve("runs"));
        journal.begin(runId, WorkflowRunner.hash(workflow));
        journal.dispatching(runId, 0, 1);
    }

    @Test
    void anInterruptedClickIsReconciledRedoneOnceWhenAbsentAndNeverWhenPresent() throws Exception {
        Workflow page = workflow("second-page.yaml");
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process factory =
                    WorkflowDesktop.start(Files.createTempFile(directory, "factory", ".out"), "gtk3-widget-factory");
            try {
                rig.awaitElement(null, "role=radio button,label-exact=Page 2");
                String pid = Long.toString(factory.pid());
                assertEquals("false", WorkflowDesktop.oracle("checked", pid, "Page 2"));

                interrupted(page, "crashed-absent");
                RunResult redone = runner(rig).run(page, "crashed-absent", false, new CancellationToken());
                assertTrue(redone.ok(), () -> "not reconciled: " + redone.failure());
                List<Attempt> attempts = redone.steps().get(0).attempts();
                assertEquals(
                        List.of("interrupted", "succeeded"),
                        attempts.stream().map(Attempt::status).toList());
                assertEquals("step-0-attempt-1", attempts.get(1).reconciles(), "the redo names what it reconciles");
                assertEquals(
                        new Attempt.Verification("selector", "present"),
                        attempts.get(1).verification());
                assertTrue(redone.steps().get(0).recovery().contains("reconcile"));
                assertEquals(1, rig.signedOperations(), "redone exactly once");
                assertEquals("true", WorkflowDesktop.oracle("checked", pid, "Page 2"));

                interrupted(page, "crashed-present");
                RunResult present = runner(rig).run(page, "crashed-present", false, new CancellationToken());
                assertTrue(present.ok());
                assertEquals(
                        List.of("interrupted", "reconciled_present"),
                        present.steps().get(0).attempts().stream()
                                .map(Attempt::status)
                                .toList());
                assertEquals(1, rig.signedOperations(), "an effect proven present is never redone");
            } finally {
                WorkflowDesktop.stop(factory);
            }
        }
    }

    @Test
    void aRuntimeKilledMidDispatchIsReconciledOnTheRerunAndRedoneOnce() throws Exception {
        Path file = Path.of(WorkflowRunDesktopTest.class
                .getResource("/workflows/second-page-slow.yaml")
                .toURI());
        Path runs = directory.resolve("runs");
        Process factory =
                WorkflowDesktop.start(Files.createTempFile(directory, "factory", ".out"), "gtk3-widget-factory");
        try {
            Process child = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            WorkflowChild.class.getName(),
                            directory.resolve("child").toString(),
                            runs.toString(),
                            "killed-1",
                            file.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("child.out").toFile())
                    .start();
            Path journal = runs.resolve("killed-1.jsonl");
            org.awaitility.Awaitility.await("the child runtime is dispatching the click")
                    .atMost(java.time.Duration.ofSeconds(90))
                    .pollInterval(java.time.Duration.ofMillis(50))
                    .until(() ->
                            Files.exists(journal) && Files.readString(journal).contains("\"dispatching\""));
            child.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no terminal written
            assertTrue(child.exitValue() != 0);
            String pid = Long.toString(factory.pid());
            assertEquals("false", WorkflowDesktop.oracle("checked", pid, "Page 2"));

            Workflow slow = WorkflowFiles.load(file);
            try (WorkflowDesktop rig = new WorkflowDesktop(directory.resolve("parent"))) {
                rig.awaitElement(null, "role=radio button,label-exact=Page 2");
                RunResult rerun = runner(rig).run(slow, "killed-1", false, new CancellationToken());
                assertTrue(rerun.ok(), () -> "not reconciled: " + rerun.failure());
                List<Attempt> attempts = rerun.steps().get(0).attempts();
                assertEquals(
                        List.of("interrupted", "succeeded"),
                        attempts.stream().map(Attempt::status).toList());
                assertEquals("step-0-attempt-1", attempts.get(1).reconciles());
                assertEquals(1, rig.signedOperations(), "redone once");
                assertEquals("true", WorkflowDesktop.oracle("checked", pid, "Page 2"));
                assertTrue(runner(rig)
                        .run(slow, "killed-1", false, new CancellationToken())
                        .replayed());
                assertEquals(1, rig.signedOperations(), "never twice");
            }
        } finally {
            WorkflowDesktop.stop(factory);
        }
    }

    @Test
    void anInterruptedStepWithoutACheckIsNeverRedoneBlindly() throws Exception {
        Workflow blind = WorkflowFiles.parse(
                "name: blind\nsteps:\n  - action: click\n    selector: role=radio button,label-exact=Page 3\n", "yaml");
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process factory =
                    WorkflowDesktop.start(Files.createTempFile(directory, "factory", ".out"), "gtk3-widget-factory");
            try {
                rig.awaitElement(null, "role=radio button,label-exact=Page 3");
                interrupted(blind, "crashed-blind");
                RunResult stopped = runner(rig).run(blind, "crashed-blind", false, new CancellationToken());
                assertFalse(stopped.ok());
                assertEquals(
                        new FailureReport(0, "click", "outcome_unknown", 1, "observe_and_reconcile"),
                        stopped.failure());
                assertEquals(0, rig.signedOperations());
                assertEquals("false", WorkflowDesktop.oracle("checked", Long.toString(factory.pid()), "Page 3"));

                // killed after the terminal was journaled, before the step was: the recorded success stands
                interrupted(blind, "crashed-after-terminal");
                new RunJournal(directory.resolve("runs"))
                        .attempt(
                                "crashed-after-terminal",
                                0,
                                new Attempt(1, "succeeded", null, List.of("op-1"), null, null, null, null));
                RunResult resumed = runner(rig).run(blind, "crashed-after-terminal", false, new CancellationToken());
                assertTrue(resumed.ok(), () -> "the journaled success was not kept: " + resumed.failure());
                assertEquals(1, resumed.steps().get(0).attempts().size());
                assertEquals(0, rig.signedOperations(), "a journaled success is never redone");
            } finally {
                WorkflowDesktop.stop(factory);
            }
        }
    }

    @Test
    void aSelectorThatFindsNothingHealsThenFailsWithItsReport() throws Exception {
        Workflow missing = WorkflowFiles.parse(
                "name: missing\nsteps:\n  - action: find_element\n    selector: role=push button,label-exact=Nowhere\n"
                        + "    window_title: " + ENTRY + "\n",
                "yaml");
        try (WorkflowDesktop rig = new WorkflowDesktop(directory)) {
            Process app = entry();
            try {
                rig.awaitElement(ENTRY, "role=text");
                RunResult failed = runner(rig).run(missing, null, false, new CancellationToken());
                assertFalse(failed.ok());
                StepResult step = failed.steps().get(0);
                assertEquals(3, step.attempts().size(), "the first attempt and the default two retries");
                assertEquals(List.of("refresh_desktop_state", "vision_fallback"), step.recovery());
                assertEquals("vision_fallback", step.attempts().get(2).recovery());
                assertEquals(
                        new FailureReport(0, "find_element", "target_not_found", 3, "fix_selector"), failed.failure());
                assertNotEquals(null, failed.runId());
                assertNull(step.attempts().get(0).recovery());
            } finally {
                WorkflowDesktop.stop(app);
            }
        }
    }
}
