package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.protocol.Action;

/** The one audit writer: one schema, a private file, keyed content hashes, never content. */
class AuditLogTest {

    @TempDir
    Path directory;

    @Test
    void aLineHasTheSchemaOrderAndNeverTheContent() throws Exception {
        Path file = directory.resolve("host/audit.jsonl");
        try (AuditLog audit = new AuditLog(file, "daemon", Clock.systemUTC())) {
            audit.record(AuditLine.of(AuditLine.ACTION, "signed")
                    .method("type_text")
                    .profile(CapabilityProfile.ASSIST)
                    .operationId("op-1")
                    .content(new Action.TypeText("hunter2 secret", false, false, null))
                    .actionHash("ab".repeat(32))
                    .fact("text_length", 14)
                    .fact("source", "/home/someone/secret.png"));
        }
        String text = Files.readString(file);
        assertFalse(text.contains("hunter2"), "never the text");
        assertFalse(text.contains("/home"), "never a path");
        String[] keys = {
            "\"at_ms\"",
            "\"surface\":\"daemon\"",
            "\"event\":\"action\"",
            "\"decision\":\"signed\"",
            "\"method\":\"type_text\"",
            "\"profile\":\"assist\"",
            "\"operation_id\":\"op-1\"",
            "\"action\":\"type_text\"",
            "\"action_hash\"",
            "\"content_length\":14",
            "\"content_hmac_sha256\"",
            "\"text_length\":14",
            "\"source_length\":24"
        };
        int at = -1;
        for (String key : keys) {
            int next = text.indexOf(key);
            assertTrue(next > at, key + " in schema order: " + text);
            at = next;
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(file.resolveSibling(AuditLog.KEY_FILE))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
    }

    /** Issue 40, defect 5: equal content hashes alike under one host's key, differently under another's. */
    @Test
    void contentIsHashedUnderTheHostsOwnKey() throws Exception {
        Action pin = new Action.SetValue("1234");
        String first = hmac(directory.resolve("a/audit.jsonl"), pin);
        assertEquals(first, hmac(directory.resolve("a/audit.jsonl"), pin), "the key survives a restart");
        assertNotEquals(first, hmac(directory.resolve("b/audit.jsonl"), pin), "another host, another key");
        assertNotEquals(
                "03ac674216f3e15c761ee1a5e255f067953623c8b388b4459e13f978d7c846f4",
                first,
                "not the plain SHA-256 of the PIN");
    }

    @Test
    void whatAClientNamesIsNeverWrittenAndASchemaFieldIsNoFact() throws Exception {
        Path file = directory.resolve("audit.jsonl");
        try (AuditLog audit = new AuditLog(file, "mcp", Clock.systemUTC())) {
            audit.record(AuditLine.of(AuditLine.CAPABILITY, "refused").tool("Type My Password here"));
        }
        assertTrue(Files.readString(file).contains("\"tool\":\"other\""), Files.readString(file));
        assertThrows(
                IllegalArgumentException.class,
                () -> AuditLine.of("action", "signed").fact("tool", "x"));
        assertThrows(IllegalArgumentException.class, () -> AuditLine.of("Action", "signed"));
    }

    @Test
    void linesAreReadBackNewestLastAndTheRecentOnesKept() throws Exception {
        Path file = directory.resolve("audit.jsonl");
        try (AuditLog audit = new AuditLog(file, "mcp", Clock.systemUTC())) {
            for (int i = 0; i < AuditLog.RECENT + 5; i++) {
                audit.record(
                        AuditLine.of(AuditLine.ACTION, "executed").tool("act").operationId("op-" + i));
            }
            List<Map<String, Object>> recent = audit.recent();
            assertEquals(AuditLog.RECENT, recent.size());
            assertEquals("op-5", recent.get(0).get("operation_id"));
            Files.writeString(file, "{torn\n", java.nio.file.StandardOpenOption.APPEND);
            AuditLog.Lines read = audit.read(line -> true, 0, 3);
            assertEquals(3, read.lines().size());
            assertTrue(read.truncated());
            assertEquals("op-" + (AuditLog.RECENT + 4), read.lines().get(2).get("operation_id"));
            assertEquals(recent.get(recent.size() - 1), read.lines().get(2), "read back as written");
            assertTrue(read.lines().get(2).get("at_ms") instanceof Long);
        }
        assertEquals(AuditLog.RECENT + 6, Files.readAllLines(file).size(), "the file keeps every line");
    }

    private static String hmac(Path file, Action action) throws Exception {
        try (AuditLog audit = new AuditLog(file, "daemon", Clock.systemUTC())) {
            audit.record(AuditLine.of(AuditLine.ACTION, "signed").content(action));
        }
        List<String> lines = Files.readAllLines(file);
        String last = lines.get(lines.size() - 1);
        int at = last.indexOf("\"content_hmac_sha256\":\"") + 23;
        return last.substring(at, at + 64);
    }
}
