package org.praefectus.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.protocol.Protocol;

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
    void recoversAnInterruptedClaimAsTheReferenceDoes() throws Exception {
        Path ledger = referenceLedger();
        @SuppressWarnings("unchecked")
        Map<String, Object> ack =
                (Map<String, Object>) new StatusCommand().run(List.of("op-interrupted", "--ledger", ledger.toString()));
        @SuppressWarnings("unchecked")
        Map<String, Object> terminal = (Map<String, Object>) ((Map<String, Object>) ack.get("state")).get("terminal");
        assertEquals("outcome_unknown", terminal.get("kind"));
        assertEquals(Protocol.INTERRUPTED_OUTCOME_MESSAGE, terminal.get("message"));
        assertEquals(9, Files.readAllLines(ledger).size(), "the recovery is recorded");
    }

    @Test
    void neverClaimedIsNull() throws Exception {
        assertNull(new StatusCommand().run(List.of("--ledger", referenceLedger().toString(), "unknown-op")));
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
