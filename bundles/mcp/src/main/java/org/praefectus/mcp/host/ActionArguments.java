package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.mcp.host.ToolHost.InvalidArgument;

/**
 * The {@code act} tool's arguments, checked: an action kind, the tag of an element from the current
 * observation, the action's own fields, and an optional operation id. Authority material is never an
 * argument: the host signs.
 */
final class ActionArguments {

    static final Set<String> KINDS =
            Set.of("invoke", "set_value", "click", "type_text", "press", "hotkey", "scroll", "drag");
    private static final ObjectMapper CANONICAL =
            new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private final Map<String, Object> args;
    private final String kind;
    private final String tag;
    private final String operationId;

    private ActionArguments(Map<String, Object> args, String kind, String tag, String operationId) {
        this.args = args;
        this.kind = kind;
        this.tag = tag;
        this.operationId = operationId;
    }

    static ActionArguments parse(Map<String, Object> args) {
        String kind = ToolHost.stringArgument(args, "action", true).toLowerCase(Locale.ROOT);
        if (!KINDS.contains(kind)) {
            throw new InvalidArgument("action must be one of " + new java.util.TreeSet<>(KINDS));
        }
        String tag = ToolHost.stringArgument(args, "tag", true);
        String operationId = ToolHost.stringArgument(args, "operation_id", false);
        if (operationId != null && !operationId.matches("[A-Za-z0-9._:-]{1,128}")) {
            throw new InvalidArgument("operation_id must be 1-128 characters of letters, digits, . _ : -");
        }
        ActionArguments parsed = new ActionArguments(args, kind, tag, operationId);
        parsed.checkFields();
        return parsed;
    }

    String kind() {
        return kind;
    }

    String operationId() {
        return operationId;
    }

    private void checkFields() {
        switch (kind) {
            case "set_value" -> string("value", true);
            case "type_text" -> string("text", true);
            case "press" -> string("key", true);
            case "hotkey" -> keys();
            case "scroll" -> direction();
            case "drag" -> ToolHost.stringArgument(args, "to_tag", true);
            default -> {}
        }
    }

    Action action(SemanticObservation observation) throws ProtocolException {
        return switch (kind) {
            case "invoke" -> new Action.Invoke();
            case "set_value" -> new Action.SetValue(string("value", true));
            case "click" -> new Action.Click(button(), ToolHost.intArgument(args, "count", 1, 1, 3), false);
            case "type_text" -> new Action.TypeText(string("text", true), bool("clear"), bool("press_return"), null);
            case "press" -> new Action.Press(string("key", true), ToolHost.intArgument(args, "count", 1, 1, 100), null);
            case "hotkey" -> new Action.Hotkey(keys());
            case "scroll" -> new Action.Scroll(direction(), ToolHost.intArgument(args, "amount", 1, 1, 100));
            case "drag" ->
                new Action.Drag(
                        new TargetRef.Element(observation.target(ToolHost.stringArgument(args, "to_tag", true))),
                        button());
            default -> throw new InvalidArgument("unsupported action");
        };
    }

    TargetRef target(SemanticObservation observation) throws ProtocolException {
        return new TargetRef.Element(observation.target(tag));
    }

    /** set_value is proven by the value's hash on the same fenced target; other actions are not verified. */
    VerificationPolicy verification() {
        if (kind.equals("set_value")) {
            return new VerificationPolicy.TargetValueHash(
                    Sha256.hex(string("value", true).getBytes(StandardCharsets.UTF_8)));
        }
        return new VerificationPolicy.None();
    }

    /** A hash of every argument except the operation id: identical calls have identical fingerprints. */
    String fingerprint() {
        Map<String, Object> copy = new TreeMap<>(args);
        copy.remove("operation_id");
        try {
            return Sha256.hex(CANONICAL.writeValueAsBytes(copy));
        } catch (JsonProcessingException e) {
            throw new InvalidArgument("arguments must be JSON values");
        }
    }

    /** Lengths only, for the audit log. */
    Map<String, Object> auditLengths() {
        Map<String, Object> lengths = new TreeMap<>();
        for (String field : List.of("value", "text", "key")) {
            if (args.get(field) instanceof String s) {
                lengths.put(field + "_length", s.length());
            }
        }
        if (args.get("keys") instanceof List<?> list) {
            lengths.put("keys_count", list.size());
        }
        return lengths;
    }

    /** What the person is asked: the action and the element's tag, with lengths instead of content. */
    String confirmationMessage() {
        StringBuilder message = new StringBuilder("Praefectus: allow ")
                .append(kind)
                .append(" on element ")
                .append(tag);
        auditLengths()
                .forEach((field, n) -> message.append(", ")
                        .append(field.replace('_', ' '))
                        .append(' ')
                        .append(n));
        return message.append("?").toString();
    }

    private String string(String name, boolean required) {
        Object value = args.get(name);
        if (value == null && !required) {
            return null;
        }
        if (!(value instanceof String text) || text.length() > 65_536) {
            throw new InvalidArgument(name + " must be a string");
        }
        return text;
    }

    private boolean bool(String name) {
        Object value = args.get(name);
        if (value == null) {
            return false;
        }
        if (!(value instanceof Boolean b)) {
            throw new InvalidArgument(name + " must be a boolean");
        }
        return b;
    }

    private MouseButton button() {
        String name = ToolHost.stringArgument(args, "button", false);
        if (name == null) {
            return MouseButton.LEFT;
        }
        try {
            return MouseButton.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidArgument("button must be left, right or middle");
        }
    }

    private Direction direction() {
        String name = ToolHost.stringArgument(args, "direction", true);
        try {
            return Direction.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidArgument("direction must be up, down, left or right");
        }
    }

    private List<String> keys() {
        if (!(args.get("keys") instanceof List<?> list) || list.isEmpty() || list.size() > 8) {
            throw new InvalidArgument("keys must be a list of 1-8 key names");
        }
        List<String> keys = new ArrayList<>();
        for (Object key : list) {
            if (!(key instanceof String s) || s.isEmpty() || s.length() > 64) {
                throw new InvalidArgument("keys must be a list of 1-8 key names");
            }
            keys.add(s);
        }
        return keys;
    }
}
