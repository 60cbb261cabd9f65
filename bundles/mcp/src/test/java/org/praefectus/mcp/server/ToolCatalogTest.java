package org.praefectus.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.mcp.host.ToolResult;
import org.praefectus.mcp.host.ToolSet;

/**
 * Regression: an {@code isError} result of {@code act} (a declined confirmation) did not match act's output
 * schema, and the TypeScript SDK client rejected it with -32602 instead of returning the refusal. And the
 * schemas are portable as MCP Inspector's {@code --strict} wants them: no {@code type} array (a nullable field
 * is {@code anyOf} a type and {@code null}), no property that constrains nothing.
 */
class ToolCatalogTest {

    private final JsonSchemaValidator validator = new DefaultJsonSchemaValidator(new ObjectMapper());

    /** The definitions of every tool set: the desktop's and a browser page's. */
    private static java.util.List<ToolCatalog.Definition> everySet() {
        return java.util.Arrays.stream(ToolSet.values())
                .flatMap(set -> ToolCatalog.definitions(set).stream())
                .toList();
    }

    @Test
    void aBrowserPageListsCapabilitiesStatusAndItsOwnTools() {
        assertEquals(
                java.util.List.of(
                        "capabilities",
                        "status",
                        "observe",
                        "act",
                        "navigate_back",
                        "find",
                        "wait_for",
                        "tabs",
                        "screenshot",
                        "fill_form"),
                ToolCatalog.definitions(ToolSet.BROWSER).stream()
                        .map(ToolCatalog.Definition::name)
                        .toList());
    }

    @Test
    void everyToolAcceptsTheToolErrorShape() {
        ToolResult refusal = ToolResult.failure(
                "confirmation_declined", "declined", "do not retry", true, Map.of("operation_id", "op-1"));
        for (ToolCatalog.Definition definition : everySet()) {
            var result = validator.validate(ToolCatalog.outputSchema(definition.output()), refusal.structured());
            assertTrue(result.valid(), definition.name() + ": " + result.errorMessage());
        }
    }

    @Test
    void noSchemaHasATypeArrayOrAnUnconstrainedProperty() {
        for (ToolCatalog.Definition definition : everySet()) {
            assertPortable(definition.name() + ".input", definition.input());
            assertPortable(definition.name() + ".output", definition.output());
        }
    }

    private static void assertPortable(String path, Object schema) {
        if (!(schema instanceof Map<?, ?> node)) {
            return;
        }
        assertFalse(node.get("type") instanceof java.util.List, path + ": a type array");
        if (node.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((name, property) -> {
                assertTrue(
                        property instanceof Map<?, ?> p
                                && (p.containsKey("type") || p.containsKey("anyOf") || p.containsKey("enum")),
                        path + "." + name + ": constrains nothing");
                assertPortable(path + "." + name, property);
            });
        }
        if (node.get("items") != null) {
            assertPortable(path + "[]", node.get("items"));
        }
        if (node.get("anyOf") instanceof java.util.List<?> branches) {
            branches.forEach(branch -> assertPortable(path + "|", branch));
        }
    }

    @Test
    void aResultMissingRequiredFieldsIsStillRejected() {
        ToolCatalog.Definition act = ToolCatalog.definitions().stream()
                .filter(d -> d.name().equals("act"))
                .findFirst()
                .orElseThrow();
        var result = validator.validate(ToolCatalog.outputSchema(act.output()), Map.of("replayed", false));
        assertFalse(result.valid());
    }
}
