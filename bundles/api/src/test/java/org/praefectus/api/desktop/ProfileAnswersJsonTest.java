package org.praefectus.api.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The desktop profile answers as every surface writes them: the profile's name, then what was asked
 * ({@code target_name}, {@code window_title}, {@code window_id}, null when not asked), then the answer; and the
 * requests refuse what cannot be a profile action.
 */
class ProfileAnswersJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void anAssertionNamesWhatWasAskedThenItsChecks() {
        ProfileCheck check = new ProfileCheck(
                "text-editor",
                new ProfileAim("mousepad", "document", "notes.txt", null),
                List.of(new ProfileCheck.Condition("not-exists", true)),
                List.of());
        JsonNode json = JSON.valueToTree(check);
        assertEquals(
                List.of("app", "target_name", "window_title", "window_id", "passed", "checks", "count", "element"),
                fields(json));
        assertEquals("text-editor", json.get("app").asText(), "the profile's own name, not the alias asked for");
        assertEquals("document", json.get("target_name").asText());
        assertEquals("notes.txt", json.get("window_title").asText());
        assertEquals(true, json.get("window_id").isNull());
        assertEquals(true, json.get("passed").asBoolean());
        assertEquals(0, json.get("count").asInt());
        assertEquals(true, json.get("element").isNull());
        assertEquals(null, check.failure());
        ProfileCheck failed = new ProfileCheck(
                "text-editor",
                new ProfileAim("text-editor", "document", null, null),
                List.of(new ProfileCheck.Condition("exists", false)),
                List.of());
        assertEquals("assertion_failed", failed.failure().code());
        assertEquals(failed, failed.failure().details());
    }

    @Test
    void aFocusOfAnActiveWindowHasNoOperation() {
        ProfileFocus focus = new ProfileFocus(
                "text-editor",
                new ProfileAim("text-editor", null, null, "0x1"),
                null,
                true,
                List.of("the window is active already"),
                null);
        JsonNode json = JSON.valueToTree(focus);
        assertEquals(
                List.of("app", "target_name", "window_title", "window_id", "window", "focused", "focus_diagnostics"),
                fields(json));
        assertFalse(json.has("operation"));
    }

    @Test
    void aProfileActionIsValidOrNotMade() {
        ProfileAim aim = new ProfileAim("drawing", "canvas", null, null);
        assertThrows(IllegalArgumentException.class, () -> new ProfileAim(" ", "canvas", null, null));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProfileAction.drag(aim, new double[] {0, 0}, new double[] {1.5, 0}, null, false, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProfileAction.drag(aim, new double[] {0, 0}, new double[] {1, 0}, 20_000L, false, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProfileAction.typeInto(aim, "x".repeat(ProfileAction.MAX_TEXT_BYTES + 1), false, false, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProfileAction.click(new ProfileAim("drawing", null, null, null), false, false));
        assertEquals(
                "ProfileAction[type-into, ProfileAim[drawing, canvas], redacted]",
                ProfileAction.typeInto(aim, "secret", false, true, false).toString(),
                "the text never reaches a log");
    }
}
