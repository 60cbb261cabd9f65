package org.praefectus.mcp.server;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.text.CallerText;

/**
 * A call's arguments against its tool's input schema, checked here instead of by the SDK (whose refusal is text
 * only): a field the schema does not name is {@code unsupported_field} naming it, as on the socket and gRPC, and any
 * other mismatch is {@code invalid_arguments} with the schema's own account of it (the path and the rule, never the
 * value). Both come back in the tool-error shape with a code, like every other refused call.
 */
final class ToolInputCheck {

    /** Why the arguments were refused: a stable code and a message naming the field or the rule. */
    record Refusal(String code, String message) {}

    private final Map<String, Object> schema;
    private final Set<String> fields;
    private final boolean closed;
    private final JsonSchemaValidator validator;

    ToolInputCheck(Map<String, Object> schema, JsonSchemaValidator validator) {
        this.schema = schema;
        this.fields = schema.get("properties") instanceof Map<?, ?> properties
                ? properties.keySet().stream().map(String::valueOf).collect(java.util.stream.Collectors.toSet())
                : Set.of();
        this.closed = Boolean.FALSE.equals(schema.get("additionalProperties"));
        this.validator = validator;
    }

    /** Empty when the arguments ({@code null} is none) conform to the schema. */
    Optional<Refusal> refusal(Map<String, Object> arguments) {
        Map<String, Object> args = arguments == null ? Map.of() : arguments;
        if (closed) {
            Optional<String> unknown = args.keySet().stream()
                    .filter(name -> !fields.contains(name))
                    .sorted()
                    .findFirst();
            if (unknown.isPresent()) {
                return Optional.of(new Refusal(
                        "unsupported_field",
                        "the tool does not implement the field " + CallerText.shown(unknown.get())
                                + ": nothing was done"));
            }
        }
        JsonSchemaValidator.ValidationResponse response = validator.validate(schema, args);
        if (response.valid()) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(
                "invalid_arguments",
                "the arguments do not match the tool's input_schema: " + bounded(response.errorMessage())));
    }

    /** The validator's message names paths and rules; bounded so a deep mismatch cannot flood the answer. */
    private static String bounded(String message) {
        String text = message == null ? "" : message.replaceAll("[\\p{Cntrl}]", " ");
        return text.length() <= 400 ? text : text.substring(0, 400) + "…";
    }
}
