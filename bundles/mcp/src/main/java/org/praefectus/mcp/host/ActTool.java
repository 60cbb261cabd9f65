package org.praefectus.mcp.host;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.praefectus.api.host.AuditLine;
import org.praefectus.api.host.AuditLog;
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
    private final ActChanges changes;
    /** In browser mode: names a dialog the act left open; {@code null} on the desktop. */
    private final PageDialogNotice dialogs;

    ActTool(
            java.util.Set<String> kinds,
            SignedActions actions,
            SessionObservations observations,
            ElementTargets targets,
            AuditLog audit,
            ActChanges changes,
            PageDialogNotice dialogs) {
        this.kinds = kinds;
        this.changes = changes;
        this.dialogs = dialogs;
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
        if (kinds.equals(ActionArguments.PAGE_KINDS) && parsed.singleLeftClick()) {
            // one form per concept: the element's own activation is invoke; click is a double or right click
            throw new ToolArguments.InvalidArgument(
                    "on a page a single left click is invoke: act invoke on the tag (click takes count 2 or 3, or"
                            + " button right or middle)");
        }
        Optional<ToolResult> denied = actions.deniedByProfile(name(), parsed.kind(), parsed.auditLengths());
        if (denied.isPresent()) {
            return denied.get();
        }
        // what the observation's elements hold before the action, for the changes a success reports: read only
        // for an action planned now (a replay or a refusal before the question dispatches nothing)
        AtomicReference<Optional<ActChanges.Before>> before = new AtomicReference<>(Optional.empty());
        java.util.concurrent.atomic.AtomicBoolean planned = new java.util.concurrent.atomic.AtomicBoolean();
        ToolResult result = actions.run(
                name(),
                parsed.operationId(),
                parsed.fingerprint(),
                () -> observations
                        .current(context.sessionKey())
                        .map(observed -> {
                            SignedActions.Plan plan = parsed.kind().equals("drag")
                                    ? drag(parsed, observed, args, context)
                                    : onPage(parsed, observed);
                            if (plan.refusal() == null) {
                                planned.set(true);
                                before.set(changes.before(Optional.of(observed)));
                            }
                            return plan;
                        })
                        .orElseGet(() -> {
                            audit.record(AuditIds.line(
                                    AuditLine.ACTION,
                                    name(),
                                    "refused",
                                    "no_observation",
                                    ToolJson.merge(Map.of("action", parsed.kind()), parsed.auditLengths())));
                            return SignedActions.Plan.refused(ToolResult.failure(
                                    "no_observation",
                                    "there is no current observation in this session",
                                    "call observe, then act on a tag from it",
                                    true));
                        }),
                context);
        if (dialogs != null && planned.get()) {
            result = dialogs.after(result, context.sessionKey());
        }
        return changes.after(result, before.get());
    }

    /**
     * An action on the current observation. While it shows the page's JavaScript dialog the page answers nothing
     * else: anything but {@code handle_dialog} is refused before anyone is asked, and {@code handle_dialog} without
     * a tag is bound to that dialog; without a dialog, {@code handle_dialog} is refused.
     */
    private SignedActions.Plan onPage(ActionArguments parsed, SessionObservations.Observed observed) {
        boolean dialogAnswer = parsed.kind().equals("handle_dialog");
        if (observed.dialog() == null && dialogAnswer) {
            return refused(parsed, "no_dialog", "the current observation shows no open dialog", "call observe again");
        }
        if (observed.dialog() != null && !dialogAnswer) {
            return refused(
                    parsed,
                    "dialog_open",
                    "the page shows a " + observed.dialog() + " dialog and answers nothing else until it is answered",
                    "act handle_dialog with accept true or false (prompt_text answers a prompt)");
        }
        if (dialogAnswer && !parsed.hasTag()) {
            parsed = parsed.onDialog(observed.observation().elements().get(0).tag());
        }
        if (parsed.kind().equals("press") && !parsed.hasTag()) {
            // a page-level key (Escape, PageDown): the executor's press on the document, which focuses nothing
            parsed = parsed.onPage(observed.observation().elements().get(0).tag());
        }
        if (parsed.kind().equals("upload")
                && observed.page() != null
                && !observed.page().fileInputs().contains(parsed.tags().get(0))) {
            return refused(
                    parsed,
                    "not_a_file_input",
                    "upload gives files to a file input, and this element is not one",
                    "act upload on a tag observe marks [file_input]");
        }
        if (covered(parsed, observed)) {
            return refused(
                    parsed,
                    "target_covered",
                    "another element covers this one at its centre, so it receives no events (observe marks it"
                            + " [covered])",
                    "close or move what covers it (a dialog, a banner), observe again, then act");
        }
        return SignedActions.Plan.of(new SignedActions.Planned(parsed, observed, true));
    }

    /** Activation and input kinds, which need the element to receive events. */
    private static final java.util.Set<String> EVENT_KINDS =
            java.util.Set.of("invoke", "set_value", "type_text", "press", "upload", "click", "hover");

    /**
     * Whether a page observation found the target covered: shown, a control, receiving no events, and not merely
     * outside the viewport (an act brings such a control into view itself). Asked before anyone is asked to confirm.
     */
    private static boolean covered(ActionArguments parsed, SessionObservations.Observed observed) {
        if (observed.page() == null || !parsed.hasTag() || !EVENT_KINDS.contains(parsed.kind())) {
            return false;
        }
        String tag = parsed.tags().get(0);
        return observed.observation().elements().stream()
                .filter(e -> e.tag().equals(tag))
                .anyMatch(e -> e.actionability().visible()
                        && !e.actionability().receivesEvents()
                        && (e.actionability().invokable() || e.actionability().editable())
                        && !observed.page().offscreen().contains(tag));
    }

    private SignedActions.Plan refused(ActionArguments parsed, String code, String message, String next) {
        audit.record(AuditIds.line(
                AuditLine.ACTION,
                name(),
                "refused",
                code,
                ToolJson.merge(Map.of("action", parsed.kind()), parsed.auditLengths())));
        return SignedActions.Plan.refused(ToolResult.failure(code, message, next, true));
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
