package org.praefectus.mcp.host;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.AuditTrail;

/**
 * PeekabooX's {@code capability_audit}, {@code confirmation_audit} and {@code preflight_audit}: this server's audit
 * file read back by the host kit's one reader ({@link AuditTrail}, the socket's too), bounded ({@code limit}, default
 * {@value AuditTrail#DEFAULT_LIMIT}, at most {@value AuditTrail#MAX_LIMIT}; {@code since}, the first {@code at_ms}
 * wanted), the newest lines oldest first. Capability lines are the profile's checks (a PeekabooX capability allowed
 * or refused, a tool or an action kind outside the profile); confirmation lines are the person's answers (confirmed,
 * declined, timed out, cancelled, unavailable); preflight lines are the preflight gate's checks (passed or blocked,
 * each category's status). The lines are as written: tool, decision, reason, ids, hashes and lengths, never content.
 */
final class AuditTools implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("limit", "since");

    private final AuditTrail trail;
    private final AuditLog audit;

    private AuditTools(AuditTrail trail, AuditLog audit) {
        this.trail = trail;
        this.audit = audit;
    }

    static List<Tool> all(AuditLog audit) {
        return Arrays.stream(AuditTrail.values())
                .<Tool>map(trail -> new AuditTools(trail, audit))
                .toList();
    }

    @Override
    public String name() {
        return trail.toolName();
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        int limit = ToolArguments.intArgument(args, "limit", AuditTrail.DEFAULT_LIMIT, 1, AuditTrail.MAX_LIMIT);
        long since = since(args);
        try {
            return ToolResult.ok(trail.read(audit, since, limit));
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
