package org.praefectus.workflow.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;

/**
 * Workflow files in PeekabooX's shape, JSON or YAML (chosen by the file's suffix, else by the text: JSON starts
 * with <code>{</code>), read strictly: an unknown top-level key, an unknown step field, a value of the wrong type
 * or a broken rule ({@link StepRules}) is a {@link WorkflowValidationException} naming the step and the field.
 * Written back with absent options left out, so a loaded file saves as it was.
 */
public final class WorkflowFiles {

    private static final Set<String> TOP_LEVEL = Set.of("schema_version", "name", "steps");
    /** PeekabooX reads these as its current schema. */
    private static final Set<String> LEGACY_SCHEMAS = Set.of("1", "workflow.v1", "peekaboox.workflow.legacy");

    private static final Map<String, Boolean> BOOLEAN_WORDS =
            Map.of("true", true, "yes", true, "on", true, "false", false, "no", false, "off", false);

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build());

    private WorkflowFiles() {}

    /** Reads and validates a workflow file. */
    public static Workflow load(Path file) throws IOException, WorkflowValidationException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return parse(text, formatOf(file.getFileName().toString(), text));
    }

    /** Parses and validates a workflow in {@code format} ({@code json} or {@code yaml}), or detected when {@code null}. */
    public static Workflow parse(String text, String format) throws WorkflowValidationException {
        String chosen = format == null ? formatOf("", text) : format.toLowerCase(Locale.ROOT);
        ObjectMapper mapper = switch (chosen) {
            case "json" -> JSON;
            case "yaml", "yml" -> YAML;
            default -> throw new WorkflowValidationException(-1, null, "unsupported workflow format " + chosen);
        };
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            // the location only: the parser's message may quote the file's text
            throw new WorkflowValidationException(
                    -1,
                    null,
                    "not valid " + chosen + " (line " + e.getLocation().getLineNr() + ")");
        }
        return fromTree(root);
    }

    /** Validates a workflow given as a JSON tree (an MCP argument, a provider's draft). */
    public static Workflow fromTree(JsonNode root) throws WorkflowValidationException {
        if (root == null || !root.isObject()) {
            throw new WorkflowValidationException(-1, null, "a workflow definition must be an object");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!TOP_LEVEL.contains(name)) {
                throw new WorkflowValidationException(-1, name, "unknown field");
            }
        }
        String schema = schema(root.get("schema_version"));
        JsonNode name = root.get("name");
        String workflowName = name == null || name.isNull() ? "workflow" : name.isTextual() ? name.asText() : null;
        if (workflowName == null || workflowName.isBlank()) {
            throw new WorkflowValidationException(-1, "name", "must be a non-empty string");
        }
        JsonNode steps = root.get("steps");
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            throw new WorkflowValidationException(-1, "steps", "must be a non-empty list");
        }
        List<WorkflowStep> parsed = new ArrayList<>();
        for (int index = 0; index < steps.size(); index++) {
            parsed.add(step(steps.get(index), index));
        }
        return new Workflow(schema, workflowName, parsed);
    }

    private static String schema(JsonNode value) throws WorkflowValidationException {
        if (value == null || value.isNull()) {
            return Workflow.SCHEMA_VERSION;
        }
        String text = value.isTextual() || value.isIntegralNumber() ? value.asText() : null;
        if (Workflow.SCHEMA_VERSION.equals(text) || LEGACY_SCHEMAS.contains(text)) {
            return Workflow.SCHEMA_VERSION;
        }
        throw new WorkflowValidationException(-1, "schema_version", "unsupported; expected " + Workflow.SCHEMA_VERSION);
    }

    private static WorkflowStep step(JsonNode node, int index) throws WorkflowValidationException {
        if (!node.isObject()) {
            throw new WorkflowValidationException(index, null, "must be an object");
        }
        ObjectNode typed = ((ObjectNode) node).deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            StepRules.Kind kind = StepRules.FIELDS.get(field.getKey());
            if (kind == null) {
                throw new WorkflowValidationException(index, field.getKey(), "unknown field");
            }
            if (!field.getValue().isNull()) {
                typed.set(field.getKey(), typed(field.getValue(), kind, index, field.getKey()));
            }
        }
        WorkflowStep step;
        try {
            step = JSON.treeToValue(typed, WorkflowStep.class);
        } catch (JsonProcessingException e) {
            throw new WorkflowValidationException(index, null, "cannot be read");
        }
        StepRules.check(step, index);
        return step;
    }

    private static JsonNode typed(JsonNode value, StepRules.Kind kind, int index, String field)
            throws WorkflowValidationException {
        boolean ok = switch (kind) {
            case STRING -> value.isTextual();
            case INTEGER -> value.isIntegralNumber() && value.canConvertToLong();
            case NUMBER -> value.isNumber();
            case BOOLEAN ->
                value.isBoolean()
                        || (value.isTextual()
                                && BOOLEAN_WORDS.containsKey(value.asText().toLowerCase(Locale.ROOT)));
        };
        if (!ok) {
            throw new WorkflowValidationException(index, field, "must be " + article(kind));
        }
        return kind == StepRules.Kind.BOOLEAN && value.isTextual()
                ? BooleanNode.valueOf(BOOLEAN_WORDS.get(value.asText().toLowerCase(Locale.ROOT)))
                : value;
    }

    private static String article(StepRules.Kind kind) {
        return switch (kind) {
            case STRING -> "a string";
            case INTEGER -> "an integer";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
        };
    }

    /** {@code json} for a {@code .json} file, {@code yaml} for {@code .yaml}/{@code .yml}, else by the text. */
    static String formatOf(String fileName, String text) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".json")) {
            return "json";
        }
        if (lower.endsWith(".yaml") || lower.endsWith(".yml")) {
            return "yaml";
        }
        return text.stripLeading().startsWith("{") ? "json" : "yaml";
    }

    /** The workflow as text in {@code format} ({@code json} or {@code yaml}). */
    public static String write(Workflow workflow, String format) {
        try {
            return (format.equalsIgnoreCase("json") ? JSON : YAML).writeValueAsString(workflow);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a workflow record always serializes", e);
        }
    }

    /** Writes the workflow to {@code file}, as JSON or YAML by its suffix (JSON otherwise). */
    public static void save(Workflow workflow, Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String format = name.endsWith(".yaml") || name.endsWith(".yml") ? "yaml" : "json";
        Files.writeString(file, write(workflow, format), StandardCharsets.UTF_8);
    }
}
