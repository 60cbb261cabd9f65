package org.praefectus.api.workflow;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A built-in, editable workflow template as PeekabooX describes one ({@code workflows/templates.py}): a starting
 * point a person copies, edits (its placeholders say {@code Replace Me}) and runs as a workflow file. A listing
 * carries the description only; a template's info carries the workflow too, as an object and as JSON and YAML text.
 *
 * @param id           the stable id ({@code semantic-click})
 * @param name         a human name
 * @param description  what it does
 * @param category     {@code observe}, {@code input}…
 * @param capabilities PeekabooX's capability names a run of it needs ({@code observe}, {@code click},
 *                     {@code type_text}…)
 * @param tags         search words
 * @param steps        how many steps its workflow has
 * @param workflow     the workflow, valid as it ships; {@code null} in a listing
 * @param json         the workflow as JSON text; {@code null} in a listing
 * @param yaml         the workflow as YAML text; {@code null} in a listing
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "name", "description", "category", "capabilities", "tags", "steps", "workflow", "json", "yaml"
})
public record WorkflowTemplate(
        @JsonProperty("id") String id,
        @JsonProperty("name") String name,
        @JsonProperty("description") String description,
        @JsonProperty("category") String category,
        @JsonProperty("capabilities") List<String> capabilities,
        @JsonProperty("tags") List<String> tags,
        @JsonProperty("steps") int steps,
        @JsonProperty("workflow") Workflow workflow,
        @JsonProperty("json") String json,
        @JsonProperty("yaml") String yaml) {

    public WorkflowTemplate {
        requireNonNull(id, "id");
        capabilities = List.copyOf(capabilities);
        tags = List.copyOf(tags);
    }

    /** This template as a listing shows it: without the workflow. */
    public WorkflowTemplate listing() {
        return new WorkflowTemplate(id, name, description, category, capabilities, tags, steps, null, null, null);
    }
}
