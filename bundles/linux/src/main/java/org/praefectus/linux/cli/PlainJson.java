package org.praefectus.linux.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.canonical.JsonValue;

/**
 * The protocol's own JSON tree as plain maps, lists, strings, numbers and booleans, which the CLI bundle
 * serialises with Jackson; field names stay exactly as the protocol writes them (snake_case).
 */
final class PlainJson {

    private PlainJson() {
    }

    static Object of(JsonValue value) {
        if (value instanceof JsonValue.JsonObject object) {
            Map<String, Object> members = new LinkedHashMap<>();
            object.members().forEach((key, member) -> members.put(key, of(member)));
            return members;
        }
        if (value instanceof JsonValue.JsonArray array) {
            List<Object> elements = new ArrayList<>();
            array.elements().forEach(element -> elements.add(of(element)));
            return elements;
        }
        if (value instanceof JsonValue.JsonString string) {
            return string.value();
        }
        if (value instanceof JsonValue.JsonNumber number) {
            return number.value();
        }
        if (value instanceof JsonValue.JsonBoolean bool) {
            return bool.value();
        }
        return null;
    }
}
