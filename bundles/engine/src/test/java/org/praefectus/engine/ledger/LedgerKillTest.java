package org.praefectus.engine.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;

/**
 * SIGKILL while the ledger and its index are being written (claims, terminals and the table's growth into
 * a new file, at whatever instruction the kill lands): the next open must know every operation the JSONL
 * holds, never answer {@code New} for one of them (that would be a second dispatch), and answer exactly as
 * an index rebuilt from the JSONL alone.
 */
class LedgerKillTest {

    private static final Pattern CLAIM_ID = Pattern.compile("^\\{\"kind\":\"claim\",\"operation_id\":\"([^\"]+)\"");

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void killedWriterLeavesAnIndexThatAgreesWithTheLedger() throws Exception {
        Path file = directory.resolve("operations.jsonl");
        int next = 0;
        // kill after different numbers of claims, so the kills fall before, during and after table growth
        for (int kills : new int[] {37, 480, 530, 1100}) {
            List<String> printed = runAndKill(file, next, kills);
            Set<String> claimed = claimedIds(file);
            assertTrue(claimed.containsAll(printed), "every claim that returned is in the JSONL");
            Path copy = Files.createDirectories(directory.resolve("rebuilt-" + kills))
                    .resolve("operations.jsonl");
            Files.copy(file, copy); // no index beside it: built from the JSONL alone
            List<String> withIndex = answers(file, claimed);
            List<String> rebuilt = answers(copy, claimed);
            assertEquals(rebuilt, withIndex);
            assertEquals("operations=" + claimed.size(), withIndex.get(0));
            for (String answer : withIndex.subList(1, withIndex.size())) {
                assertFalse(answer.endsWith(" New"), answer);
            }
            next = claimed.size() + 1;
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void twoProcessesSharingTheLedgerAndItsIndexAgreeWithTheLedgerAfterBothAreKilled() throws Exception {
        // both append and grow the one index file under the ledger lock; each must follow the other's growth
        Path file = directory.resolve("operations.jsonl");
        Process first = start(file, 0);
        Process second = start(file, 1_000_000);
        List<String> printed = new ArrayList<>();
        try (BufferedReader a = reader(first);
                BufferedReader b = reader(second)) {
            for (int i = 0; i < 700; i++) {
                String fromA = a.readLine();
                String fromB = b.readLine();
                assertNotNull(fromA, () -> "first child ended early: " + errors(0));
                assertNotNull(fromB, () -> "second child ended early: " + errors(1_000_000));
                printed.add(fromA);
                printed.add(fromB);
            }
            first.destroyForcibly();
            second.destroyForcibly();
            first.waitFor();
            second.waitFor();
        }
        Set<String> claimed = claimedIds(file);
        assertTrue(claimed.containsAll(printed), "every claim that returned is in the JSONL");
        assertTrue(Files.size(directory.resolve("operations.index")) > 4096 + 1024 * 32, "the table grew");
        Path copy = Files.createDirectories(directory.resolve("rebuilt")).resolve("operations.jsonl");
        Files.copy(file, copy);
        List<String> withIndex = answers(file, claimed);
        assertEquals(answers(copy, claimed), withIndex);
        assertEquals("operations=" + claimed.size(), withIndex.get(0));
        for (String answer : withIndex.subList(1, withIndex.size())) {
            assertFalse(answer.endsWith(" New"), answer);
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void onWindowsTheTableStaysInMemoryAndServesLookupsAcrossGrowth() throws Exception {
        // the child believes it runs on Windows: no index file, the in-memory table grows past 1,024 slots
        Path file = directory.resolve("operations.jsonl");
        Process child = start(file, 0, "-Dos.name=Windows 10");
        List<String> printed = new ArrayList<>();
        try (BufferedReader out = reader(child)) {
            while (printed.size() < 1200) {
                String line = out.readLine();
                assertNotNull(line, () -> "child ended early: " + errors(0));
                printed.add(line);
            }
            child.destroyForcibly();
            child.waitFor();
        }
        assertFalse(Files.exists(directory.resolve("operations.index")));
        // every even operation's status found its claim through the table and recorded a terminal
        List<String> answers = answers(file, new LinkedHashSet<>(printed));
        for (int i = 0; i < printed.size(); i++) {
            assertEquals("k-" + i + (i % 2 == 0 ? " Replay" : " Interrupted"), answers.get(i + 1));
        }
    }

    private static BufferedReader reader(Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    private List<String> runAndKill(Path file, int first, int claims) throws Exception {
        Process child = start(file, first);
        List<String> printed = new ArrayList<>();
        try (BufferedReader out = reader(child)) {
            while (printed.size() < claims) {
                String line = out.readLine();
                assertNotNull(line, () -> "child ended early: " + errors(first));
                printed.add(line);
            }
            child.destroyForcibly(); // SIGKILL: mid-append, mid-index update or mid-growth
            child.waitFor();
        }
        return printed;
    }

    private Process start(Path file, int first, String... options) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(options));
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                LedgerKillChild.class.getName(),
                file.toString(),
                Integer.toString(first)));
        return new ProcessBuilder(command)
                .redirectError(directory.resolve("child-" + first + ".err").toFile())
                .start();
    }

    private String errors(int first) {
        try {
            return Files.readString(directory.resolve("child-" + first + ".err"));
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** The IDs of the complete claim lines, read as text (the JSONL is the source of truth). */
    private static Set<String> claimedIds(Path file) throws Exception {
        Set<String> ids = new LinkedHashSet<>();
        String text = Files.readString(file);
        int end = text.lastIndexOf('\n') + 1; // a torn last line was never durable
        for (String line : text.substring(0, end).split("\n")) {
            Matcher matcher = CLAIM_ID.matcher(line);
            if (matcher.find()) {
                ids.add(matcher.group(1));
            }
        }
        return ids;
    }

    private static List<String> answers(Path file, Set<String> ids) throws LedgerException {
        List<String> answers = new ArrayList<>();
        try (OperationLedger ledger = new OperationLedger(file, () -> 2L);
                OperationLedger.Session session = ledger.lock()) {
            answers.add("operations=" + session.operations());
            for (String id : ids) {
                ClaimResult result = session.claim(new LedgerRecord.Claim(
                        id,
                        "a".repeat(64),
                        1L,
                        "invoke",
                        DeliveryRoute.TARGET_ADDRESSED,
                        SessionIsolation.SHARED_DESKTOP,
                        InteractionMode.INTERACTIVE));
                answers.add(id + " " + result.getClass().getSimpleName());
            }
        }
        return answers;
    }
}
