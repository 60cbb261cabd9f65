package org.praefectus.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.util.List;

/** The contract's JSON schemas (copied into the test resources) applied to what the bridge serves. */
final class ContractSchemas {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));

    private ContractSchemas() {}

    static void assertValid(String schemaFile, JsonNode value) throws Exception {
        try (InputStream in = ContractSchemas.class.getResourceAsStream("/contract/" + schemaFile)) {
            Schema schema = REGISTRY.getSchema(BridgeFixture.JSON.readTree(in));
            List<String> errors =
                    schema.validate(value).stream().map(e -> e.getMessage()).toList();
            assertEquals(List.of(), errors, () -> schemaFile + " violated by " + value);
        }
    }
}
