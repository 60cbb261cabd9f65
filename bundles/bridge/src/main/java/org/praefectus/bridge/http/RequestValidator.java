package org.praefectus.bridge.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Validates {@code POST /runs} bodies against the contract's create_run_request schema (extended with the
 * seed's optional {@code model_profile} and {@code native_subagents}), bundled in this bundle. The schema is
 * compiled at the first validation, not when the bridge starts: it loads about 200 classes of the validator and
 * took about 0.1 CPU-seconds of the start to the first {@code /health} (issue 38 defect 7).
 */
final class RequestValidator {

    private static final int MAX_ERRORS_SHOWN = 5;

    private final ObjectMapper json;
    private volatile Schema schema;

    RequestValidator(ObjectMapper json) {
        this.json = json;
    }

    /** The violations (location and rule, never the offending value), empty when valid. */
    List<String> violations(JsonNode body) {
        List<Error> errors = schema().validate(body);
        return errors.stream().limit(MAX_ERRORS_SHOWN).map(Error::getMessage).toList();
    }

    private Schema schema() {
        Schema compiled = schema;
        if (compiled == null) {
            synchronized (this) {
                compiled = schema;
                if (compiled == null) {
                    compiled = compile();
                    schema = compiled;
                }
            }
        }
        return compiled;
    }

    private Schema compile() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(
                SpecificationVersion.DRAFT_2020_12,
                builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));
        try (InputStream in = RequestValidator.class.getResourceAsStream("/schemas/create_run_request.schema.json")) {
            return registry.getSchema(json.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("the bundled request schema is unreadable", e);
        }
    }
}
