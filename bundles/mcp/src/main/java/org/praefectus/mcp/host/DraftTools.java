package org.praefectus.mcp.host;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.workflow.DraftRequest;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDraft;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowStep;

/**
 * PeekabooX's drafting tools over the runtime's typed {@link WorkflowDrafts} (capability {@code workflow_generate}:
 * plan, assist, operator): {@code plan_workflow}, {@code generate_workflow}, {@code refine_workflow},
 * {@code replan_workflow} answer a validated draft ({@code workflow}, {@code source}, {@code snapshot_id}, and its
 * {@code text} in {@code format} when asked); {@code save_generated_workflow} writes one (the given {@code workflow},
 * else a draft generated for {@code goal}) into the host's workflow folder, {@code save_refined_workflow} the provider's
 * refinement of {@code workflow} for {@code goal} (PeekabooX's). Which tool takes and needs which argument is the one
 * rule of {@link DraftRequest}, the socket's too. None of them runs anything; a draft runs only when a caller passes
 * it to {@code execute_workflow}.
 */
final class DraftTools implements Tool {

    private final String name;
    private final HostServices services;

    private DraftTools(String name, HostServices services) {
        this.name = name;
        this.services = services;
    }

    static List<Tool> all(HostServices services) {
        return DraftRequest.TOOLS.stream()
                .<Tool>map(name -> new DraftTools(name, services))
                .toList();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        Set<String> accepted = DraftRequest.fields(name);
        ToolArguments.onlyArguments(name, args, accepted);
        String format = ToolArguments.workflowFormat(args);
        boolean refresh = ToolArguments.boolArgument(args, "refresh_desktop_graph");
        WorkflowServiceTools.Service workflows = WorkflowServiceTools.of(services, name);
        if (workflows.missing() != null) {
            return workflows.missing();
        }
        if (services.drafts().isEmpty()) {
            return WorkflowServiceTools.missing("workflow drafts", name);
        }
        WorkflowDrafts drafts = services.drafts().get();
        try {
            DraftRequest request = request(args, accepted, workflows, refresh);
            WorkflowDraft draft = request.draft(drafts, context.cancellation().token());
            if (request.saves()) {
                Workflow saved = request.saved(draft);
                Path file = drafts.save(saved, request.path(), format, ToolArguments.boolArgument(args, "overwrite"));
                Map<String, Object> body = summary(saved);
                body.put("path", file.toString());
                body.put("source", draft == null ? "given" : draft.source());
                return ToolResult.ok(body);
            }
            Map<String, Object> body = WorkflowServiceTools.plain(draft);
            body.putAll(summary(draft.workflow()));
            if (format != null) {
                body.put("text", workflows.workflows().write(draft.workflow(), format));
            }
            return ToolResult.ok(body);
        } catch (WorkflowException e) {
            return WorkflowServiceTools.failure(e);
        }
    }

    /** The arguments as the one drafting request ({@link DraftRequest}: which tool needs which). */
    private DraftRequest request(
            Map<String, Object> args, Set<String> accepted, WorkflowServiceTools.Service workflows, boolean refresh)
            throws WorkflowException {
        Workflow given = givenWorkflow(workflows, args);
        FailureReport failure = accepted.contains("failure") ? failure(args) : null;
        try {
            return new DraftRequest(
                    name,
                    ToolArguments.stringArgument(args, "goal", false),
                    given,
                    failure,
                    ToolArguments.stringArgument(args, "path", false),
                    refresh);
        } catch (IllegalArgumentException invalid) {
            throw new ToolArguments.InvalidArgument(invalid.getMessage());
        }
    }

    /** The {@code workflow} argument read as strictly as a file ({@code null} when absent). */
    private static Workflow givenWorkflow(WorkflowServiceTools.Service service, Map<String, Object> args)
            throws WorkflowException {
        Map<String, Object> given = GraphTools.objectArgument(args, "workflow");
        if (given == null) {
            return null;
        }
        try {
            return service.workflows().parse(ToolJson.JSON.writeValueAsString(given), "json");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ToolArguments.InvalidArgument("workflow must be a JSON object");
        }
    }

    /** The {@code failure} argument: the failure report execute_workflow answered ({@code null} when absent). */
    private static FailureReport failure(Map<String, Object> args) {
        Map<String, Object> failure = GraphTools.objectArgument(args, "failure");
        if (failure == null) {
            return null;
        }
        ToolArguments.onlyArguments(
                "failure", failure, Set.of("failed_step", "action", "reason", "attempts", "next_action"));
        if (failure.get("failed_step") == null) {
            throw new ToolArguments.InvalidArgument("failure.failed_step is required");
        }
        return new FailureReport(
                ToolArguments.intArgument(failure, "failed_step", 0, 0, Integer.MAX_VALUE),
                ToolArguments.stringArgument(failure, "action", true),
                ToolArguments.stringArgument(failure, "reason", true),
                ToolArguments.intArgument(failure, "attempts", 0, 0, Integer.MAX_VALUE),
                ToolArguments.stringArgument(failure, "next_action", false));
    }

    /** What a draft is, without a value or selector: its name, step count and actions. */
    static Map<String, Object> summary(Workflow workflow) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", workflow.name());
        body.put("steps", workflow.steps().size());
        body.put(
                "actions",
                workflow.steps().stream().map(WorkflowStep::canonicalAction).toList());
        return body;
    }
}
