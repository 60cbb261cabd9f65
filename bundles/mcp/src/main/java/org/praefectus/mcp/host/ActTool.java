package org.praefectus.mcp.host;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.protocol.SemanticElement;

/**
 * {@code act}: an action on a tag of this session's current observation ({@code observe}), signed. The kinds it
 * offers are the tool set's: {@link ActionArguments#KINDS} on the desktop, {@link ActionArguments#PAGE_KINDS} on a
 * browser page.
 */
final class ActTool implements Tool {

    private final java.util.Set<String> kinds;
    private final SignedActions actions;
    private final SessionObservations observations;
    private final ElementTargets targets;
    private final AuditLog audit;

    ActTool(
            java.util.Set<String> kinds,
            SignedActions actions,
            SessionObservations observations,
            ElementTargets targets,
            AuditLog audit) {
        this.kinds = kinds;
        this.actions = actions;
        this.observations = observations;
        this.targets = targets;
        this.audit = audit;
    }

    @Override
    public String name() {
        return "act";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ActionArguments parsed = ActionArguments.parse(args, kinds);
        Optional<ToolResult> denied = actions.deniedByProfile(name(), parsed.kind(), parsed.auditLengths());
        if (denied.isPresent()) {
            return denied.get();
        }
        return actions.run(
                name(),
                parsed.operationId(),
                parsed.fingerprint(),
                () -> observations
                        .current(context.sessionKey())
                        .map(observed -> parsed.kind().equals("drag")
                                ? drag(parsed, observed, args, context)
                                : SignedActions.Plan.of(new SignedActions.Planned(parsed, observed, true)))
                        .orElseGet(() -> {
                            audit.record(
                                    name(),
                                    "refused",
                                    "no_observation",
                                    ToolJson.merge(Map.of("action", parsed.kind()), parsed.auditLengths()));
                            return SignedActions.Plan.refused(ToolResult.failure(
                                    "no_observation",
                                    "there is no current observation in this session",
                                    "call observe, then act on a tag from it",
                                    true));
                        }),
                context);
    }

    /** A drag between two tags of the observation: between their centres ({@link ElementTargets#dragBetween}). */
    private SignedActions.Plan drag(
            ActionArguments parsed,
            SessionObservations.Observed observed,
            Map<String, Object> args,
            ToolHost.CallContext context) {
        List<SemanticElement> ends = new java.util.ArrayList<>();
        for (String tag : parsed.tags()) {
            Optional<SemanticElement> element = observed.observation().elements().stream()
                    .filter(e -> e.tag().equals(tag))
                    .findFirst();
            if (element.isEmpty()) {
                return SignedActions.Plan.refused(ToolResult.failure(
                        "unknown_tag",
                        "the tag is not in this session's observation",
                        "call observe again and use a tag from it",
                        true));
            }
            ends.add(element.get());
        }
        return targets.dragBetween(observed, ends.get(0), ends.get(1), InputTool.fields(args, "button"), context);
    }
}
