package org.praefectus.engine.ledger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.AckState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.Effect;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.Terminal;

class OperationLedgerTest {

    private static final String A = "a".repeat(64);
    private static final String B = "b".repeat(64);
    private static final long NOW = 1_800_000_000_000L;

    @TempDir
    Path directory;

    private static byte[] referenceLedger() throws IOException {
        try (InputStream in = OperationLedgerTest.class.getResourceAsStream("reference-ledger.jsonl")) {
            return in.readAllBytes();
        }
    }

    private Path writeReference() throws IOException {
        Path file = directory.resolve("operations.jsonl");
        Files.write(file, referenceLedger());
        return file;
    }

    private static LedgerRecord.Claim claim(String operationId, String hash) {
        return new LedgerRecord.Claim(
                operationId,
                hash,
                NOW,
                "invoke",
                DeliveryRoute.TARGET_ADDRESSED,
                SessionIsolation.SHARED_DESKTOP,
                InteractionMode.INTERACTIVE);
    }

    @Test
    void everyReferenceLineReencodesToTheSameBytes() throws Exception {
        List<String> lines =
                new String(referenceLedger(), StandardCharsets.UTF_8).lines().toList();
        for (String line : lines.subList(1, lines.size())) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            byte[] encoded = LedgerRecordCodec.encode(LedgerRecordCodec.decode(bytes));
            assertArrayEquals(bytes, Arrays.copyOf(encoded, encoded.length - 1), line);
        }
        LedgerRecord.Claim legacy =
                (LedgerRecord.Claim) LedgerRecordCodec.decode(lines.get(0).getBytes(StandardCharsets.UTF_8));
        assertNull(legacy.actionName());
        assertNull(legacy.deliveryRoute());
    }

    @Test
    void referenceLedgerReplaysItsTerminalsAndRefusesOtherHashes() throws Exception {
        try (OperationLedger ledger = new OperationLedger(writeReference(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            ClaimResult.Replay replay = assertInstanceOf(ClaimResult.Replay.class, session.claim(claim("op-done", A)));
            Terminal.Succeeded succeeded = assertInstanceOf(
                    Terminal.Succeeded.class,
                    ((AckState.Finished) replay.acknowledgement().state()).terminal());
            assertEquals(Effect.VERIFIED, succeeded.receipt().effect());
            assertInstanceOf(
                    Terminal.CancelledBeforeEffect.class,
                    terminal(((ClaimResult.Replay) session.claim(claim("op-cancelled", "c".repeat(64))))
                            .acknowledgement()));
            LedgerException conflict = assertThrows(LedgerException.class, () -> session.claim(claim("op-done", B)));
            assertEquals(LedgerException.Reason.CONFLICT, conflict.reason());
        }
    }

    @Test
    void claimWithoutTerminalIsInterruptedAndStatusRecoversItOnce() throws Exception {
        Path file = writeReference();
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("op-interrupted", B)));
            ActionAck recovered = session.status("op-interrupted").orElseThrow();
            Terminal.OutcomeUnknown unknown = assertInstanceOf(Terminal.OutcomeUnknown.class, terminal(recovered));
            assertEquals(Protocol.INTERRUPTED_OUTCOME_MESSAGE, unknown.message());
            assertEquals(Effect.UNKNOWN, unknown.receipt().effect());
            assertEquals("set_value", unknown.receipt().actionName());
            assertEquals(1_700_000_000_010L, unknown.receipt().startedAtMs());
            assertEquals(session.status("op-interrupted"), Optional.of(recovered));
            assertEquals(Optional.empty(), session.status("never-claimed"));
        }
        // the recovery is durable: a fresh open replays it
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW + 1);
                OperationLedger.Session session = ledger.lock()) {
            assertInstanceOf(ClaimResult.Replay.class, session.claim(claim("op-interrupted", B)));
        }
    }

    @Test
    void newClaimIsAppendedDurablyWithPrivatePermissions() throws Exception {
        Path file = directory.resolve("state/nested/operations.jsonl");
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertInstanceOf(ClaimResult.New.class, session.claim(claim("op-1", A)));
            assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("op-1", A)));
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(directory.resolve("state/nested/operations.lock"))));
        assertEquals(
                "rwx------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(directory.resolve("state/nested"))));
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory.resolve("state"))));
        String content = Files.readString(file);
        assertEquals(
                "{\"kind\":\"claim\",\"operation_id\":\"op-1\",\"action_hash\":\"" + A
                        + "\",\"claimed_at_ms\":" + NOW
                        + ",\"action_name\":\"invoke\",\"delivery_route\":\"target_addressed\","
                        + "\"session_isolation\":\"shared_desktop\",\"interaction_mode\":\"interactive\"}\n",
                content);
    }

    @Test
    void tornTailIsTruncatedToTheLastCompleteRecord() throws Exception {
        Path file = writeReference();
        byte[] original = Files.readAllBytes(file);
        Files.write(
                file,
                "{\"kind\":\"claim\",\"operation_id\":\"torn".getBytes(StandardCharsets.UTF_8),
                java.nio.file.StandardOpenOption.APPEND);
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertArrayEquals(original, Files.readAllBytes(file));
            assertInstanceOf(ClaimResult.New.class, session.claim(claim("torn", A)));
        }
        assertTrue(Files.readString(file).endsWith("\"interaction_mode\":\"interactive\"}\n"));
    }

    @Test
    void terminatedInvalidLineFailsClosedAndLeavesTheFileUntouched() throws Exception {
        Path file = directory.resolve("operations.jsonl");
        byte[] corrupt = "{\"kind\":\"claim\"\n".getBytes(StandardCharsets.UTF_8);
        Files.write(file, corrupt);
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW)) {
            LedgerException e = assertThrows(LedgerException.class, ledger::lock);
            assertEquals(LedgerException.Reason.CORRUPT, e.reason());
        }
        assertArrayEquals(corrupt, Files.readAllBytes(file));
    }

    @Test
    void unknownFieldsAndKindsAreCorrupt() {
        for (String line : List.of(
                "{\"kind\":\"claim\",\"operation_id\":\"x\",\"action_hash\":\"" + A
                        + "\",\"claimed_at_ms\":1,\"extra\":1}",
                "{\"kind\":\"intent\",\"operation_id\":\"x\"}",
                "{\"kind\":\"claim\",\"operation_id\":\"x\",\"action_hash\":\"" + A
                        + "\",\"claimed_at_ms\":1,\"delivery_route\":\"Pointer\"}",
                "{\"kind\":\"terminal\",\"acknowledgement\":{\"protocol_version\":2}}",
                "[]")) {
            LedgerException e = assertThrows(
                    LedgerException.class, () -> LedgerRecordCodec.decode(line.getBytes(StandardCharsets.UTF_8)), line);
            assertEquals(LedgerException.Reason.CORRUPT, e.reason());
        }
    }

    @Test
    void appendsOfAnotherLedgerInstanceAreSeenIncrementally() throws Exception {
        Path file = directory.resolve("operations.jsonl");
        try (OperationLedger first = new OperationLedger(file, () -> NOW);
                OperationLedger second = new OperationLedger(file, () -> NOW)) {
            try (OperationLedger.Session session = second.lock()) {
                assertEquals(0, session.operations());
            }
            try (OperationLedger.Session session = first.lock()) {
                session.claim(claim("op-1", A));
            }
            try (OperationLedger.Session session = second.lock()) {
                assertThrows(LedgerException.class, () -> session.claim(claim("op-1", B)));
                assertEquals(1, session.operations());
            }
        }
    }

    @Test
    void groupWritableDirectoryIsRefused() throws Exception {
        Path shared = Files.createDirectory(directory.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        try (OperationLedger ledger = new OperationLedger(shared.resolve("operations.jsonl"), () -> NOW)) {
            assertEquals(
                    LedgerException.Reason.NOT_PRIVATE,
                    assertThrows(LedgerException.class, ledger::lock).reason());
        }
    }

    @Test
    void symlinkedLedgerIsRefused() throws Exception {
        Path target = Files.createFile(directory.resolve("elsewhere.jsonl"));
        Path link = Files.createSymbolicLink(directory.resolve("operations.jsonl"), target);
        try (OperationLedger ledger = new OperationLedger(link, () -> NOW)) {
            assertThrows(LedgerException.class, ledger::lock);
        }
    }

    @Test
    void defaultPathAndSiblingsFollowTheReference() {
        // the private state root, as the reference; never the directory the process happened to start in
        assertEquals(
                org.praefectus.api.host.HostState.root().resolve("praefectus-operations.jsonl"),
                OperationLedger.defaultPath());
        assertTrue(OperationLedger.defaultPath().isAbsolute());
        assertEquals(
                Path.of("/x/praefectus-operations.lock"),
                OperationLedger.siblingWithExtension(Path.of("/x/praefectus-operations.jsonl"), "lock"));
        assertEquals(Path.of("/x/ledger.lock"), OperationLedger.siblingWithExtension(Path.of("/x/ledger"), "lock"));
    }

    private static Terminal terminal(ActionAck ack) {
        return ((AckState.Finished) ack.state()).terminal();
    }
}
