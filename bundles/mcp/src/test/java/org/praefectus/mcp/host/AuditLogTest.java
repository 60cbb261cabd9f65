package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit log keeps its latest lines for the audit resource, as written to the file and no more of them. */
class AuditLogTest {

    @TempDir
    Path state;

    @Test
    void theRecentLinesAreTheLatestHundredAsWritten() throws Exception {
        Path file = state.resolve("audit/audit.jsonl");
        try (AuditLog audit = new AuditLog(file, Clock.systemUTC())) {
            for (int i = 0; i < AuditLog.RECENT + 5; i++) {
                audit.record("act", "executed", null, Map.of("operation_id", "op-" + i));
            }
            List<Map<String, Object>> recent = audit.recent();
            assertEquals(AuditLog.RECENT, recent.size());
            assertEquals("op-5", recent.get(0).get("operation_id"));
            assertEquals("op-104", recent.get(recent.size() - 1).get("operation_id"));
            assertEquals("executed", recent.get(0).get("decision"));
        }
        assertEquals(AuditLog.RECENT + 5, Files.readAllLines(file).size(), "the file keeps every line");
    }
}
