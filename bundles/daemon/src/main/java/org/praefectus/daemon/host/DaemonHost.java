package org.praefectus.daemon.host;

import java.time.Clock;
import java.util.UUID;
import java.util.function.Supplier;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.api.resident.ResidentHost;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon as a host: the gates (the host kit's one policy) decide, the host kit's {@link HostSigner} signs a grant
 * bound to the action hash, the engine executes, and the host kit's {@link AuditLog} records each decision as an
 * {@code action} line with the action kind, hashes and lengths only. Every
 * proposal gets a new operation id; the daemon's session id names this daemon run.
 */
public final class DaemonHost implements ResidentHost {

    private static final Logger LOG = LoggerFactory.getLogger(DaemonHost.class);

    /** How long a grant stays valid after signing, and the default deadline of a proposal without one. */
    static final long GRANT_TTL_MS = 60_000;

    private final HostSigner signer;
    private final Gates gates;
    private final Supplier<Engine> engine;
    private final AuditLog audit;
    private final Clock clock;
    private final String subject;
    private final String sessionId;

    public DaemonHost(
            HostSigner signer, Gates gates, Supplier<Engine> engine, AuditLog audit, Clock clock, String subject) {
        this.signer = signer;
        this.gates = gates;
        this.engine = engine;
        this.audit = audit;
        this.clock = clock;
        this.subject = subject;
        this.sessionId = "daemon-" + UUID.randomUUID();
    }

    public Gates gates() {
        return gates;
    }

    public String sessionId() {
        return sessionId;
    }

    @Override
    public ActionRequest draft(ActionProposal proposal) throws HostRefusedException {
        check(proposal);
        return unsigned(proposal, "daemon-" + UUID.randomUUID()).unsigned();
    }

    @Override
    public ExecuteReport act(ActionProposal proposal, CancellationToken cancellation)
            throws HostRefusedException, EngineException {
        check(proposal);
        Engine current = engine.get();
        if (current == null) {
            throw new EngineException(EngineError.EXECUTOR_UNAVAILABLE, "the engine is not available");
        }
        RequestDraft draft = unsigned(proposal, "daemon-" + UUID.randomUUID());
        ActionRequest signed;
        String hash;
        try {
            hash = draft.actionHash();
            signed = signer.sign(draft, Math.max(clock.millis() + GRANT_TTL_MS, draft.deadlineAtMs()));
        } catch (ProtocolException e) {
            audit.record(line(proposal, AuditLine.ACTION, "refused")
                    .operationId(draft.operationId())
                    .reason("unsignable"));
            LOG.warn("refused to sign {}: unsignable", proposal.action().kind());
            throw new HostRefusedException("invalid_proposal", "the proposal is not a valid protocol request");
        }
        audit.record(line(proposal, AuditLine.ACTION, "signed")
                .operationId(draft.operationId())
                .actionHash(hash));
        ExecuteReport report;
        try {
            report = current.execute(signed, cancellation);
        } catch (EngineException e) {
            audit.record(line(proposal, AuditLine.ACTION, "refused")
                    .operationId(draft.operationId())
                    .actionHash(hash)
                    .reason(e.error().code()));
            LOG.warn(
                    "the engine refused {} {}: {}",
                    proposal.action().kind(),
                    draft.operationId(),
                    e.error().code());
            throw e;
        }
        String terminal = terminalName(report.terminal());
        audit.record(line(proposal, AuditLine.ACTION, "executed")
                .operationId(draft.operationId())
                .actionHash(hash)
                .terminal(terminal));
        LOG.debug("{} {} ended {}", proposal.action().kind(), draft.operationId(), terminal);
        return report;
    }

    private void check(ActionProposal proposal) throws HostRefusedException {
        try {
            gates.check(proposal.action());
        } catch (HostRefusedException refused) {
            // the policy's refusal is a check of the profile, as MCP's of an action kind
            audit.record(line(proposal, AuditLine.CAPABILITY, "refused").reason(refused.code()));
            LOG.warn("refused {}: {}", proposal.action().kind(), refused.code());
            throw refused;
        }
    }

    private RequestDraft unsigned(ActionProposal proposal, String operationId) {
        long now = clock.millis();
        long deadline = proposal.deadlineAtMs() > now ? proposal.deadlineAtMs() : now + GRANT_TTL_MS;
        return new RequestDraft(
                operationId,
                subject,
                sessionId,
                proposal.action(),
                proposal.target(),
                proposal.interactionMode(),
                deadline,
                proposal.verification(),
                proposal.safety());
    }

    /** The line of {@code proposal}: its kind, the profile, and its content as a length and a keyed hash. */
    private AuditLine line(ActionProposal proposal, String event, String decision) {
        return AuditLine.of(event, decision).profile(gates.profile()).content(proposal.action());
    }

    static String terminalName(Terminal terminal) {
        String simple = terminal.getClass().getSimpleName();
        StringBuilder snake = new StringBuilder();
        for (int i = 0; i < simple.length(); i++) {
            char c = simple.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                snake.append('_');
            }
            snake.append(Character.toLowerCase(c));
        }
        return snake.toString();
    }
}
