package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;

/** Issue 40, defect 5, on the one audit writer of every host: content is hashed under a private per-host key. */
class AuditLogContentKeyTest {

    @TempDir
    Path directory;

    /**
     * Issue 40, defect 5: typed and pasted text was stored as its unsalted SHA-256, so a PIN was recovered from
     * {@code audit.jsonl} by hashing the 10,000 candidates.
     */
    @Test
    void aTypedPinCannotBeRecoveredFromTheAuditLogByADictionary() throws Exception {
        Path file = directory.resolve("daemon/audit.jsonl");
        try (AuditLog audit = new AuditLog(file, "daemon", Clock.systemUTC())) {
            audit.record(
                    AuditLine.of(AuditLine.ACTION, "signed").content(new Action.TypeText("4711", false, false, null)));
            audit.record(AuditLine.of(AuditLine.ACTION, "signed").content(new Action.Paste("4711")));
        }
        String log = Files.readString(file);
        assertFalse(log.contains("4711"), "no content");
        for (int pin = 0; pin < 10_000; pin++) {
            String candidate = String.format(java.util.Locale.ROOT, "%04d", pin);
            String hash = Sha256.hex(candidate.getBytes(StandardCharsets.UTF_8));
            assertFalse(log.contains(hash), "the PIN's plain SHA-256 is in the audit log");
        }
        assertEquals(
                2,
                log.lines()
                        .filter(line -> line.contains("\"content_length\":4"))
                        .count());
    }

    /** The keyed hash still shows equal content as equal on one host, across restarts, and differs across hosts. */
    @Test
    void theContentKeyIsPrivatePerHostAndKeptAcrossRestarts() throws Exception {
        Action pin = new Action.TypeText("4711", false, false, null);
        Path a = directory.resolve("host-a/audit.jsonl");
        String first = contentHash(a, pin);
        assertEquals(first, contentHash(a, new Action.Paste("4711")), "equal content, equal hash");
        assertEquals(first, contentHash(a, pin), "the key survives a restart");
        assertNotEquals(first, contentHash(directory.resolve("host-b/audit.jsonl"), pin));
        Path key = directory.resolve("host-a").resolve(AuditLog.KEY_FILE);
        assertEquals(32, Files.size(key));
        assertEquals(
                "rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));
    }

    /** The content hash of the line a fresh log of {@code file} writes for {@code action}. */
    private static String contentHash(Path file, Action action) throws Exception {
        try (AuditLog audit = new AuditLog(file, "daemon", Clock.systemUTC())) {
            audit.record(AuditLine.of(AuditLine.ACTION, "signed").content(action));
        }
        java.util.List<String> lines = Files.readAllLines(file);
        String last = lines.get(lines.size() - 1);
        int at = last.indexOf("\"content_hmac_sha256\":\"") + 23;
        return last.substring(at, at + 64);
    }
}
