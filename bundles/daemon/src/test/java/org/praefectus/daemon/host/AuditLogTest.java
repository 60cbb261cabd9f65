package org.praefectus.daemon.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;

class AuditLogTest {

    @TempDir
    Path directory;

    /**
     * Issue 40, defect 5: typed and pasted text was stored as its unsalted SHA-256, so a PIN was recovered from
     * {@code audit.jsonl} by hashing the 10,000 candidates.
     */
    @Test
    void aTypedPinCannotBeRecoveredFromTheAuditLogByADictionary() throws Exception {
        Path file = directory.resolve("daemon/audit.jsonl");
        try (AuditLog audit = new AuditLog(file, Clock.systemUTC())) {
            audit.record("signed", audit.contentFacts(new Action.TypeText("4711", false, false, null)));
            audit.record("signed", audit.contentFacts(new Action.Paste("4711")));
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
        Map<String, Object> first;
        try (AuditLog audit = new AuditLog(directory.resolve("host-a/audit.jsonl"), Clock.systemUTC())) {
            first = audit.contentFacts(pin);
            assertEquals(first, audit.contentFacts(new Action.Paste("4711")));
        }
        try (AuditLog restarted = new AuditLog(directory.resolve("host-a/audit.jsonl"), Clock.systemUTC())) {
            assertEquals(first, restarted.contentFacts(pin));
        }
        try (AuditLog other = new AuditLog(directory.resolve("host-b/audit.jsonl"), Clock.systemUTC())) {
            assertNotEquals(first, other.contentFacts(pin));
        }
        Path key = directory.resolve("host-a").resolve(AuditLog.KEY_FILE);
        assertEquals(32, Files.size(key));
        assertEquals(
                "rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));
    }
}
