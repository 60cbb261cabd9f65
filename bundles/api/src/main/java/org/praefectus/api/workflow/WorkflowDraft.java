package org.praefectus.api.workflow;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A validated draft: a workflow nobody has run, to be reviewed, edited, saved or run by whoever asked for it.
 *
 * @param workflow   the workflow, valid as a file would be
 * @param source     {@value #BUILT_IN} (the runtime's deterministic draft) or {@value #PROVIDER} (the host's
 *                   {@link WorkflowProvider}, validated)
 * @param snapshotId the desktop graph snapshot whose elements it was drafted from, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkflowDraft(
        @JsonProperty("workflow") Workflow workflow,
        @JsonProperty("source") String source,
        @JsonProperty("snapshot_id") String snapshotId) {

    /** Drafted by the runtime itself. */
    public static final String BUILT_IN = "built_in";
    /** Drafted by the host's provider. */
    public static final String PROVIDER = "provider";

    public WorkflowDraft {
        requireNonNull(workflow, "workflow");
        requireNonNull(source, "source");
    }
}
