package org.praefectus.api.workflow;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A workflow as PeekabooX writes it: {@code schema_version} ({@value #SCHEMA_VERSION}), a name and at least one
 * step. Built by {@link WorkflowService}, which validates it.
 */
@JsonPropertyOrder({"schema_version", "name", "steps"})
public record Workflow(
        @JsonProperty("schema_version") String schemaVersion,
        @JsonProperty("name") String name,
        @JsonProperty("steps") List<WorkflowStep> steps) {

    /** The schema PeekabooX writes; its legacy spellings are read as this one. */
    public static final String SCHEMA_VERSION = "peekaboox.workflow.v1";

    public Workflow {
        steps = List.copyOf(steps);
    }

    @Override
    public String toString() {
        return "Workflow[" + steps.size() + " steps]";
    }
}
