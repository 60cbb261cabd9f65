package org.praefectus.api.workflow;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;
import org.praefectus.api.graph.GraphNode;

/**
 * An agent host's model as a drafter of workflows (PeekabooX's structured refinement and replanning providers):
 * registered by the host, called by {@link WorkflowDrafts}. The runtime never trusts an answer: each is validated as
 * strictly as a workflow file before anyone sees, saves or runs it, and none is ever run by the runtime on its own.
 * A method may throw any runtime exception; the caller then answers {@code provider_failed}.
 */
@ConsumerType
public interface WorkflowProvider {

    /**
     * A first draft for {@code goal}.
     *
     * @param desktop the elements of the current desktop graph (empty when there is none), for selectors
     */
    Workflow generate(String goal, List<GraphNode> desktop);

    /**
     * {@code workflow} improved as {@code feedback} asks (PeekabooX passes the goal as it).
     *
     * @param desktop the elements of the current desktop graph (empty when there is none)
     */
    Workflow refine(Workflow workflow, String feedback, List<GraphNode> desktop);

    /**
     * A replacement for {@code workflow}, whose run failed as {@code failure} reports.
     *
     * @param goal    what the workflow was for
     * @param desktop the elements of the current desktop graph (empty when there is none)
     */
    Workflow replan(String goal, Workflow workflow, FailureReport failure, List<GraphNode> desktop);
}
