package org.praefectus.plugins.call;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Validates tool arguments against the tool's {@code input_schema} with networknt json-schema-validator,
 * JSON Schema draft 2020-12 unless the schema names another dialect. A schema never fetches anything
 * from the network: a remote {@code $ref} fails validation instead.
 */
public final class ArgumentValidator {

    /** Shown errors are capped so a huge argument object cannot produce a huge message. */
    private static final int MAX_ERRORS_SHOWN = 5;

    /** Built at the first validation: the registry loads a few hundred classes that most commands never use. */
    private volatile SchemaRegistry registry;

    /**
     * @return the violations, empty when the arguments are valid; each names the location and the broken
     *         rule, never the offending value
     */
    public List<String> violations(JsonNode inputSchema, JsonNode arguments) {
        Schema schema = registry().getSchema(inputSchema);
        List<Error> errors = schema.validate(arguments);
        return errors.stream().map(Error::getMessage).toList();
    }

    private SchemaRegistry registry() {
        SchemaRegistry built = registry;
        if (built == null) {
            synchronized (this) {
                built = registry;
                if (built == null) {
                    built = SchemaRegistry.withDefaultDialect(
                            SpecificationVersion.DRAFT_2020_12,
                            builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));
                    registry = built;
                }
            }
        }
        return built;
    }

    /** The violations as one message, or empty when valid. */
    public String describe(List<String> violations) {
        String shown = violations.stream().limit(MAX_ERRORS_SHOWN).collect(Collectors.joining("; "));
        return violations.size() > MAX_ERRORS_SHOWN
                ? shown + "; and " + (violations.size() - MAX_ERRORS_SHOWN) + " more"
                : shown;
    }
}
