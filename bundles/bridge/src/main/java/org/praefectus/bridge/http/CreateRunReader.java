package org.praefectus.bridge.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.praefectus.bridge.run.ApiException;
import org.praefectus.bridge.run.CreateRunRequest;
import org.praefectus.bridge.run.RunLimits;

/**
 * Reads a {@code POST /runs} body: JSON as the servlet's mapper reads it (duplicate keys, unknown properties and
 * trailing tokens refused), an object, the unknown {@code task_spec} fields dropped with a warning each
 * ({@link TaskSpecFields}), the contract's schema ({@link RequestValidator}), a timeout the bridge can keep.
 * Every refusal is a 400 {@code validation_error}.
 */
final class CreateRunReader {

    /** A request that passed every check, and the warnings for the {@code task_spec} fields it dropped. */
    record Parsed(CreateRunRequest request, List<String> warnings) {}

    private final ObjectMapper json;
    private final RequestValidator validator;
    private final RunLimits limits;

    CreateRunReader(ObjectMapper json, RunLimits limits) {
        this.json = json;
        this.validator = new RequestValidator(json);
        this.limits = limits;
    }

    Parsed read(byte[] body) throws ApiException {
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (IOException e) {
            throw new ApiException(400, "validation_error", "The body is not valid JSON.");
        }
        if (node == null || !node.isObject()) {
            throw new ApiException(400, "validation_error", "The body must be a JSON object.");
        }
        List<String> warnings = TaskSpecFields.dropUnknown(node);
        List<String> violations = validator.violations(node);
        if (!violations.isEmpty()) {
            throw new ApiException(400, "validation_error", String.join("; ", violations));
        }
        JsonNode timeout = node.get("timeout_seconds");
        if (!timeout.canConvertToLong() || timeout.asLong() > limits.maxTimeoutSeconds()) {
            throw new ApiException(400, "validation_error", limits.timeoutRefusal());
        }
        try {
            return new Parsed(json.treeToValue(node, CreateRunRequest.class), warnings);
        } catch (IOException e) {
            throw new ApiException(400, "validation_error", "The body does not match the request schema.");
        }
    }
}
