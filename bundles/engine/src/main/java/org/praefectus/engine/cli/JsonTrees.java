package org.praefectus.engine.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.canonical.JsonValue;

/** A protocol JSON tree as plain maps and lists, so the CLI's serializer writes it in wire order. */
final class JsonTrees {

    private JsonTrees() {
    }

    static Object toPlain(JsonValue value) {
        if (value instanceof JsonValue.JsonObject object) {
            Map<String, Object> map = new LinkedHashMap<>();
            object.members().forEach((key, member) -> map.put(key, toPlain(member)));
            return map;
        }
        if (value instanceof JsonValue.JsonArray array) {
            List<Object> list = new ArrayList<>();
            array.elements().forEach(element -> list.add(toPlain(element)));
            return list;
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
