package org.praefectus.workflow.draft;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * A workflow built in memory, checked as strictly as a file: written as its JSON tree and read back through
 * {@link WorkflowFiles#fromTree}, so a record built by a provider (whose constructor checks nothing) passes the same
 * field, type and per-action rules as a file. The answer is the workflow as a file would load it.
 */
public final class DraftValidation {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DraftValidation() {}

    /** {@code workflow} as a file would load it, or the step and field that are wrong. */
    public static Workflow validated(Workflow workflow) throws WorkflowValidationException {
        if (workflow == null) {
            throw new WorkflowValidationException(-1, null, "there is no workflow");
        }
        return WorkflowFiles.fromTree(JSON.valueToTree(workflow));
    }

    /** A provider's answer validated: what is wrong is {@code invalid_draft}, naming the step and the field. */
    public static Workflow providerAnswer(Workflow answer) throws WorkflowValidationException {
        try {
            return validated(answer);
        } catch (WorkflowValidationException e) {
            throw e.asDraft();
        }
    }
}
