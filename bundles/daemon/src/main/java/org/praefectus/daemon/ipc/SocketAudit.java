package org.praefectus.daemon.ipc;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.AuditTrail;

/**
 * PeekabooX's audit read-back tools as socket methods ({@code capability_audit}, {@code confirmation_audit},
 * {@code preflight_audit}): the daemon's audit file read by the host kit's one reader ({@link AuditTrail}, MCP's
 * too), with the same fields ({@code limit}, {@code since}) and limits, answering {@code events}, {@code count} and
 * {@code truncated}. Read-only: lines hold names, decisions, codes, hashes and lengths, never content.
 */
final class SocketAudit {

    static final List<String> METHODS =
            Arrays.stream(AuditTrail.values()).map(AuditTrail::toolName).toList();

    private final AuditLog audit;

    SocketAudit(AuditLog audit) {
        this.audit = audit;
    }

    Map<String, Object> call(String method, RequestFields fields) throws IpcException {
        AuditTrail trail = AuditTrail.named(method).orElseThrow();
        Long limit = fields.integer("limit", 1, AuditTrail.MAX_LIMIT);
        Long since = fields.integer("since", 0, Long.MAX_VALUE);
        fields.noneLeft();
        try {
            return trail.read(
                    audit, since == null ? 0 : since, limit == null ? AuditTrail.DEFAULT_LIMIT : limit.intValue());
        } catch (IOException e) {
            throw new IpcException("audit_unavailable", "the daemon's audit file cannot be read");
        }
    }
}
