package org.praefectus.mcp.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shapes several tools share, each written once in {@code tool-shapes.json}: property groups a tool's entry
 * names in {@code input_groups} (the element a selector or tag aims at, the windows a search is scoped to, the
 * idempotency key) and schemas a property names as {@code {"$shared": name}} (a PNG). Expanded here, so what a
 * tool lists, what its arguments are checked against and what the guide shows is the one text of each shape, not
 * a hand copy per tool.
 */
final class ToolShapes {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The marker of a shared schema inside a tool's schema. */
    static final String SHARED = "$shared";

    private static final Shapes SHAPES = read();

    private ToolShapes() {}

    /** The shapes as the resource defines them. */
    record Shapes(Map<String, Map<String, Object>> propertyGroups, Map<String, Map<String, Object>> schemas) {}

    /** The property groups by name: what a tool taking the group exposes, unchanged. */
    static Map<String, Map<String, Object>> propertyGroups() {
        return SHAPES.propertyGroups();
    }

    /** The schemas a property refers to by name. */
    static Map<String, Map<String, Object>> schemas() {
        return SHAPES.schemas();
    }

    /**
     * The input schema a tool exposes: the named groups' properties first, then the entry's own, every shared
     * schema replaced by its definition.
     */
    static Map<String, Object> input(List<String> groups, Map<String, Object> input) {
        Map<String, Object> expanded = new LinkedHashMap<>(input);
        Map<String, Object> properties = new LinkedHashMap<>();
        for (String group : groups) {
            Map<String, Object> shared = SHAPES.propertyGroups().get(group);
            if (shared == null) {
                throw new IllegalStateException("tools.json names the unknown property group " + group);
            }
            properties.putAll(shared);
        }
        if (input.get("properties") instanceof Map<?, ?> own) {
            own.forEach((name, schema) -> properties.put(String.valueOf(name), schema));
        }
        expanded.put("properties", properties);
        @SuppressWarnings("unchecked")
        Map<String, Object> resolved = (Map<String, Object>) resolve(expanded);
        return resolved;
    }

    private static Object resolve(Object node) {
        if (node instanceof Map<?, ?> map) {
            if (map.get(SHARED) instanceof String name) {
                Map<String, Object> shared = SHAPES.schemas().get(name);
                if (shared == null || map.size() != 1) {
                    throw new IllegalStateException("tools.json refers to the shared schema " + name
                            + " that does not exist, or with other keys beside it");
                }
                return shared;
            }
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, value) -> copy.put(String.valueOf(key), resolve(value)));
            return copy;
        }
        if (node instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(resolve(item)));
            return copy;
        }
        return node;
    }

    private static Shapes read() {
        try (InputStream in = ToolShapes.class.getResourceAsStream("tool-shapes.json")) {
            Map<String, Map<String, Map<String, Object>>> shapes =
                    JSON.readValue(in, new TypeReference<Map<String, Map<String, Map<String, Object>>>>() {});
            return new Shapes(Map.copyOf(shapes.get("property_groups")), Map.copyOf(shapes.get("schemas")));
        } catch (IOException e) {
            throw new UncheckedIOException("tool-shapes.json is part of the bundle", e);
        }
    }
}
