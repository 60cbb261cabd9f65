package org.praefectus.linux.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.StrictJsonParser;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;

/**
 * Reads a {@code desktop-profile.v1} file strictly: unknown fields, a wrong schema version, a selector that does
 * not parse or a verb no helper has are errors, never a profile that matches more than it says.
 */
final class ProfileParser {

    static final String SCHEMA_VERSION = org.praefectus.api.desktop.ProfileInfo.SCHEMA_VERSION;
    static final int MAX_BYTES = 256 * 1024;

    private static final Set<String> TOP =
            Set.of("schema_version", "app", "aliases", "desktop_ids", "launch", "window", "targets");

    private ProfileParser() {}

    /** A profile that does not parse; the message is a fixed text naming the field. */
    static final class InvalidProfile extends Exception {
        private static final long serialVersionUID = 1L;

        InvalidProfile(String message) {
            super(message, null, false, false);
        }
    }

    static DesktopProfile parse(byte[] bytes, String source) throws InvalidProfile {
        JsonValue root;
        try {
            root = StrictJsonParser.parse(bytes, MAX_BYTES);
        } catch (JsonFormatException e) {
            throw new InvalidProfile("not strict JSON");
        }
        Map<String, JsonValue> top = object(root, "the profile", TOP);
        if (!SCHEMA_VERSION.equals(string(top, "schema_version", true))) {
            throw new InvalidProfile("schema_version must be " + SCHEMA_VERSION);
        }
        String app = name(string(top, "app", true), "app");
        Map<String, JsonValue> launch = object(required(top, "launch"), "launch", Set.of("command", "args"));
        Map<String, JsonValue> window = object(required(top, "window"), "window", Set.of("app"));
        Map<String, JsonValue> targets = object(required(top, "targets"), "targets", null);
        Map<String, DesktopProfile.Target> parsed = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> entry : targets.entrySet()) {
            String target = name(entry.getKey(), "a target name");
            Map<String, JsonValue> fields =
                    object(entry.getValue(), "target " + target, Set.of("description", "selector", "supports"));
            String selectorText = string(fields, "selector", true);
            Selector selector;
            try {
                selector = Selector.parse(selectorText);
            } catch (SelectorException e) {
                throw new InvalidProfile("target " + target + ": the selector does not parse");
            }
            List<String> supports = strings(fields, "supports");
            for (String verb : supports) {
                if (!DesktopProfile.VERBS.contains(verb)) {
                    throw new InvalidProfile("target " + target + ": unknown verb in supports");
                }
            }
            String description = fields.containsKey("description") ? string(fields, "description", true) : "";
            parsed.put(target, new DesktopProfile.Target(target, description, selectorText, selector, supports));
        }
        if (parsed.isEmpty()) {
            throw new InvalidProfile("a profile needs at least one target");
        }
        return new DesktopProfile(
                app,
                top.containsKey("aliases") ? strings(top, "aliases") : List.of(),
                top.containsKey("desktop_ids") ? strings(top, "desktop_ids") : List.of(),
                string(launch, "command", true),
                launch.containsKey("args") ? strings(launch, "args") : List.of(),
                string(window, "app", true),
                parsed,
                source);
    }

    private static String name(String value, String what) throws InvalidProfile {
        if (!value.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
            throw new InvalidProfile(what + " must be lower-case letters, digits, '.', '_' or '-'");
        }
        return value;
    }

    private static JsonValue required(Map<String, JsonValue> fields, String key) throws InvalidProfile {
        JsonValue value = fields.get(key);
        if (value == null) {
            throw new InvalidProfile(key + " is missing");
        }
        return value;
    }

    /** @param allowed the field names it may have, or null for any (a map of targets) */
    private static Map<String, JsonValue> object(JsonValue value, String what, Set<String> allowed)
            throws InvalidProfile {
        if (!(value instanceof JsonValue.JsonObject object)) {
            throw new InvalidProfile(what + " must be an object");
        }
        if (allowed != null) {
            for (String key : object.members().keySet()) {
                if (!allowed.contains(key)) {
                    throw new InvalidProfile(what + " has an unknown field");
                }
            }
        }
        return object.members();
    }

    private static String string(Map<String, JsonValue> fields, String key, boolean nonEmpty) throws InvalidProfile {
        if (!(required(fields, key) instanceof JsonValue.JsonString string)
                || (nonEmpty && string.value().isBlank())) {
            throw new InvalidProfile(key + " must be a non-empty string");
        }
        return string.value();
    }

    private static List<String> strings(Map<String, JsonValue> fields, String key) throws InvalidProfile {
        if (!(required(fields, key) instanceof JsonValue.JsonArray array)) {
            throw new InvalidProfile(key + " must be an array of strings");
        }
        List<String> values = new ArrayList<>();
        for (JsonValue element : array.elements()) {
            if (!(element instanceof JsonValue.JsonString string)) {
                throw new InvalidProfile(key + " must be an array of strings");
            }
            values.add(string.value());
        }
        return values;
    }
}
