package org.praefectus.engine.ledger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * The durable index beside the JSONL: opening trusts it only when it matches the JSONL, catches it up from
 * its covered length, and rebuilds it when it is missing, truncated, garbage, another ledger's, or covers
 * more than the JSONL holds; answers are the same with and without it.
 */
class LedgerIndexTest {

    private static final String A = "a".repeat(64);
    private static final String B = "b".repeat(64);
    private static final long NOW = 1_800_000_000_000L;

    @TempDir
    Path directory;

    private Path ledgerFile() {
        return directory.resolve("operations.jsonl");
    }

    private Path indexFile() {
        return directory.resolve("operations.index");
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

    /** {@code finished} operations claimed and recovered (terminal written), then {@code open} claims only. */
    private void populate(Path file, int finished, int open) throws LedgerException {
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            for (int i = 0; i < finished; i++) {
                session.claim(claim("done-" + i, A));
                session.status("done-" + i);
            }
            for (int i = 0; i < open; i++) {
                session.claim(claim("open-" + i, A));
            }
        }
    }

    private static void assertAnswers(Path file, int finished, int open) throws LedgerException {
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertEquals(finished + open, session.operations());
            for (int i = 0; i < finished; i++) {
                assertInstanceOf(ClaimResult.Replay.class, session.claim(claim("done-" + i, A)), "done-" + i);
            }
            for (int i = 0; i < open; i++) {
                assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("open-" + i, A)), "open-" + i);
            }
            assertEquals(
                    LedgerException.Reason.CONFLICT,
                    org.junit.jupiter.api.Assertions.assertThrows(
                                    LedgerException.class, () -> session.claim(claim("done-0", B)))
                            .reason());
        }
    }

    @Test
    void indexIsWrittenBesideTheLedgerAndReopenedWithoutRebuilding() throws Exception {
        populate(ledgerFile(), 20, 5);
        assertTrue(Files.isRegularFile(indexFile()));
        Object key = PrivateFiles.fileKey(indexFile());
        assertAnswers(ledgerFile(), 20, 5);
        assertEquals(key, PrivateFiles.fileKey(indexFile()), "a matching index is reused, not rebuilt");
        assertEquals(
                "rw-------",
                java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(indexFile())));
    }

    @Test
    void missingIndexIsRebuilt() throws Exception {
        populate(ledgerFile(), 20, 5);
        Files.delete(indexFile());
        assertAnswers(ledgerFile(), 20, 5);
        assertTrue(Files.isRegularFile(indexFile()));
    }

    @Test
    void staleIndexCatchesUpWithLinesAppendedAfterIt() throws Exception {
        populate(ledgerFile(), 3, 0);
        Object key = PrivateFiles.fileKey(indexFile());
        // another writer (the reference, which keeps no index) appends after the index was last written
        Path other = directory.resolve("other/operations.jsonl");
        populate(other, 0, 2);
        Files.write(
                ledgerFile(),
                Files.readString(other).replace("open-", "appended-").getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.APPEND);
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertEquals(5, session.operations());
            assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("appended-1", A)));
            assertInstanceOf(ClaimResult.Replay.class, session.claim(claim("done-2", A)));
        }
        assertEquals(key, PrivateFiles.fileKey(indexFile()), "caught up from its covered length, not rebuilt");
    }

    @Test
    void ledgerReplacedUnderAnOpenInstanceIsCheckedAgainstTheIndex() throws Exception {
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW)) {
            try (OperationLedger.Session session = ledger.lock()) {
                session.claim(claim("before-0", A));
            }
            // the JSONL is replaced by a longer one with other operations while this instance holds its index
            Path other = directory.resolve("other/operations.jsonl");
            populate(other, 0, 30);
            Files.move(other, ledgerFile(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            try (OperationLedger.Session session = ledger.lock()) {
                assertEquals(30, session.operations());
                assertInstanceOf(ClaimResult.New.class, session.claim(claim("before-0", A)));
                assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("open-29", A)));
            }
        }
    }

    @Test
    void truncatedIndexIsRebuilt() throws Exception {
        populate(ledgerFile(), 20, 5);
        try (FileChannel channel = FileChannel.open(indexFile(), StandardOpenOption.WRITE)) {
            channel.truncate(5000);
        }
        assertAnswers(ledgerFile(), 20, 5);
    }

    @Test
    void garbageIndexIsRebuilt() throws Exception {
        populate(ledgerFile(), 20, 5);
        byte[] garbage = new byte[(int) Files.size(indexFile())];
        new Random(7).nextBytes(garbage);
        Files.write(indexFile(), garbage);
        assertAnswers(ledgerFile(), 20, 5);
    }

    @Test
    void foreignIndexMatchingTheHeaderIsCaughtWhenALineReadsBackWrong() throws Exception {
        // another ledger's index, of the same length and the same last line, so its header matches: every
        // line it names is read back and checked, and the first mismatch rebuilds the index
        populate(ledgerFile(), 20, 0);
        Path other = directory.resolve("other/operations.jsonl");
        try (OperationLedger ledger = new OperationLedger(other, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            for (int i = 0; i < 19; i++) {
                session.claim(claim("gone-" + i, A)); // same line lengths, other operations
                session.status("gone-" + i);
            }
            session.claim(claim("done-19", A));
            session.status("done-19");
        }
        assertEquals(Files.size(ledgerFile()), Files.size(other));
        Object key = PrivateFiles.fileKey(indexFile());
        Files.copy(
                directory.resolve("other/operations.index"),
                indexFile(),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            // gone-3's slot points at done-3's lines: read back they are not gone-3's
            assertInstanceOf(ClaimResult.New.class, session.claim(claim("gone-3", A)));
            assertInstanceOf(ClaimResult.Replay.class, session.claim(claim("done-3", A)));
            assertEquals(21, session.operations());
        }
        assertNotEquals(key, PrivateFiles.fileKey(indexFile()), "rebuilt");
    }

    @Test
    void ledgerTruncatedBelowTheCoveredLengthRebuildsTheIndex() throws Exception {
        populate(ledgerFile(), 10, 0);
        long tenDone = Files.size(ledgerFile());
        populate(ledgerFile(), 0, 3);
        Object key = PrivateFiles.fileKey(indexFile());
        // the last three claims are cut away, the last of them mid-line (a torn tail below the index)
        long torn = tenDone + 40;
        try (FileChannel channel = FileChannel.open(ledgerFile(), StandardOpenOption.WRITE)) {
            channel.truncate(torn);
        }
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertEquals(tenDone, Files.size(ledgerFile()), "torn fragment dropped");
            assertEquals(10, session.operations());
            assertInstanceOf(ClaimResult.New.class, session.claim(claim("open-0", B)));
            assertInstanceOf(ClaimResult.Replay.class, session.claim(claim("done-9", A)));
        }
        assertNotEquals(key, PrivateFiles.fileKey(indexFile()), "rebuilt");
    }

    @Test
    void ledgerRegrownPastTheCoveredLengthAfterTruncationIsNotMisread() throws Exception {
        populate(ledgerFile(), 5, 2);
        long covered = Files.size(ledgerFile());
        byte[] index = Files.readAllBytes(indexFile());
        // the ledger is replaced by a longer one with other operations, the old index left beside it
        Files.delete(ledgerFile());
        Files.delete(indexFile());
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            for (int i = 0; i < 40; i++) {
                session.claim(claim("other-" + i, B));
            }
        }
        assertTrue(Files.size(ledgerFile()) > covered);
        Files.write(indexFile(), index);
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            assertEquals(40, session.operations());
            assertInstanceOf(ClaimResult.New.class, session.claim(claim("done-0", A)));
            assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("other-39", B)));
        }
    }

    @Test
    void indexOfAnotherBootIsTrustedOnlyWhenItWasForcedAtItsCoveredLength() throws Exception {
        populate(ledgerFile(), 6, 2); // closed cleanly: forced at its covered length
        writeAt(indexFile(), LedgerIndex.H_BOOT, new byte[LedgerIndex.BOOT_BYTES]); // as if written in another boot
        Object forced = PrivateFiles.fileKey(indexFile());
        assertAnswers(ledgerFile(), 6, 2);
        assertEquals(forced, PrivateFiles.fileKey(indexFile()), "a forced index survives a reboot");
        // not forced since its last append (the writer died with the machine): its pages may be lost
        writeAt(indexFile(), LedgerIndex.H_BOOT, new byte[LedgerIndex.BOOT_BYTES]);
        writeAt(indexFile(), LedgerIndex.H_SYNCED, new byte[8]);
        assertAnswers(ledgerFile(), 6, 2);
        assertNotEquals(forced, PrivateFiles.fileKey(indexFile()), "rebuilt from the JSONL");
        // the same unforced index in the boot that wrote it is caught up, not rebuilt (kill -9 loses no stores)
        Object current = PrivateFiles.fileKey(indexFile());
        writeAt(indexFile(), LedgerIndex.H_SYNCED, new byte[8]);
        assertAnswers(ledgerFile(), 6, 2);
        assertEquals(current, PrivateFiles.fileKey(indexFile()));
    }

    /**
     * Issue 40, defect 4: an index whose header still matched the JSONL but whose table had lost a slot
     * answered "never claimed" for an operation the JSONL holds, and that operation was dispatched again.
     */
    @Test
    void indexWithOneZeroedSlotIsRebuiltNotTrusted() throws Exception {
        populate(ledgerFile(), 300, 100);
        byte[] index = Files.readAllBytes(indexFile());
        int zeroed = 0;
        for (int at = 4096; at < index.length && zeroed == 0; at += 32) {
            for (int i = at; i < at + 32; i++) {
                zeroed |= index[i];
            }
            if (zeroed != 0) {
                writeAt(indexFile(), at, new byte[32]);
            }
        }
        assertTrue(zeroed != 0, "an occupied slot was zeroed");
        assertNoOperationIsNewAgain(ledgerFile(), 300, 100);
    }

    /** Issue 40, defect 4: 4 KiB of random bytes in the table let 40 operations dispatch again. */
    @Test
    void indexWithFourKibibytesOfRandomBytesInItsTableIsRebuiltNotTrusted() throws Exception {
        populate(ledgerFile(), 300, 100);
        byte[] random = new byte[4096];
        new Random(40).nextBytes(random);
        writeAt(indexFile(), 4096 + 32 * 64, random);
        assertNoOperationIsNewAgain(ledgerFile(), 300, 100);
    }

    /** Every operation the JSONL holds is a replay or interrupted, never new (a new claim is a dispatch). */
    private static void assertNoOperationIsNewAgain(Path file, int finished, int open) throws LedgerException {
        int newAgain = 0;
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            for (int i = 0; i < finished; i++) {
                newAgain += session.claim(claim("done-" + i, A)) instanceof ClaimResult.New ? 1 : 0;
            }
            for (int i = 0; i < open; i++) {
                newAgain += session.claim(claim("open-" + i, A)) instanceof ClaimResult.New ? 1 : 0;
            }
        }
        assertEquals(0, newAgain, "operations that would be dispatched a second time");
        assertAnswers(file, finished, open);
    }

    private static void writeAt(Path file, long position, byte[] bytes) throws java.io.IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap(bytes), position);
        }
    }

    @Test
    void lookupsAreTheSameWithAndWithoutTheIndexAcrossGrowth() throws Exception {
        // enough operations to grow the table several times (it starts at 1,024 slots, half full at most)
        Random random = new Random(42);
        List<String> ids = new ArrayList<>();
        try (OperationLedger ledger = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            for (int i = 0; i < 3000; i++) {
                String id = "op-" + random.nextInt(2500);
                ids.add(id);
                try {
                    if (session.claim(claim(id, A)) instanceof ClaimResult.New && random.nextBoolean()) {
                        session.status(id);
                    }
                } catch (LedgerException e) {
                    throw new AssertionError(e);
                }
            }
        }
        Path copy = Files.createDirectory(directory.resolve("copy")).resolve("operations.jsonl");
        Files.copy(ledgerFile(), copy);
        List<String> withIndex = answers(ledgerFile(), ids);
        assertTrue(Files.size(indexFile()) > 4096 + 1024 * 32, "the table grew");
        List<String> rebuilt = answers(copy, ids);
        assertEquals(withIndex, rebuilt);
        assertEquals(answers(ledgerFile(), ids), withIndex, "reopened once more");
    }

    private static List<String> answers(Path file, List<String> ids) throws LedgerException {
        List<String> answers = new ArrayList<>();
        try (OperationLedger ledger = new OperationLedger(file, () -> NOW);
                OperationLedger.Session session = ledger.lock()) {
            answers.add("operations=" + session.operations());
            for (String id : ids) {
                ClaimResult result = session.claim(claim(id, A));
                answers.add(id + " " + result.getClass().getSimpleName());
            }
            Optional<ActionAck> none = session.status("never");
            answers.add(none.toString());
        }
        return answers;
    }

    @Test
    void anotherInstanceFollowsTheIndexWhenItGrows() throws Exception {
        try (OperationLedger first = new OperationLedger(ledgerFile(), () -> NOW);
                OperationLedger second = new OperationLedger(ledgerFile(), () -> NOW)) {
            try (OperationLedger.Session session = second.lock()) {
                assertEquals(0, session.operations());
            }
            Object before = PrivateFiles.fileKey(indexFile());
            try (OperationLedger.Session session = first.lock()) {
                for (int i = 0; i < 1500; i++) {
                    session.claim(claim("op-" + i, A));
                }
            }
            assertNotEquals(before, PrivateFiles.fileKey(indexFile()), "grown into a new file");
            try (OperationLedger.Session session = second.lock()) {
                assertEquals(1500, session.operations());
                assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("op-1499", A)));
                assertInstanceOf(ClaimResult.New.class, session.claim(claim("op-1500", A)));
            }
            try (OperationLedger.Session session = first.lock()) {
                assertInstanceOf(ClaimResult.Interrupted.class, session.claim(claim("op-1500", A)));
            }
        }
    }

    @Test
    void theLedgerBytesDoNotDependOnTheIndex() throws Exception {
        populate(ledgerFile(), 4, 2);
        byte[] withIndex = Files.readAllBytes(ledgerFile());
        Path plain = directory.resolve("plain/operations.jsonl");
        populate(plain, 4, 2);
        Files.delete(plain.resolveSibling("operations.index"));
        populate(plain, 0, 0);
        assertArrayEquals(withIndex, Files.readAllBytes(plain));
    }
}
