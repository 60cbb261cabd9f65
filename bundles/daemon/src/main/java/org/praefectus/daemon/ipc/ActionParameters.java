package org.praefectus.daemon.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.text.CallerText;

/**
 * The {@code action} object of an {@code act} request, in the protocol's wire shape ({@code kind} plus its
 * fields), turned into an {@link Action}; and the verification the daemon asks for it: {@code set_value} is
 * proven by the value's hash on the same fenced target, other actions are not verified.
 */
final class ActionParameters {

    private ActionParameters() {}

    static Action parse(JsonNode action) throws IpcException {
        if (action == null || !action.isObject() || !action.path("kind").isTextual()) {
            throw IpcException.invalid("act needs an action object with a kind");
        }
        String kind = action.get("kind").asText();
        try {
            return switch (kind) {
                case "invoke" -> new Action.Invoke();
                case "set_value" -> new Action.SetValue(text(action, "value"));
                case "click" ->
                    new Action.Click(
                            MouseButton.valueOf(
                                    action.path("button").asText("left").toUpperCase(Locale.ROOT)),
                            count(action, 3),
                            false);
                case "type_text" ->
                    new Action.TypeText(
                            text(action, "text"),
                            action.path("clear").asBoolean(false),
                            action.path("press_return").asBoolean(false),
                            delay(action));
                case "press" -> new Action.Press(text(action, "key"), count(action, 100), delay(action));
                case "paste" -> new Action.Paste(text(action, "text"));
                case "hotkey" -> new Action.Hotkey(keys(action));
                case "scroll" ->
                    new Action.Scroll(
                            Direction.valueOf(text(action, "direction").toUpperCase(Locale.ROOT)),
                            action.path("amount").asLong(1));
                case "select_text" ->
                    new Action.SelectText(
                            action.path("start").asLong(), action.path("length").asLong());
                case "perform_secondary_action" -> new Action.PerformSecondaryAction(text(action, "name"));
                default -> throw IpcException.invalid("act does not take the action kind " + CallerText.shown(kind));
            };
        } catch (IllegalArgumentException invalid) {
            throw IpcException.invalid("the " + CallerText.shown(kind) + " action has an invalid field");
        }
    }

    static VerificationPolicy verification(Action action) {
        if (action instanceof Action.SetValue value) {
            return new VerificationPolicy.TargetValueHash(
                    Sha256.hex(value.value().getBytes(StandardCharsets.UTF_8)));
        }
        return new VerificationPolicy.None();
    }

    private static String text(JsonNode action, String field) throws IpcException {
        JsonNode value = action.get(field);
        if (value == null || !value.isTextual()) {
            throw IpcException.invalid("the action needs the string field " + field);
        }
        return value.asText();
    }

    private static long count(JsonNode action, long max) throws IpcException {
        long count = action.path("count").asLong(1);
        if (count < 1 || count > max) {
            throw IpcException.invalid("count is 1 to " + max);
        }
        return count;
    }

    /** The protocol's optional {@code delay_ms} between keystrokes: a whole number of 0 to 1000 ms, or absent. */
    private static Long delay(JsonNode action) throws IpcException {
        JsonNode delay = action.get("delay_ms");
        if (delay == null || delay.isNull()) {
            return null;
        }
        if (!delay.canConvertToLong() || !delay.isIntegralNumber() || delay.asLong() < 0 || delay.asLong() > 1_000) {
            throw IpcException.invalid("delay_ms is a whole number of 0 to 1000 milliseconds");
        }
        return delay.asLong();
    }

    private static List<String> keys(JsonNode action) throws IpcException {
        JsonNode keys = action.get("keys");
        List<String> list = new ArrayList<>();
        if (keys != null && keys.isArray()) {
            keys.forEach(key -> list.add(key.asText()));
        }
        if (list.isEmpty() || list.stream().anyMatch(String::isEmpty)) {
            throw IpcException.invalid("hotkey needs a non-empty keys array");
        }
        return list;
    }
}
