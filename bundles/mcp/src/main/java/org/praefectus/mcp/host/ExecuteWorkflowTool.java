package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowStep;

/**
 * {@code execute_workflow} (PeekabooX: the workflow inline, {@code name} and {@code steps}) and
 * {@code execute_workflow_file} (a JSON or YAML file at {@code path}), both with {@code run_id} and {@code dry_run}:
 * the workflow validated strictly, then run by the typed workflow service with this server as its signer
 * ({@link ToolSigner}): each step's effect is one signed, fenced, at-most-once operation under this server's
 * profile and confirmation policy. {@code workflow_execute} in the confirmation policy asks once for the whole run
 * first. The result is the run's ({@code run_id}, per-attempt results, {@code failure}); a run that does not succeed
 * is the tool error {@code workflow_failed} carrying it.
 */
final class ExecuteWorkflowTool implements Tool {

    private static final Set<String> INLINE = Set.of("schema_version", "name", "steps", "run_id", "dry_run");
    private static final Set<String> FILE = Set.of("path", "run_id", "dry_run");

    private final String name;
    private final HostServices services;
    private final SignedActions actions;

    private ExecuteWorkflowTool(String name, HostServices services, SignedActions actions) {
        this.name = name;
        this.services = services;
        this.actions = actions;
    }

    static ExecuteWorkflowTool inline(HostServices services, SignedActions actions) {
        return new ExecuteWorkflowTool("execute_workflow", services, actions);
    }

    static ExecuteWorkflowTool file(HostServices services, SignedActions actions) {
        return new ExecuteWorkflowTool("execute_workflow_file", services, actions);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        boolean fromFile = name.equals("execute_workflow_file");
        ToolArguments.onlyArguments(name, args, fromFile ? FILE : INLINE);
        String runId = ToolArguments.stringArgument(args, "run_id", false);
        boolean dryRun = ToolArguments.boolArgument(args, "dry_run");
        WorkflowServiceTools.Service service = WorkflowServiceTools.of(services, name);
        if (service.missing() != null) {
            return service.missing();
        }
        try {
            Workflow workflow = fromFile
                    ? service.workflows().load(WorkflowServiceTools.path(args))
                    : service.workflows().parse(definition(args), "json");
            if (!dryRun) {
                var refused = actions.confirmRun(name, question(workflow), context);
                if (refused.isPresent()) {
                    return refused.get();
                }
            }
            return WorkflowServiceTools.run(service.workflows()
                    .execute(
                            workflow,
                            new WorkflowRun(runId, dryRun, ToolSigner.workflow(name, actions, context)),
                            context.cancellation().token()));
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }

    /** The workflow's own fields of the arguments, as the JSON the service parses strictly. */
    private static String definition(Map<String, Object> args) {
        Map<String, Object> workflow = new LinkedHashMap<>(args);
        workflow.keySet().removeAll(Set.of("run_id", "dry_run"));
        try {
            return ToolJson.JSON.writeValueAsString(workflow);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ToolArguments.InvalidArgument("the workflow arguments cannot be read as JSON");
        }
    }

    /** The run as the person is asked about it: its step count and actions, never a value or selector. */
    static String question(Workflow workflow) {
        return "Praefectus asks you to allow a workflow to run on this computer.\n"
                + "Steps: " + workflow.steps().size() + " ("
                + String.join(
                        ", ",
                        workflow.steps().stream()
                                .map(WorkflowStep::canonicalAction)
                                .toList()) + ")\n";
    }
}
