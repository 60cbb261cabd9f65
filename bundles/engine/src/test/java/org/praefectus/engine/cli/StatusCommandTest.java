package org.praefectus.engine.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.engine.execution.EngineConfig;
import org.praefectus.engine.ledger.LedgerRecord;
import org.praefectus.engine.ledger.OperationLedger;

class StatusCommandTest {

    @TempDir
    Path directory;

    private Path referenceLedger() throws Exception {
        Path file = directory.resolve("operations.jsonl");
        try (InputStream in = getClass().getResourceAsStream("/org/praefectus/engine/ledger/reference-ledger.jsonl")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    @Test
    void returnsTheDurableTerminalOfAReferenceLedger() throws Exception {
        Path ledger = referenceLedger();
        @SuppressWarnings("unchecked")
        Map<String, Object> ack =
                (Map<String, Object>) new StatusCommand().run(List.of("--ledger", ledger.toString(), "op-done"));
        assertEquals("op-done", ack.get("operation_id"));
        assertEquals(
                List.of("protocol_version", "operation_id", "sequence", "action_hash", "replayed", "state"),
                List.copyOf(ack.keySet()));
    }

    @Test
    void answersAnInterruptedClaimAsTheEngineRecoversItWithoutRecordingIt() throws Exception {
        Path ledger = referenceLedger();
        byte[] before = Files.readAllBytes(ledger);
        @SuppressWarnings("unchecked")
        Map<String, Object> ack =
                (Map<String, Object>) new StatusCommand().run(List.of("op-interrupted", "--ledger", ledger.toString()));
        @SuppressWarnings("unchecked")
        Map<String, Object> terminal = (Map<String, Object>) ((Map<String, Object>) ack.get("state")).get("terminal");
        assertEquals("outcome_unknown", terminal.get("kind"));
        assertEquals(Protocol.INTERRUPTED_OUTCOME_MESSAGE, terminal.get("message"));
        assertArrayEquals(before, Files.readAllBytes(ledger), "status is read-only: nothing is recorded");
    }

    @Test
    void neverClaimedIsNull() throws Exception {
        assertNull(new StatusCommand().run(List.of("--ledger", referenceLedger().toString(), "unknown-op")));
    }

    /** What a directory holds, with each file's bytes and mode: what a read-only command must leave as it was. */
    private static Map<String, String> snapshot(Path folder) throws Exception {
        Map<String, String> entries = new java.util.TreeMap<>();
        try (var paths = Files.walk(folder)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                String mode = PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(path, java.nio.file.LinkOption.NOFOLLOW_LINKS));
                String content = Files.isRegularFile(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        ? java.util.HexFormat.of()
                                .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                                        .digest(Files.readAllBytes(path)))
                        : Files.isSymbolicLink(path) ? "-> " + Files.readSymbolicLink(path) : "dir";
                entries.put(folder.relativize(path) + " " + mode, content);
            }
        }
        return entries;
    }

    private static CliCommandException refused(Path ledger, String operationId) {
        return assertThrows(
                CliCommandException.class,
                () -> new StatusCommand().run(List.of("--ledger", ledger.toString(), operationId)));
    }

    /**
     * Issue 40, defect 3: pointed at an ordinary 36-byte text file, {@code status} emptied it, changed its mode to
     * 0600 and created {@code .index} and {@code .lock} beside it.
     */
    @Test
    void statusOfAnOrdinaryTextFileLeavesItUntouchedAndCallsItInvalidLedger() throws Exception {
        Path notes = directory.resolve("notes.txt");
        Files.writeString(notes, "buy milk\nand bread\ncall the plumber\n");
        assertEquals(36, Files.size(notes));
        Files.setPosixFilePermissions(notes, PosixFilePermissions.fromString("rw-r--r--"));
        Map<String, String> before = snapshot(directory);
        CliCommandException e = refused(notes, "op-1");
        assertEquals("invalid_ledger", e.code());
        assertEquals(CommandLine.EXIT_PROTOCOL, e.exitCode());
        assertEquals("not a ledger: line 1 is not a claim or terminal record", e.getMessage());
        assertEquals(before, snapshot(directory), "nothing truncated, chmodded or created");

        Path oneLine = directory.resolve("one-line.txt");
        Files.writeString(oneLine, "no newline at all in this small file");
        before = snapshot(directory);
        assertEquals("invalid_ledger", refused(oneLine, "op-1").code());
        assertEquals(before, snapshot(directory));
    }

    /** Issue 40, defect 3: a path that does not exist got new directories. */
    @Test
    void statusOfAMissingPathCreatesNothing() throws Exception {
        Map<String, String> before = snapshot(directory);
        CliCommandException e = refused(directory.resolve("not/there/operations.jsonl"), "op-1");
        assertEquals("ledger_not_found", e.code());
        assertEquals(CommandLine.EXIT_PROTOCOL, e.exitCode());
        assertEquals(before, snapshot(directory));
        assertFalse(Files.exists(directory.resolve("not")));
    }

    /** Issue 40, defect 3: corrupt, symlinked and world-writable-folder ledgers were all {@code protocol_error}. */
    @Test
    void corruptSymlinkedAndNotPrivateLedgersHaveTheirOwnCodesAndStayUntouched() throws Exception {
        Path ledger = referenceLedger();
        Files.write(
                ledger,
                "{\"kind\":\"claim\"}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.file.StandardOpenOption.APPEND);
        Map<String, String> before = snapshot(directory);
        CliCommandException corrupt = refused(ledger, "op-done");
        assertEquals("corrupt_ledger", corrupt.code());
        assertEquals("corrupt ledger: line 9 is not a claim or terminal record", corrupt.getMessage());
        assertEquals(before, snapshot(directory));

        Path link = directory.resolve("link.jsonl");
        Files.createSymbolicLink(link, referenceLedger());
        before = snapshot(directory);
        assertEquals("ledger_symlink", refused(link, "op-done").code());
        assertEquals(before, snapshot(directory));

        Path shared = Files.createDirectory(directory.resolve("shared"));
        Path inShared = shared.resolve("operations.jsonl");
        Files.copy(referenceLedger(), inShared);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        before = snapshot(directory);
        CliCommandException open = refused(inShared, "op-done");
        assertEquals("ledger_not_private", open.code());
        assertEquals("the ledger's directory is writable by group or others", open.getMessage());
        assertEquals(before, snapshot(directory));
    }

    /** A torn tail (an append in progress) is not read and not truncated; the complete lines answer. */
    @Test
    void aTornTailIsIgnoredNotRepaired() throws Exception {
        Path ledger = referenceLedger();
        Files.write(
                ledger,
                "{\"kind\":\"cla".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.file.StandardOpenOption.APPEND);
        Map<String, String> before = snapshot(directory);
        assertTrue(new StatusCommand().run(List.of("--ledger", ledger.toString(), "op-done")) instanceof Map);
        assertEquals(before, snapshot(directory));
    }

    /** A ledger the engine wrote (with its index) is read through the index; a damaged table falls back to a scan. */
    @Test
    void anEngineLedgerIsReadThroughItsIndexAndAroundADamagedOne() throws Exception {
        Path ledger = directory.resolve("engine/operations.jsonl");
        try (OperationLedger writer = new OperationLedger(ledger, () -> 5);
                OperationLedger.Session session = writer.lock()) {
            for (int i = 0; i < 50; i++) {
                session.claim(new LedgerRecord.Claim(
                        "op-" + i,
                        "a".repeat(64),
                        1,
                        "invoke",
                        DeliveryRoute.TARGET_ADDRESSED,
                        SessionIsolation.SHARED_DESKTOP,
                        InteractionMode.INTERACTIVE));
                if (i % 2 == 0) {
                    session.status("op-" + i);
                }
            }
        }
        Map<String, String> before = snapshot(directory);
        assertTerminal(ledger, "op-10", "outcome_unknown");
        assertTerminal(ledger, "op-11", "outcome_unknown");
        assertNull(new StatusCommand().run(List.of("--ledger", ledger.toString(), "op-50")));
        assertEquals(before, snapshot(directory));
        Path index = ledger.resolveSibling("operations.index");
        try (var channel = java.nio.channels.FileChannel.open(index, java.nio.file.StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[4096]), 4096);
        }
        before = snapshot(directory);
        for (int i = 0; i < 50; i++) {
            assertTerminal(ledger, "op-" + i, "outcome_unknown");
        }
        assertEquals(before, snapshot(directory), "a damaged index is read around, not rebuilt");
    }

    @SuppressWarnings("unchecked")
    private static void assertTerminal(Path ledger, String operationId, String kind) throws Exception {
        Map<String, Object> ack =
                (Map<String, Object>) new StatusCommand().run(List.of("--ledger", ledger.toString(), operationId));
        Map<String, Object> terminal = (Map<String, Object>) ((Map<String, Object>) ack.get("state")).get("terminal");
        assertEquals(kind, terminal.get("kind"), operationId);
    }

    /**
     * Issue 40, defect 3: the daemon points the engine at its own ledger ({@code STATE/operations.jsonl}); the
     * status command, routed to the daemon or run beside it, read the engine's default ledger and answered null.
     */
    @Test
    void statusWithoutLedgerReadsTheLedgerTheEngineIsConfiguredWithAndTheDaemonsDefault() throws Exception {
        Path daemonLedger =
                Files.createDirectories(directory.resolve("state/daemon")).resolve("operations.jsonl");
        Files.copy(referenceLedger(), daemonLedger);
        StatusCommand configured = new StatusCommand(directory.resolve("elsewhere"));
        configured.configure(config(daemonLedger.toString()));
        assertEquals(
                "op-done",
                ((Map<?, ?>) configured.run(List.of("op-done"))).get("operation_id"),
                "the engine's configured ledger");

        StatusCommand unconfigured = new StatusCommand(directory.resolve("state"));
        unconfigured.configure(config(""));
        assertEquals(
                "op-done",
                ((Map<?, ?>) unconfigured.run(List.of("op-done"))).get("operation_id"),
                "the daemon's default ledger");
        assertNull(unconfigured.run(List.of("never-claimed")));
    }

    private static EngineConfig config(String ledgerPath) {
        return new EngineConfig() {
            @Override
            public Class<? extends java.lang.annotation.Annotation> annotationType() {
                return EngineConfig.class;
            }

            @Override
            public String ledger_path() {
                return ledgerPath;
            }

            @Override
            public String executor_target() {
                return "(objectClass=*)";
            }
        };
    }

    @Test
    void usageErrorsAreTheReferences() {
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.<String>of(), "status requires an operation ID",
                        List.of("a", "b"), "status accepts exactly one operation ID",
                        List.of("--ledger"), "--ledger requires a path",
                        List.of("--ledger", "--x", "op"), "--ledger requires a path",
                        List.of("--ledger", "a", "--ledger", "b", "op"), "--ledger may only be specified once",
                        List.of("--verbose", "op"), "unknown option: --verbose")
                .entrySet()) {
            CliCommandException e = assertThrows(CliCommandException.class, () -> new StatusCommand().run(c.getKey()));
            assertEquals(c.getValue(), e.getMessage());
            assertEquals("usage", e.code());
            assertEquals(CommandLine.EXIT_USAGE, e.exitCode());
        }
    }

    @Test
    void usageErrorsOfTheSharedParserKeepTheReferencesWording() {
        for (Map.Entry<List<String>, String> c : Map.of(
                        List.of("--verbose=secret", "op"), "unknown option: --verbose=secret",
                        List.of("-v", "op"), "unknown option: -v",
                        List.of("op", "-"), "unknown option: -",
                        List.of("--", "op"), "unknown option: --",
                        List.of("--ledger=x", "op"), "unknown option: --ledger=x",
                        List.of("--ledger", "a", "--ledger"), "--ledger may only be specified once",
                        List.of("--ledger", "-a", "op"), "--ledger requires a path")
                .entrySet()) {
            CliCommandException e = assertThrows(CliCommandException.class, () -> new StatusCommand().run(c.getKey()));
            assertEquals(c.getValue(), e.getMessage(), c.getKey().toString());
            assertEquals("usage", e.code());
            assertEquals(CommandLine.EXIT_USAGE, e.exitCode());
        }
    }

    @Test
    void invalidOperationIdIsAProtocolError() throws Exception {
        CliCommandException e = assertThrows(
                CliCommandException.class,
                () -> new StatusCommand()
                        .run(List.of("--ledger", referenceLedger().toString(), "bad/id")));
        assertEquals("protocol_error", e.code());
        assertEquals(CommandLine.EXIT_PROTOCOL, e.exitCode());
    }
}
