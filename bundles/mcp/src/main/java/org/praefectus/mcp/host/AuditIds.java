package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.host.AuditLine;

/**
 * A call's ids as MCP's tools carry them (a map of the action kind, the operation id, the action hash, and lengths or
 * counts of its arguments) written as the host kit's one audit line under {@code tool}.
 */
final class AuditIds {

    private AuditIds() {}

    /** The line of {@code event} that ended in {@code decision} ({@code reason}: {@code null} for none). */
    static AuditLine line(String event, String tool, String decision, String reason, Map<String, ?> ids) {
        AuditLine line = AuditLine.of(event, decision).tool(tool).reason(reason);
        Map<String, Object> facts = new LinkedHashMap<>();
        ids.forEach((key, value) -> {
            switch (key) {
                case "action" -> line.action(String.valueOf(value));
                case "operation_id" -> line.operationId(String.valueOf(value));
                case "action_hash" -> line.actionHash(String.valueOf(value));
                default -> facts.put(key, value);
            }
        });
        return line.facts(facts);
    }
}
