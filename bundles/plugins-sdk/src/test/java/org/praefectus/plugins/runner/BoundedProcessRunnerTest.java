package org.praefectus.plugins.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessResult;
import org.praefectus.plugins.process.ProcessRunners;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;
import org.praefectus.plugins.process.ProcessStream;
import org.praefectus.plugins.process.Termination;
import org.praefectus.plugins.testing.Executables;

/** Real child processes: scripts run as executables, never through a shell command line. */
class BoundedProcessRunnerTest {

    @TempDir
    Path folder;

    private final ClosableProcessRunner runner = ProcessRunners.open();

    @AfterEach
    void close() {
        runner.close();
    }

    private Path script(String name) {
        return Executables.install(BoundedProcessRunnerTest.class, name, folder);
    }

    @Test
    void exitStatusAndBothStreamsAreReportedAsTheyWere() throws Exception {
        ProcessResult result = runner.run(
                ProcessSpec.builder(List.of(script("exit7.sh").toString())).build());
        assertEquals(Termination.EXITED, result.termination());
        assertEquals(7, result.exitCode());
        assertFalse(result.succeeded());
        assertEquals("", result.stdout().text());
        assertEquals("failing on purpose\n", result.stderr().text());
    }

    @Test
    void argumentsReachTheProgramVerbatimBecauseNoShellIsInvolved() throws Exception {
        String hostile = "$HOME; touch pwned; `id` | cat > x";
        ProcessResult result = runner.run(ProcessSpec.builder(List.of("echo", hostile))
                .workingDirectory(folder)
                .build());
        assertTrue(result.succeeded());
        assertEquals(hostile + "\n", result.stdout().text());
        assertFalse(folder.resolve("pwned").toFile().exists());
    }

    @Test
    void stdinIsWrittenAndClosed() throws Exception {
        byte[] request = "{\"tool\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        ProcessResult result =
                runner.run(ProcessSpec.builder(List.of("cat")).stdin(request).build());
        assertTrue(result.succeeded());
        assertEquals("{\"tool\":\"x\"}", result.stdout().text());
    }

    @Test
    void aSecretInTheParentEnvironmentNeverReachesTheChild() throws Exception {
        String secret = System.getenv("PRAEFECTUS_TEST_PARENT_SECRET");
        assertNotNull(secret, "the build sets PRAEFECTUS_TEST_PARENT_SECRET for this test");
        ProcessResult result = runner.run(ProcessSpec.builder(List.of("env"))
                .environment("PEEKABOOX_PLUGIN_ID", "org.example")
                .build());
        String environment = result.stdout().text();
        assertTrue(result.succeeded());
        assertFalse(environment.contains("PRAEFECTUS_TEST_PARENT_SECRET"), environment);
        assertFalse(environment.contains(secret), environment);
        assertTrue(environment.contains("PEEKABOOX_PLUGIN_ID=org.example\n"), environment);
        assertTrue(environment.contains("PATH=" + System.getenv("PATH") + "\n"), "PATH is on the allowlist");
        for (String line : environment.split("\n")) {
            String name = line.substring(0, line.indexOf('='));
            assertTrue(
                    ProcessSpec.DEFAULT_INHERITED_ENVIRONMENT.contains(name)
                            || name.equals("PEEKABOOX_PLUGIN_ID")
                            || name.equals("PWD"),
                    "unexpected variable " + name);
        }
    }

    @Test
    void anAllowedNameIsInheritedOnlyWhenListed() throws Exception {
        ProcessResult result = runner.run(ProcessSpec.builder(List.of("env"))
                .inheritedEnvironment(java.util.Set.of("PRAEFECTUS_TEST_PARENT_SECRET"))
                .build());
        assertEquals(
                "PRAEFECTUS_TEST_PARENT_SECRET=" + System.getenv("PRAEFECTUS_TEST_PARENT_SECRET") + "\n",
                result.stdout().text());
    }

    @Test
    void outputOverTheCapIsTruncatedAndSaysSoWhileEveryLineIsStillStreamed() throws Exception {
        AtomicInteger lines = new AtomicInteger();
        List<String> errors = new CopyOnWriteArrayList<>();
        ProcessExecution execution = runner.start(
                ProcessSpec.builder(List.of(script("flood.sh").toString()))
                        .maxOutputBytes(1000)
                        .build(),
                (stream, line) -> {
                    if (stream == ProcessStream.STDOUT) {
                        assertEquals("line", line);
                        lines.incrementAndGet();
                    } else {
                        errors.add(line);
                    }
                });
        ProcessResult result = execution.await();
        assertTrue(result.succeeded(), "truncation is not a process failure");
        assertTrue(result.truncated());
        assertTrue(result.stdout().truncated());
        assertEquals(1000, result.stdout().bytes().length);
        assertEquals(250_000, result.stdout().totalBytes());
        assertEquals("line\n".repeat(200), result.stdout().text());
        assertFalse(result.stderr().truncated());
        assertEquals(50_000, lines.get());
        assertEquals(List.of("done"), errors);
    }

    @Test
    void aLineLongerThanTheCapArrivesInPieces() throws Exception {
        List<String> pieces = new ArrayList<>();
        byte[] input = ("a".repeat(25) + "\n").getBytes(StandardCharsets.UTF_8);
        runner.start(
                        ProcessSpec.builder(List.of("cat"))
                                .stdin(input)
                                .maxOutputBytes(10)
                                .build(),
                        (stream, line) -> pieces.add(line))
                .await();
        assertEquals(List.of("a".repeat(10), "a".repeat(10), "a".repeat(5)), pieces);
    }

    @Test
    void theDeadlineKillsTheWholeTreeAndLeavesNoOrphans() throws Exception {
        Tree tree = new Tree();
        ProcessExecution execution = runner.start(
                ProcessSpec.builder(List.of(script("tree.sh").toString()))
                        .timeout(Duration.ofSeconds(4))
                        .build(),
                tree);
        ProcessResult result = execution.await();
        assertTrue(tree.ready.getCount() == 0, "the tree was complete before the deadline: " + tree.pids);
        assertEquals(Termination.TIMED_OUT, result.termination());
        assertEquals(137, result.exitCode(), "SIGKILL");
        assertEquals(3, tree.pids.size(), "child, grandchild and orphan: " + tree.pids);
        tree.assertAllDead(execution.pid());
    }

    @Test
    void cancelKillsTheWholeTree() throws Exception {
        Tree tree = new Tree();
        ProcessExecution execution = runner.start(
                ProcessSpec.builder(List.of(script("tree.sh").toString()))
                        .timeout(Duration.ofMinutes(5))
                        .build(),
                tree);
        assertTrue(tree.ready.await(60, TimeUnit.SECONDS), "the tree script reports ready");
        execution.cancel();
        ProcessResult result = execution.await();
        assertEquals(Termination.CANCELLED, result.termination());
        tree.assertAllDead(execution.pid());
        execution.cancel();
        assertEquals(result, execution.await(), "a second cancel changes nothing");
    }

    @Test
    void descendantsLeftBehindByARootThatExitedAreKilledAndCounted() throws Exception {
        Tree tree = new Tree();
        ProcessResult result = runner.start(
                        ProcessSpec.builder(List.of(script("leaves-child.sh").toString()))
                                .timeout(Duration.ofMinutes(5))
                                .build(),
                        tree)
                .await();
        assertEquals(Termination.EXITED, result.termination());
        assertEquals(0, result.exitCode());
        assertEquals(1, tree.pids.size());
        assertEquals(1, result.strayProcessesKilled());
        tree.assertAllDead(-1);
    }

    @Test
    void aProgramThatCannotStartIsRefusedWithTheReason() {
        ProcessStartException refused = assertThrows(
                ProcessStartException.class,
                () -> runner.start(
                        ProcessSpec.builder(List.of(folder.resolve("missing").toString()))
                                .build(),
                        (stream, line) -> {}));
        assertTrue(refused.getMessage().contains("No such file or directory"), refused.getMessage());
    }

    @Test
    void closingTheRunnerKillsWhatItRuns() throws Exception {
        Tree tree = new Tree();
        ProcessExecution execution = runner.start(
                ProcessSpec.builder(List.of(script("tree.sh").toString()))
                        .timeout(Duration.ofMinutes(5))
                        .build(),
                tree);
        assertTrue(tree.ready.await(60, TimeUnit.SECONDS));
        runner.close();
        assertEquals(Termination.CANCELLED, execution.await().termination());
        tree.assertAllDead(execution.pid());
        assertThrows(
                IllegalStateException.class,
                () -> runner.start(ProcessSpec.builder(List.of("true")).build(), (stream, line) -> {}));
    }

    @Test
    void anUnterminatedLineIsAnnouncedWhileTheChildWaitsAfterIt() throws Exception {
        // python3 prints a question without a newline, then blocks reading a pipe nobody writes to
        String waits = """
                       import os,sys
                       sys.stdout.write('Proceed? [y/N] ')
                       sys.stdout.flush()
                       r,w=os.pipe()
                       os.read(r,1)
                       """;
        CompletableFuture<String> partial = new CompletableFuture<>();
        List<String> lines = new CopyOnWriteArrayList<>();
        ProcessExecution execution = runner.start(
                ProcessSpec.builder(List.of("python3", "-c", waits))
                        .timeout(Duration.ofMinutes(5))
                        .build(),
                new org.praefectus.plugins.process.OutputListener() {
                    @Override
                    public void onLine(ProcessStream stream, String line) {
                        lines.add(line);
                    }

                    @Override
                    public void onPartialLine(ProcessStream stream, String text) {
                        partial.complete(stream + ":" + text);
                    }
                });
        // announced while the child still waits (a generous bound, not a timing assertion)
        assertEquals("STDOUT:Proceed? [y/N] ", partial.get(60, TimeUnit.SECONDS));
        assertTrue(ProcessHandle.of(execution.pid()).map(ProcessHandle::isAlive).orElse(false));
        assertTrue(lines.isEmpty(), lines::toString);
        execution.cancel();
        assertEquals(Termination.CANCELLED, execution.await().termination());
        assertEquals(List.of("Proceed? [y/N] "), lines, "the line itself still arrives when the stream ends");
    }

    /** Collects the pids the scripts print and notices their "ready" line. */
    static final class Tree implements org.praefectus.plugins.process.OutputListener {
        final List<Long> pids = new CopyOnWriteArrayList<>();
        final CountDownLatch ready = new CountDownLatch(1);

        @Override
        public void onLine(ProcessStream stream, String line) {
            if (line.equals("ready")) {
                ready.countDown();
            } else if (stream == ProcessStream.STDOUT && line.contains(" ")) {
                pids.add(Long.parseLong(line.substring(line.indexOf(' ') + 1)));
            }
        }

        void assertAllDead(long root) {
            List<Long> all = new ArrayList<>(pids);
            if (root > 0) {
                all.add(root);
            }
            for (long pid : all) {
                assertFalse(
                        ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                        "process " + pid + " survived");
            }
        }
    }
}
