package org.praefectus.mcp.host;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostPolicy;
import org.praefectus.api.host.PolicyDecision;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.cdp.PageObservation;

/**
 * The one path every effect of this host takes ({@code act} and the input tools): recent-operation memory
 * (an identical call with the same operation id re-presents the same unsigned request with a fresh grant: the
 * engine replays; another call under that id is a conflict) → the action planned on an observation → profile
 * → ledger check (a ledger that cannot be written is refused before anyone is asked) → cancelled? →
 * confirmation (elicitation) → the elements fenced again in a fresh observation by their fingerprints (a
 * person may answer after an observation expired) → cancelled? → sign → {@code Engine.execute} with the call's
 * cancellation token: at most once.
 */
final class SignedActions {

    /**
     * An action planned on an observation: what it does, the observation its tags are in, and whether that
     * observation is the session's current one (a re-fence then replaces it) or one of found elements.
     */
    record Planned(ActionArguments action, SessionObservations.Observed observed, boolean sessionCurrent) {}

    /**
     * An action the platform's desktop service planned ({@code DesktopService.input} as a dry run without a signer),
     * with the question the person is asked. Its target is {@code none} (the executor resolves what it names, a
     * window by app and title, when it dispatches) or an element the service found (a scroll's: the executor fences it
     * live when it dispatches and refuses it, with no effect, once it changed), so a confirmation needs no re-fence. {@code succeeded} adds what the
     * tool answers beside the terminal once it succeeded (the window a launch showed).
     */
    record Proposed(ActionProposal proposal, String question, Function<Terminal, Map<String, Object>> succeeded) {
        Proposed(ActionProposal proposal, String question) {
            this(proposal, question, terminal -> Map.of());
        }
    }

    /** A plan on elements, at screen points or proposed by the desktop service, or the tool error that says why not. */
    record Plan(Planned planned, PointAction point, Proposed proposed, ToolResult refusal) {
        static Plan of(Planned planned) {
            return new Plan(planned, null, null, null);
        }

        static Plan at(PointAction point) {
            return new Plan(null, point, null, null);
        }

        static Plan proposed(Proposed proposed) {
            return new Plan(null, null, proposed, null);
        }

        static Plan refused(ToolResult refusal) {
            return new Plan(null, null, null, refusal);
        }
    }

    private final HostServices services;
    private final HostAuthority authority;
    private final CapabilityProfile profile;
    private final HostPolicy policy;
    private final ConfirmationPolicy confirmation;
    private final AuditLog audit;
    private final Clock clock;
    private final long grantTtlMs;
    private final long confirmationWindowSeconds;
    private final SessionObservations observations;
    /** Browser mode's page, which a re-fence reads the same part of; {@code null} on the desktop. */
    private final PageObserver page;

    private final RecentOperations operations;

    SignedActions(
            HostServices services,
            HostAuthority authority,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            AuditLog audit,
            Clock clock,
            long grantTtlMs,
            long confirmationWindowSeconds,
            SessionObservations observations,
            PageObserver page) {
        this(
                services,
                authority,
                profile,
                confirmation,
                audit,
                clock,
                grantTtlMs,
                confirmationWindowSeconds,
                observations,
                page,
                new RecentOperations(1_024));
    }

    private SignedActions(
            HostServices services,
            HostAuthority authority,
            CapabilityProfile profile,
            ConfirmationPolicy confirmation,
            AuditLog audit,
            Clock clock,
            long grantTtlMs,
            long confirmationWindowSeconds,
            SessionObservations observations,
            PageObserver page,
            RecentOperations operations) {
        this.operations = operations;
        this.page = page;
        this.services = services;
        this.authority = authority;
        this.profile = profile;
        this.policy = ToolCapabilities.policy(profile);
        this.confirmation = confirmation;
        this.audit = audit;
        this.clock = clock;
        this.grantTtlMs = grantTtlMs;
        this.confirmationWindowSeconds = confirmationWindowSeconds;
        this.observations = observations;
    }

    /**
     * This path through {@code other}'s engine (a browser tab the session does not follow yet: its own executor and
     * private engine), with the same profile, confirmation, audit and operation memory.
     */
    SignedActions through(HostServices other) {
        return new SignedActions(
                other,
                authority,
                profile,
                confirmation,
                audit,
                clock,
                grantTtlMs,
                confirmationWindowSeconds,
                observations,
                page,
                operations);
    }

    RecentOperations operations() {
        return operations;
    }

    /** Whether this server built a request under {@code operationId} (a repeat replays without planning). */
    boolean known(String operationId) {
        return operationId != null && operations.find(operationId).isPresent();
    }

    /** The profile's refusal of an action kind, audited under {@code tool}; empty when it may run. */
    Optional<ToolResult> deniedByProfile(String tool, String kind, Map<String, Object> lengths) {
        PolicyDecision decision = policy.actionKind(kind);
        if (decision.allowed()) {
            return Optional.empty();
        }
        audit.record(AuditIds.line(AuditLine.CAPABILITY, tool, "refused", decision.reason(), lengths)
                .profile(profile)
                .action(kind));
        return Optional.of(ToolResult.failure(
                "capability_denied",
                "the capability profile does not allow this action",
                "use a semantic action (invoke, set_value) or ask the operator for the operator profile",
                true,
                Map.of("profile", profile.wireName())));
    }

    /**
     * Runs one call.
     *
     * @param tool                 the tool, for the audit
     * @param requestedOperationId the caller's operation id, or {@code null} (one is generated)
     * @param fingerprint          the call's fingerprint (its arguments without the operation id)
     * @param plan                 plans the action; not called for a repeated operation id
     */
    ToolResult run(
            String tool,
            String requestedOperationId,
            String fingerprint,
            Supplier<Plan> plan,
            ToolHost.CallContext context) {
        Dispatch dispatched = dispatch(tool, requestedOperationId, fingerprint, plan, context);
        if (dispatched.refusal() != null) {
            return dispatched.refusal();
        }
        String operationId = dispatched.operationId();
        String actionHash = dispatched.actionHash();
        if (dispatched.engineRefusal() != null) {
            EngineException e = dispatched.engineRefusal();
            boolean noEffect = e.error() != EngineError.LEDGER_UNAVAILABLE;
            Map<String, Object> more = new LinkedHashMap<>();
            more.put("operation_id", operationId);
            more.put("action_hash", actionHash);
            if (e.protocolCode() != null) {
                more.put("protocol_code", e.protocolCode().code());
            }
            return ToolResult.failure(
                    e.error().code(),
                    "the engine refused the request",
                    noEffect
                            ? "observe again and act on a current tag with a new operation_id"
                            : "call status with this operation_id before doing anything else",
                    noEffect,
                    more);
        }
        ExecuteReport report = dispatched.report();
        Terminal terminal = report.terminal();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("operation_id", operationId);
        body.put("action_hash", actionHash);
        body.put("replayed", report.terminalAck().replayed());
        body.put("terminal", ToolJson.toMap(ProtocolJson.encode(terminal)));
        body.put("verified", report.succeededVerified());
        body.put("retry_safe", retrySafe(terminal));
        body.put("acknowledgements", ToolJson.toMap(report.toJson()).get("acknowledgements"));
        if (terminal instanceof Terminal.Succeeded) {
            if (dispatched.proposed() != null) {
                // what the proposing tool adds to a success (a launched application's window)
                body.putAll(dispatched.proposed().succeeded().apply(terminal));
            }
            return ToolResult.ok(body);
        }
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", terminal.errorCode());
        error.put("message", "the action did not succeed");
        error.put(
                "next_action",
                terminal instanceof Terminal.OutcomeUnknown
                        ? "verify the actual state (observe) before anything with side effects is redone"
                        : "observe again and decide; repeating this operation_id replays this result");
        body.put("error", error);
        return new ToolResult(true, body, null);
    }

    /** The request this host would sign for {@code proposal} in this call's session: what a dry run shows. */
    ActionRequest draft(ActionProposal proposal, ToolHost.CallContext context) {
        return authority.draft(
                "mcp-" + UUID.randomUUID(),
                sessionId(context),
                proposal.action(),
                proposal.target(),
                proposal.verification(),
                proposal.deadlineAtMs());
    }

    /**
     * A person's yes for a whole run ({@code workflow_execute} in the confirmation policy, as PeekabooX's
     * dangerous action), asked once before anything of it runs; each step's own action kind is confirmed as well
     * where the policy names it. Empty when the run may start (a yes, or no confirmation configured).
     */
    Optional<ToolResult> confirmRun(String tool, String question, ToolHost.CallContext context) {
        if (!confirmation.requires("workflow_execute")) {
            return Optional.empty();
        }
        return confirmOnce(tool, "workflow_execute", question, context);
    }

    /**
     * A person's one yes for a batch of actions of {@code kinds} ({@code fill_form}'s fields), asked once before any of
     * them runs when the policy names any of the kinds; each action is then run with that yes (see
     * {@link #preApproved}). Empty when the batch may start.
     */
    Optional<ToolResult> confirmBatch(
            String tool, java.util.Collection<String> kinds, String question, ToolHost.CallContext context) {
        if (kinds.stream().noneMatch(confirmation::requires)) {
            return Optional.empty();
        }
        return confirmOnce(tool, tool, question, context);
    }

    /** The call's context with the batch's yes standing for each of its actions' confirmation. */
    static ToolHost.CallContext preApproved(ToolHost.CallContext context) {
        return new ToolHost.CallContext(
                context.sessionKey(),
                (message, cancellation) -> Confirmer.Answer.ACCEPTED,
                context.cancellation(),
                context.progress());
    }

    private Optional<ToolResult> confirmOnce(
            String tool, String action, String question, ToolHost.CallContext context) {
        Map<String, Object> ids = Map.of("action", action);
        context.progress().report(0, 1.0, "waiting for the person to confirm");
        Confirmer.Answer answer = context.confirmer()
                .confirm(
                        question + "Answer within " + confirmationWindowSeconds
                                + " seconds; only an explicit yes allows it.",
                        context.cancellation());
        context.progress().report(1, 1.0, "the person answered");
        String reason = switch (answer) {
            case ACCEPTED -> null;
            case CANCELLED -> "cancelled";
            case TIMED_OUT -> "confirmation_timed_out";
            case DECLINED -> "confirmation_declined";
            default -> "confirmation_required";
        };
        if (reason == null) {
            audit.record(AuditIds.line(AuditLine.CONFIRMATION, tool, "confirmed", null, ids));
            return Optional.empty();
        }
        audit.record(AuditIds.line(AuditLine.CONFIRMATION, tool, "refused", reason, ids));
        return Optional.of(ToolResult.failure(
                reason,
                (action.equals("workflow_execute") ? "the workflow" : "the batch")
                        + " was not confirmed; nothing of it ran",
                reason.equals("confirmation_required")
                        ? "use an MCP client with elicitation, or ask the operator to change the confirmation policy"
                        : "ask the person, then call " + tool + " again",
                true));
    }

    /**
     * A proposal of the platform's desktop service (a workflow step's effect) along this path under a new operation
     * id: the engine's report, or the refusal before signing as the host's refusal (its code as it is).
     *
     * @throws HostRefusedException refused before signing: profile, known refusal, confirmation, cancellation
     * @throws EngineException      the engine refused it before a claim
     */
    ExecuteReport act(String tool, Proposed proposed, ToolHost.CallContext context)
            throws HostRefusedException, EngineException {
        Dispatch dispatched =
                dispatch(tool, null, tool + ":" + UUID.randomUUID(), () -> Plan.proposed(proposed), context);
        if (dispatched.refusal() != null) {
            Object error = dispatched.refusal().structured().get("error");
            Map<?, ?> fields = error instanceof Map<?, ?> map ? map : Map.of();
            throw new HostRefusedException(String.valueOf(fields.get("code")), String.valueOf(fields.get("message")));
        }
        if (dispatched.engineRefusal() != null) {
            throw dispatched.engineRefusal();
        }
        return dispatched.report();
    }

    /**
     * What one call came to: refused before signing ({@code refusal}), refused by the engine before a claim
     * ({@code engineRefusal}), or executed ({@code report}); audited either way.
     */
    record Dispatch(
            ToolResult refusal,
            EngineException engineRefusal,
            ExecuteReport report,
            String operationId,
            String actionHash,
            Proposed proposed) {
        static Dispatch refused(ToolResult refusal) {
            return new Dispatch(refusal, null, null, null, null, null);
        }
    }

    /** One call along the path, up to the engine's answer (see {@link #run}). */
    Dispatch dispatch(
            String tool,
            String requestedOperationId,
            String fingerprint,
            Supplier<Plan> plan,
            ToolHost.CallContext context) {
        String operationId = requestedOperationId != null ? requestedOperationId : "mcp-" + UUID.randomUUID();
        Optional<RecentOperations.Entry> known = operations.find(operationId);
        ActionRequest draft;
        Planned planned = null;
        PointAction point = null;
        Proposed proposed = null;
        String kind;
        Map<String, Object> lengths;
        if (known.isPresent()) {
            kind = known.get().draft().action().kind();
            lengths = known.get().auditLengths();
            if (!known.get().callFingerprint().equals(fingerprint)) {
                audit.record(AuditIds.line(
                        AuditLine.ACTION,
                        tool,
                        "refused",
                        "conflict",
                        ToolJson.merge(Map.of("action", kind, "operation_id", operationId), lengths)));
                return Dispatch.refused(ToolResult.failure(
                        "conflict",
                        "this operation id was used for a different call",
                        "use a new operation_id for a new action",
                        true,
                        Map.of("operation_id", operationId)));
            }
            draft = known.get().draft();
        } else {
            Plan made = plan.get();
            if (made.refusal() != null) {
                return Dispatch.refused(made.refusal());
            }
            planned = made.planned();
            point = made.point();
            proposed = made.proposed();
            kind = planned != null
                    ? planned.action().kind()
                    : point != null
                            ? point.kind()
                            : proposed.proposal().action().kind();
            lengths =
                    planned != null ? planned.action().auditLengths() : point != null ? point.auditLengths() : Map.of();
            Optional<ToolResult> denied = deniedByProfile(tool, kind, lengths);
            if (denied.isPresent()) {
                return Dispatch.refused(denied.get());
            }
            Optional<KnownRefusals.Refusal> unrunnable = KnownRefusals.of(
                    kind,
                    planned != null
                            ? planned.action().element(planned.observed().observation())
                            : null,
                    services.engine());
            if (unrunnable.isEmpty() && planned != null && kind.equals("select")) {
                unrunnable = planned.action().itemRefusal(planned.observed().observation());
            }
            if (unrunnable.isPresent()) {
                KnownRefusals.Refusal refused = unrunnable.get();
                return Dispatch.refused(refusal(
                        tool,
                        refused.code(),
                        refused.code(),
                        refused.message() + "; nothing was asked or done",
                        refused.nextAction(),
                        ToolJson.merge(Map.of("action", kind), lengths),
                        operationId));
            }
            // the request must outlive the person's answer: the deadline is part of the signed hash
            long deadlineAt = clock.millis()
                    + grantTtlMs
                    + (confirmation.requires(kind) ? confirmationWindowSeconds * 1_000L : 0);
            try {
                if (planned != null) {
                    SemanticObservation observation = planned.observed().observation();
                    draft = authority.draft(
                            operationId,
                            sessionId(context),
                            planned.action().action(observation),
                            planned.action().target(observation),
                            planned.action().verification(observation),
                            deadlineAt);
                } else if (point != null) {
                    draft = point.draft(authority, operationId, sessionId(context), deadlineAt);
                } else {
                    draft = authority.draft(
                            operationId,
                            sessionId(context),
                            proposed.proposal().action(),
                            proposed.proposal().target(),
                            proposed.proposal().verification(),
                            deadlineAt);
                }
            } catch (ProtocolException e) {
                audit.record(AuditIds.line(
                        AuditLine.ACTION,
                        tool,
                        "refused",
                        "unknown_tag",
                        ToolJson.merge(Map.of("action", kind), lengths)));
                return Dispatch.refused(ToolResult.failure(
                        "unknown_tag",
                        "the tag is not in the current observation",
                        "call observe again and use a tag from it",
                        true));
            }
        }
        String actionHash;
        try {
            actionHash = ProtocolHashes.normalizedActionHash(draft);
        } catch (ProtocolException e) {
            return Dispatch.refused(
                    ToolResult.failure("invalid_arguments", "the action is out of bounds", "fix the arguments", true));
        }
        Map<String, Object> ids =
                ToolJson.merge(Map.of("action", kind, "operation_id", operationId, "action_hash", actionHash), lengths);
        Optional<ToolResult> unready = ledgerUnready(tool, ids, operationId);
        if (unready.isPresent()) {
            return Dispatch.refused(unready.get());
        }
        if (context.cancellation().isCancelled()) {
            return Dispatch.refused(cancelled(tool, ids, operationId, false));
        }
        if ((planned != null || point != null || proposed != null) && confirmation.requires(kind)) {
            String question = planned != null
                    ? planned.action()
                            .confirmationMessage(
                                    planned.observed().observation(),
                                    planned.observed().dialog(),
                                    confirmationWindowSeconds)
                    : point != null
                            ? point.confirmationMessage(confirmationWindowSeconds)
                            : proposed.question() + "Answer within " + confirmationWindowSeconds
                                    + " seconds; only an explicit yes allows it.";
            context.progress().report(0, 1.0, "waiting for the person to confirm");
            Confirmer.Answer answer = context.confirmer().confirm(question, context.cancellation());
            context.progress().report(1, 1.0, "the person answered");
            switch (answer) {
                case CANCELLED -> {
                    return Dispatch.refused(cancelled(tool, ids, operationId, true));
                }
                case TIMED_OUT -> {
                    return Dispatch.refused(refusal(
                            tool,
                            "confirmation_timed_out",
                            "confirmation_timed_out",
                            "nobody confirmed this action within the confirmation window; nothing was done",
                            "ask the person, then call " + tool + " again",
                            ids,
                            operationId));
                }
                case ACCEPTED -> {
                    audit.record(AuditIds.line(AuditLine.CONFIRMATION, tool, "confirmed", null, ids));
                    // a person may take longer than an observation lives: the approved element is fenced again
                    // in a fresh observation (same element, same fingerprint) before anything is signed
                    Optional<ActionRequest> refenced = planned != null
                            ? refence(planned, context, draft)
                            : point != null ? refence(point, context, draft) : Optional.of(draft);
                    if (refenced.isEmpty()) {
                        return Dispatch.refused(refusal(
                                tool,
                                "stale_target",
                                "stale_target",
                                "the element changed or went away while the person decided; nothing was done",
                                "observe again and act on a current tag",
                                ids,
                                operationId));
                    }
                    draft = refenced.get();
                }
                case DECLINED -> {
                    return Dispatch.refused(refusal(
                            tool,
                            "confirmation_declined",
                            "confirmation_declined",
                            "the person declined this action; nothing was done",
                            "do not retry unless the person asks for it",
                            ids,
                            operationId));
                }
                default -> {
                    return Dispatch.refused(refusal(
                            tool,
                            "confirmation_unavailable",
                            "confirmation_required",
                            "this action needs confirmation and the client cannot ask (no elicitation); nothing was done",
                            "use an MCP client with elicitation, or ask the operator to change the confirmation policy",
                            ids,
                            operationId));
                }
            }
        }
        try {
            actionHash = ProtocolHashes.normalizedActionHash(draft);
        } catch (ProtocolException e) {
            return Dispatch.refused(
                    ToolResult.failure("invalid_arguments", "the action is out of bounds", "fix the arguments", true));
        }
        ids = ToolJson.merge(Map.of("action", kind, "operation_id", operationId, "action_hash", actionHash), lengths);
        ActionRequest signed;
        try {
            signed = authority.sign(draft, Math.max(clock.millis() + grantTtlMs, draft.deadlineAtMs()));
        } catch (ProtocolException e) {
            return Dispatch.refused(
                    ToolResult.failure("invalid_arguments", "the action is out of bounds", "fix the arguments", true));
        }
        if (context.cancellation().isCancelled()) {
            return Dispatch.refused(cancelled(tool, ids, operationId, false));
        }
        operations.remember(operationId, new RecentOperations.Entry(fingerprint, draft, lengths));
        ExecuteReport report;
        try {
            report = services.engine().execute(signed, context.cancellation().token());
        } catch (EngineException e) {
            audit.record(
                    AuditIds.line(AuditLine.ACTION, tool, "refused", e.error().code(), ids)
                            .content(draft.action()));
            return new Dispatch(null, e, null, operationId, actionHash, null);
        }
        audit.record(AuditIds.line(AuditLine.ACTION, tool, "executed", null, ids)
                .content(draft.action())
                .terminal(report.terminal().kind())
                .fact("replayed", report.terminalAck().replayed()));
        return new Dispatch(null, null, report, operationId, actionHash, proposed);
    }

    /**
     * The draft with its targets taken from a fresh observation of the same surface: each element found again,
     * exactly once, by its unchanged fingerprint. Empty when one is gone, changed or ambiguous.
     */
    private Optional<ActionRequest> refence(Planned planned, ToolHost.CallContext context, ActionRequest draft) {
        SemanticObservation seen = planned.observed().observation();
        if (seen == null) {
            return Optional.empty();
        }
        try {
            String surface = planned.observed().surface();
            CancellationToken token = context.cancellation().token();
            SessionObservations.PageFacts facts = null;
            SemanticObservation fresh;
            if (page != null && planned.observed().page() != null) {
                long deadline = clock.millis() + ToolHost.PAGE_OBSERVE_DEADLINE_MS;
                // a browser page's part: the same part again (the engine's own observation is the first part only)
                PageObservation reading = page.observe(planned.observed().page().part(), token, deadline);
                facts = PageObserveTool.facts(reading);
                fresh = reading.observation();
            } else {
                long deadline = clock.millis() + ToolHost.OBSERVE_DEADLINE_MS;
                fresh = surface.isEmpty()
                        ? services.engine().observeSemantic(token, deadline)
                        : services.engine().observeSurface(new SurfaceRef(surface), token, deadline);
            }
            Map<String, String> tags = new LinkedHashMap<>();
            for (String tag : planned.action().tags()) {
                SemanticElement before = seen.elements().stream()
                        .filter(e -> e.tag().equals(tag))
                        .findFirst()
                        .orElse(null);
                // element ids are the executor's own per observation; the fingerprint (role, name, state,
                // geometry...) says whether it is the same element, unchanged. Two candidates: ambiguous, refused.
                List<SemanticElement> now = before == null
                        ? List.of()
                        : fresh.elements().stream()
                                .filter(e -> e.fingerprintHash().equals(before.fingerprintHash())
                                        && e.role().equals(before.role()))
                                .limit(2)
                                .toList();
                if (now.size() != 1) {
                    return Optional.empty();
                }
                tags.put(tag, now.get(0).tag());
            }
            ActionArguments retagged = planned.action().retag(tags);
            if (planned.sessionCurrent()) {
                observations.replaceCurrent(context.sessionKey(), fresh, facts);
            } else {
                observations.remember(context.sessionKey(), fresh, surface);
            }
            return Optional.of(authority.draft(
                    draft.operationId(),
                    draft.sessionId(),
                    retagged.action(fresh),
                    retagged.target(fresh),
                    retagged.verification(fresh),
                    draft.deadlineAtMs()));
        } catch (EngineException | ExecutorException | ProtocolException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A pointer action's points on a fresh screen snapshot of the same displays. */
    private Optional<ActionRequest> refence(PointAction point, ToolHost.CallContext context, ActionRequest draft) {
        try {
            Optional<PointAction> fresh = point.refenced(
                    services.engine(), context.cancellation().token(), clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
            if (fresh.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(
                    fresh.get().draft(authority, draft.operationId(), draft.sessionId(), draft.deadlineAtMs()));
        } catch (EngineException | ExecutorException | ProtocolException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The engine's ledger must be writable before a person is asked: a yes that can only end in
     * {@code ledger_unavailable} wastes the person's attention. Reading the operation's status opens and locks
     * the ledger exactly as a claim does.
     */
    private Optional<ToolResult> ledgerUnready(String tool, Map<String, Object> ids, String operationId) {
        try {
            services.engine().status(operationId);
            return Optional.empty();
        } catch (EngineException e) {
            if (e.error() != EngineError.LEDGER_UNAVAILABLE) {
                return Optional.empty();
            }
            return Optional.of(refusal(
                    tool,
                    "ledger_unavailable",
                    "ledger_unavailable",
                    "the operation ledger cannot be written; nothing was asked or done",
                    "ask the operator to check the state directory (capabilities shows it)",
                    ids,
                    operationId));
        }
    }

    /** A call refused before anything was signed: audited under {@code reason}, answered with {@code code}. */
    private ToolResult refusal(
            String tool,
            String reason,
            String code,
            String message,
            String nextAction,
            Map<String, Object> ids,
            String operationId) {
        String event = reason.startsWith("confirmation_") ? AuditLine.CONFIRMATION : AuditLine.ACTION;
        audit.record(AuditIds.line(event, tool, "refused", reason, ids));
        return ToolResult.failure(code, message, nextAction, true, Map.of("operation_id", operationId));
    }

    /** A call cancelled before anything was signed: while the person was asked ({@code asked}), or after. */
    private ToolResult cancelled(String tool, Map<String, Object> ids, String operationId, boolean asked) {
        audit.record(
                AuditIds.line(asked ? AuditLine.CONFIRMATION : AuditLine.ACTION, tool, "refused", "cancelled", ids));
        return ToolResult.failure(
                "cancelled",
                "the call was cancelled before anything was signed or dispatched",
                "nothing to check: the action did not run",
                true,
                Map.of("operation_id", operationId));
    }

    /** Only a terminal that proves nothing happened makes a new attempt safe. */
    static boolean retrySafe(Terminal terminal) {
        return terminal instanceof Terminal.Rejected
                || terminal instanceof Terminal.CancelledBeforeEffect
                || terminal instanceof Terminal.ExpiredBeforeEffect;
    }

    private static String sessionId(ToolHost.CallContext context) {
        // the grant's session: derived, never the raw transport id (it can be a bearer-like secret)
        return "mcp-"
                + Sha256.hex(context.sessionKey().getBytes(StandardCharsets.UTF_8))
                        .substring(0, 32);
    }
}
