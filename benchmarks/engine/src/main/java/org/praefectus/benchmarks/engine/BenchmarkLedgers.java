package org.praefectus.benchmarks.engine;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.engine.ledger.LedgerException;
import org.praefectus.engine.ledger.LedgerRecord;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * Large ledgers for the ledger benchmarks, written as one sequential stream: the real ledger writes one
 * claim and its recovered {@code outcome_unknown} terminal for a template operation, and those two lines
 * are repeated with the operation ID replaced (same width, so every line keeps the codec's exact bytes).
 * Operation {@code i} is {@link #operationId(int)}; every one has a claim and a terminal.
 */
final class BenchmarkLedgers {

    static final String HASH = "b".repeat(64);
    private static final String TEMPLATE_ID = "existing-XXXXXXX";

    private BenchmarkLedgers() {}

    static String operationId(int i) {
        return String.format("existing-%07d", i);
    }

    static LedgerRecord.Claim claim(String operationId) {
        return new LedgerRecord.Claim(
                operationId,
                HASH,
                1_700_000_000_000L,
                "invoke",
                DeliveryRoute.TARGET_ADDRESSED,
                SessionIsolation.SHARED_DESKTOP,
                InteractionMode.INTERACTIVE);
    }

    /** A private directory under {@code target/bench}. */
    static Path directory(String prefix) throws IOException {
        return Files.createTempDirectory(
                Files.createDirectories(Path.of("target", "bench").toAbsolutePath()),
                prefix,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /** Writes {@code operations} claimed and finished operations to {@code file} (0600), without an index. */
    static void write(Path file, int operations) throws IOException, LedgerException {
        Path template = directory("template").resolve("template.jsonl");
        try (OperationLedger ledger = new OperationLedger(template, () -> 1_700_000_000_100L);
                OperationLedger.Session session = ledger.lock()) {
            session.claim(claim(TEMPLATE_ID));
            session.status(TEMPLATE_ID); // records the interrupted claim's outcome_unknown terminal
        }
        List<String> lines = Files.readAllLines(template, StandardCharsets.UTF_8);
        try (var files = Files.list(template.getParent())) {
            for (Path written : (Iterable<Path>) files::iterator) {
                Files.delete(written);
            }
        }
        Files.delete(template.getParent());
        if (lines.size() != 2) {
            throw new IllegalStateException("template ledger holds " + lines.size() + " lines");
        }
        String pair = lines.get(0) + "\n" + lines.get(1) + "\n";
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            for (int i = 0; i < operations; i++) {
                out.write(pair.replace(TEMPLATE_ID, operationId(i)).getBytes(StandardCharsets.UTF_8));
            }
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
}
