package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shared shapes are one text each: every tool that takes a property group exposes exactly the group's
 * properties, no entry of {@code tools.json} carries a hand copy of a group or of a shared schema, and the
 * listed output schema keeps the required fields of a success and of a tool error; the tool guide keeps each
 * tool's full account (its {@code details}) where tools/list shows the summary.
 */
class ToolShapesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<Map<String, Object>> entries() throws Exception {
        try (InputStream in = ToolShapes.class.getResourceAsStream("tools.json")) {
            return JSON.readValue(in, new TypeReference<List<Map<String, Object>>>() {});
        }
    }

    @Test
    void everyToolTakingAGroupExposesTheGroupsPropertiesUnchanged() throws Exception {
        Map<String, ToolCatalog.Definition> definitions = ToolCatalog.definitions().stream()
                .collect(java.util.stream.Collectors.toMap(ToolCatalog.Definition::name, d -> d));
        int taken = 0;
        for (Map<String, Object> entry : entries()) {
            @SuppressWarnings("unchecked")
            List<String> groups = (List<String>) entry.getOrDefault("input_groups", List.of());
            Map<?, ?> properties =
                    (Map<?, ?>) definitions.get(entry.get("name")).input().get("properties");
            for (String group : groups) {
                ToolShapes.propertyGroups()
                        .get(group)
                        .forEach((name, schema) -> assertEquals(
                                schema, properties.get(name), entry.get("name") + "." + name + " is " + group + "'s"));
                taken++;
            }
        }
        assertTrue(taken >= 38, "the element, window-scope and operation_id groups are taken: " + taken);
        assertEquals(
                ToolShapes.propertyGroups().get("window_scope").keySet(),
                java.util.Set.of("app", "window_title", "window_id"));
    }

    @Test
    void noEntryCopiesAGroupOrASharedSchemaByHand() throws Exception {
        for (Map<String, Object> entry : entries()) {
            Map<?, ?> own = (Map<?, ?>) ((Map<?, ?>) entry.get("input")).get("properties");
            for (var group : ToolShapes.propertyGroups().entrySet()) {
                boolean copied = group.getValue().entrySet().stream()
                        .allMatch(p -> own != null && p.getValue().equals(own.get(p.getKey())));
                assertFalse(copied, entry.get("name") + " copies the group " + group.getKey());
            }
            for (var shared : ToolShapes.schemas().entrySet()) {
                assertFalse(
                        contains(entry.get("input"), shared.getValue()),
                        entry.get("name") + " copies the shared schema " + shared.getKey());
            }
        }
    }

    @Test
    void aSharedSchemaIsExpandedWhereAToolNamesIt() {
        ToolCatalog.Definition compare = ToolCatalog.definitions().stream()
                .filter(d -> d.name().equals("compare_images"))
                .findFirst()
                .orElseThrow();
        Map<?, ?> properties = (Map<?, ?>) compare.input().get("properties");
        assertEquals(ToolShapes.schemas().get("png"), properties.get("expected"));
        assertEquals(ToolShapes.schemas().get("png"), properties.get("actual"));
        assertFalse(contains(compare.input(), Map.of(ToolShapes.SHARED, "png")));
    }

    @Test
    void theListedOutputSchemaKeepsTheRequiredFieldsAndTheErrorShape() {
        Map<String, Object> success = Map.of(
                "type", "object",
                "properties", Map.of("window", Map.of("type", "object", "description", "prose")),
                "required", List.of("window"));
        assertEquals(
                Map.of(
                        "type",
                        "object",
                        "anyOf",
                        List.of(
                                Map.of("required", List.of("window")),
                                Map.of("required", List.of("error", "retry_safe")))),
                ToolCatalog.outputSchema(success));
        assertEquals(Map.of("type", "object"), ToolCatalog.outputSchema(Map.of("type", "object")));
    }

    @Test
    void theToolGuideKeepsEachToolsFullAccount() {
        String guide = ToolCatalog.guide();
        for (ToolCatalog.Definition definition : ToolCatalog.definitions()) {
            String account = definition.details() != null ? definition.details() : definition.description();
            assertTrue(guide.contains(account), definition.name() + "'s full account is in the guide");
        }
        assertTrue(guide.contains("executed at most once; an identical call with the same operation_id replays"));
    }

    private static boolean contains(Object node, Object wanted) {
        if (node.equals(wanted)) {
            return true;
        }
        if (node instanceof Map<?, ?> map) {
            return map.values().stream().anyMatch(v -> contains(v, wanted));
        }
        if (node instanceof List<?> list) {
            return list.stream().anyMatch(v -> contains(v, wanted));
        }
        return false;
    }
}
