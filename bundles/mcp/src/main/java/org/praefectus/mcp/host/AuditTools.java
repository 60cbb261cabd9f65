package org.praefectus.mcp.host;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;

/**
 * PeekabooX's {@code capability_audit} and {@code confirmation_audit}: this server's audit file read back, bounded
 * ({@code limit}, default {@value #DEFAULT_LIMIT}, at most {@value #MAX_LIMIT}; {@code since}, the first
 * {@code at_ms} wanted), the newest lines oldest first: the host kit's one audit schema. Capability lines
 * ({@code event} {@code capability}) are the profile's checks (a PeekabooX capability allowed or refused, a tool or an
 * action kind outside the profile); confirmation lines ({@code event} {@code confirmation}) are the person's answers
 * (confirmed, declined, timed out, cancelled, unavailable). The lines are as written: tool, decision, reason, ids,
 * hashes and lengths, never content.
 */
final class AuditTools implements Tool {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1_000;

    private static final Set<String> ARGUMENTS = Set.of("limit", "since");

    private final String name;
    private final AuditLog audit;
    private final Predicate<Map<String, Object>> kept;

    private AuditTools(String name, AuditLog audit, Predicate<Map<String, Object>> kept) {
        this.name = name;
        this.audit = audit;
        this.kept = kept;
    }

    static List<Tool> all(AuditLog audit) {
        return List.of(
                new AuditTools("capability_audit", audit, AuditTools::capabilityCheck),
                new AuditTools("confirmation_audit", audit, AuditTools::confirmationAnswer));
    }

    private static boolean capabilityCheck(Map<String, Object> line) {
        return AuditLine.CAPABILITY.equals(line.get("event"));
    }

    private static boolean confirmationAnswer(Map<String, Object> line) {
        return AuditLine.CONFIRMATION.equals(line.get("event"));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name, args, ARGUMENTS);
        int limit = ToolArguments.intArgument(args, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
        long since = since(args);
        try {
            AuditLog.Lines lines = audit.read(kept, since, limit);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("events", lines.lines());
            body.put("count", lines.lines().size());
            body.put("truncated", lines.truncated());
            return ToolResult.ok(body);
        } catch (IOException e) {
            return ToolResult.failure(
                    "audit_unavailable",
                    "the audit file cannot be read",
                    "ask the operator to check the MCP state folder (capabilities shows it)",
                    true);
        }
    }

    private static long since(Map<String, Object> args) {
        Object value = args.get("since");
        if (value == null) {
            return 0;
        }
        if ((value instanceof Integer || value instanceof Long) && ((Number) value).longValue() >= 0) {
            return ((Number) value).longValue();
        }
        throw new ToolArguments.InvalidArgument("since must be a non-negative integer (milliseconds since the epoch)");
    }
}
