package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.text.CallerText;

/**
 * {@code fill_form} in browser mode: several fields of the current observation in one call, each an {@code act} of its
 * own ({@code set_value}, or {@code type_text} replacing the field's text) on its tag, signed and fenced on its own,
 * after one confirmation that names the fields and the length of each value (never a value: a password's least of
 * all). The fields run in order and stop at the first that did not succeed; the answer lists each field's terminal as
 * the engine recorded it (or the refusal before signing) and the fields not attempted, and is an error unless every
 * field succeeded. A field whose element changed since the observation (found again by its fingerprint) is refused.
 */
final class FillFormTool implements Tool {

    /** Most fields one call fills. */
    static final int MAX_FIELDS = 32;

    private static final Set<String> ARGUMENTS = Set.of("fields", "operation_id");
    private static final Set<String> FIELD_ARGUMENTS = Set.of("tag", "value", "action");

    private final Tool act;
    private final SignedActions actions;
    private final SessionObservations observations;

    FillFormTool(Tool act, SignedActions actions, SessionObservations observations) {
        this.act = act;
        this.actions = actions;
        this.observations = observations;
    }

    @Override
    public String name() {
        return "fill_form";
    }

    /** One field: the act's arguments and the element its tag named in the observation the call started from. */
    private record Field(String tag, String kind, String value, SemanticElement element) {}

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        if (!(args.get("fields") instanceof List<?> given) || given.isEmpty() || given.size() > MAX_FIELDS) {
            throw new ToolArguments.InvalidArgument("fields is a list of 1 to " + MAX_FIELDS + " fields");
        }
        String operationId =
                Optional.ofNullable(ToolArguments.operationId(args)).orElse("mcp-" + UUID.randomUUID());
        Optional<SessionObservations.Observed> observed = observations.current(context.sessionKey());
        List<Map<String, Object>> parsed = new ArrayList<>();
        for (Object item : given) {
            if (!(item instanceof Map<?, ?> map)) {
                throw new ToolArguments.InvalidArgument("each field is an object with tag and value");
            }
            Map<String, Object> field = new HashMap<>();
            map.forEach((k, v) -> field.put(String.valueOf(k), v));
            ToolArguments.onlyArguments(name(), field, FIELD_ARGUMENTS);
            parsed.add(field);
        }
        if (observed.isEmpty()) {
            return ToolResult.failure(
                    "no_observation",
                    "there is no current observation in this session",
                    "call observe, then fill_form with tags from it",
                    true);
        }
        SemanticObservation observation = observed.get().observation();
        List<Field> fields = new ArrayList<>();
        for (Map<String, Object> field : parsed) {
            String tag = ToolArguments.stringArgument(field, "tag", true);
            String value = ToolArguments.stringArgument(field, "value", true);
            String kind = Optional.ofNullable(ToolArguments.stringArgument(field, "action", false))
                    .orElse("set_value");
            if (!kind.equals("set_value") && !kind.equals("type_text")) {
                throw new ToolArguments.InvalidArgument("a field's action is set_value or type_text");
            }
            if (fields.stream().anyMatch(f -> f.tag().equals(tag))) {
                throw new ToolArguments.InvalidArgument("each tag is filled once per call");
            }
            Optional<SemanticElement> element = observation.elements().stream()
                    .filter(e -> e.tag().equals(tag))
                    .findFirst();
            if (element.isEmpty()) {
                return ToolResult.failure(
                        "unknown_tag",
                        "the tag " + CallerText.shown(tag) + " is not in the current observation",
                        "call observe again and use tags from it",
                        true);
            }
            fields.add(new Field(tag, kind, value, element.get()));
        }
        for (Field field : fields) {
            Optional<ToolResult> denied = actions.deniedByProfile(
                    name(), field.kind(), Map.of("value_length", field.value().length()));
            if (denied.isPresent()) {
                return denied.get();
            }
        }
        Optional<ToolResult> unconfirmed =
                actions.confirmBatch(name(), fields.stream().map(Field::kind).toList(), question(fields), context);
        if (unconfirmed.isPresent()) {
            return unconfirmed.get();
        }
        return fill(fields, observation, operationId, SignedActions.preApproved(context));
    }

    /** The fields in order, each an act of its own, until one does not succeed. */
    private ToolResult fill(
            List<Field> fields, SemanticObservation started, String operationId, ToolHost.CallContext context) {
        List<Map<String, Object>> done = new ArrayList<>();
        ToolResult failed = null;
        int index = 0;
        for (; index < fields.size() && failed == null; index++) {
            Field field = fields.get(index);
            String fieldOperation = operationId + "-" + (index + 1);
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("tag", field.tag());
            line.put("action", field.kind());
            line.put("operation_id", fieldOperation);
            Optional<String> tag = currentTag(field, started, context);
            ToolResult result;
            if (tag.isEmpty()) {
                result = ToolResult.failure(
                        "stale_target",
                        "the field changed or went away since the observation; it was not filled",
                        "observe again and fill the fields not filled",
                        true);
            } else {
                Map<String, Object> call = new HashMap<>();
                call.put("action", field.kind());
                call.put("tag", tag.get());
                call.put(field.kind().equals("set_value") ? "value" : "text", field.value());
                if (field.kind().equals("type_text")) {
                    call.put("clear", true);
                }
                call.put("operation_id", fieldOperation);
                result = act.call(call, context);
            }
            String terminal = terminalOf(result);
            line.put("terminal", terminal);
            if (result.error()) {
                line.put("error", errorCode(result));
                failed = result;
            }
            done.add(line);
        }
        List<String> notAttempted =
                fields.subList(index, fields.size()).stream().map(Field::tag).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("operation_id", operationId);
        body.put("fields", done);
        body.put("not_attempted", notAttempted);
        if (failed == null) {
            return ToolResult.ok(body);
        }
        Map<String, Object> last = done.get(done.size() - 1);
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", "field_" + last.get("terminal"));
        error.put(
                "message",
                "the field " + last.get("tag") + " ended " + last.get("terminal")
                        + (notAttempted.isEmpty() ? "" : "; the fields " + notAttempted + " were not attempted"));
        error.put(
                "next_action",
                "outcome_unknown".equals(last.get("terminal"))
                        ? "verify the field's actual value (observe) before filling it again"
                        : "observe again and fill the fields that did not succeed");
        body.put("error", error);
        // only a call that changed nothing is safe to repeat as it is
        body.put(
                "retry_safe",
                done.size() == 1 && Boolean.TRUE.equals(failed.structured().get("retry_safe")));
        return new ToolResult(true, body, null);
    }

    /**
     * The field's tag in the session's current observation: the same observation as the call started from, or the
     * one element there with the same role and fingerprint (an earlier field's act observed the page again).
     */
    private Optional<String> currentTag(Field field, SemanticObservation started, ToolHost.CallContext context) {
        Optional<SessionObservations.Observed> now = observations.current(context.sessionKey());
        if (now.isEmpty()) {
            return Optional.empty();
        }
        SemanticObservation current = now.get().observation();
        if (current.observationId().equals(started.observationId())) {
            return Optional.of(field.tag());
        }
        List<SemanticElement> same = current.elements().stream()
                .filter(e -> e.role().equals(field.element().role())
                        && e.fingerprintHash().equals(field.element().fingerprintHash()))
                .limit(2)
                .toList();
        return same.size() == 1 ? Optional.of(same.get(0).tag()) : Optional.empty();
    }

    /** The engine's terminal kind, or {@code refused} when the act was refused before anything was signed. */
    private static String terminalOf(ToolResult result) {
        if (result.structured().get("terminal") instanceof Map<?, ?> terminal
                && terminal.get("kind") instanceof String kind) {
            return kind;
        }
        return "refused";
    }

    private static String errorCode(ToolResult result) {
        return result.structured().get("error") instanceof Map<?, ?> error
                ? String.valueOf(error.get("code"))
                : "failed";
    }

    /** One question for the batch: each field by its element, its action and its value's length, never a value. */
    private static String question(List<Field> fields) {
        StringBuilder text = new StringBuilder("Praefectus asks you to allow filling " + fields.size()
                + " fields of the page, in this order (each is checked again just before it is filled):\n");
        for (Field field : fields) {
            text.append("- ")
                    .append(field.kind().replace('_', ' '))
                    .append(": ")
                    .append(ActionArguments.describe(field.element()))
                    .append(" (")
                    .append(field.value().length())
                    .append(" characters)\n");
        }
        return text.append("The values themselves are not shown here and are never logged.\n")
                .toString();
    }
}
