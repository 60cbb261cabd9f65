package org.praefectus.daemon.ipc;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.Capability;
import org.praefectus.api.host.RuntimeCapabilities;
import org.praefectus.daemon.host.DaemonHost;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The socket's methods of PeekabooX's agent runtime (its MCP tools of the same names: PeekabooX's own daemon serves
 * none of them, so their names and fields are the tools'): workflows ({@link SocketWorkflows}), goals
 * ({@link SocketGoals}), drafts
 * ({@link SocketDrafts}), recording ({@link SocketRecording}), the desktop graph ({@link SocketGraph}) and the audit
 * read-back ({@link SocketAudit}). Each request whose method the host kit's table gates
 * ({@link RuntimeCapabilities}) is checked against the daemon's profile first ({@link SocketCapabilities}: a refusal
 * runs nothing and is audited with its reason), then adapted to its typed service; every call writes one audit line of
 * its own (its capability check, or for an ungated method its outcome), never its content.
 */
final class SocketAgentRuntime {

    private static final Logger LOG = LoggerFactory.getLogger(SocketAgentRuntime.class);

    /** The methods served here. */
    static final Set<String> METHODS = methods();

    private final SocketServices services;
    private final DaemonHost host;
    private final AuditLog audit;

    SocketAgentRuntime(SocketServices services, DaemonHost host, AuditLog audit) {
        this.services = services;
        this.host = host;
        this.audit = audit;
    }

    private static Set<String> methods() {
        Set<String> methods = new LinkedHashSet<>();
        methods.addAll(SocketWorkflows.METHODS);
        methods.addAll(SocketGoals.METHODS);
        methods.addAll(SocketDrafts.METHODS);
        methods.addAll(SocketRecording.METHODS);
        methods.addAll(SocketGraph.METHODS);
        methods.addAll(SocketAudit.METHODS);
        return Set.copyOf(methods);
    }

    /**
     * Serves one call with one audit line of its own, as MCP's tool host writes one per tool call: a gated method's
     * line is its capability check (allowed or refused), any other method's the call's {@code executed} line (the
     * error's code as its reason when it failed). The effects a run signs add their own action lines, as over MCP.
     */
    Object call(String method, RequestFields fields, CancellationToken token) throws IpcException {
        boolean gated = permit(method, fields);
        if (gated) {
            return route(method, fields, token);
        }
        try {
            Object answer = route(method, fields, token);
            audit.record(AuditLine.of(AuditLine.CALL, "executed").method(method));
            return answer;
        } catch (IpcException failed) {
            audit.record(AuditLine.of(AuditLine.CALL, "executed").method(method).reason(failed.code()));
            throw failed;
        }
    }

    /** Checks the method's capabilities (each check audited); whether any gates it. */
    private boolean permit(String method, RequestFields fields) throws IpcException {
        Optional<Capability> capability = RuntimeCapabilities.of(method);
        if (capability.isPresent()) {
            permit(method, capability.get());
        }
        if (SocketGraph.writes(method, fields)) {
            permit(method, Capability.MEMORY_WRITE);
            return true;
        }
        return capability.isPresent();
    }

    /** One capability check, audited as MCP audits its tools' checks: allowed, or refused with the policy's reason. */
    private void permit(String method, Capability capability) throws IpcException {
        AuditLine check = AuditLine.of(AuditLine.CAPABILITY, "allowed")
                .method(method)
                .capability(capability)
                .profile(host.gates().profile());
        try {
            SocketCapabilities.check(host.gates(), method, capability);
            audit.record(check);
        } catch (IpcException refused) {
            audit.record(AuditLine.of(AuditLine.CAPABILITY, "refused")
                    .method(method)
                    .capability(capability)
                    .profile(host.gates().profile())
                    .reason(refused.code()));
            LOG.warn("refused {}: {}", method, refused.code());
            throw refused;
        }
    }

    private Object route(String method, RequestFields fields, CancellationToken token) throws IpcException {
        if (SocketWorkflows.METHODS.contains(method)) {
            return new SocketWorkflows(services.workflows(), host).call(method, fields, token);
        }
        if (SocketGoals.METHODS.contains(method)) {
            return new SocketGoals(services.goals(), host).call(method, fields, token);
        }
        if (SocketDrafts.METHODS.contains(method)) {
            return new SocketDrafts(services.workflows(), services.drafts()).call(method, fields, token);
        }
        if (SocketAudit.METHODS.contains(method)) {
            return new SocketAudit(audit).call(method, fields);
        }
        if (SocketRecording.METHODS.contains(method)) {
            return new SocketRecording(services.recorder(), services.workflows()).call(method, fields);
        }
        return new SocketGraph(services.desktopGraph()).call(method, fields, token);
    }
}
