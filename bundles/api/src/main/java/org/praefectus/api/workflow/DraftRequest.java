package org.praefectus.api.workflow;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;

/**
 * One call of PeekabooX's drafting tools, as every surface takes it: which fields each tool accepts, which it needs,
 * which save, and which {@link WorkflowDrafts} method answers it. The rule is PeekabooX's: every drafting tool needs
 * its {@code goal} (for {@code refine_workflow} and {@code save_refined_workflow} the feedback the provider refines
 * by), the two save tools need their {@code path}, {@code replan_workflow} needs the failed {@code workflow} and its
 * {@code failure}. Praefectus adds one case: {@code save_generated_workflow} given a {@code workflow} saves it as given
 * (validated again), so the goal it would have been generated from is not needed. A request that breaks the rule is
 * not made: its constructor throws an {@link IllegalArgumentException} naming the field, which a surface answers as
 * its own invalid-arguments error.
 *
 * @param tool                the drafting tool ({@link #TOOLS})
 * @param goal                the goal, or the refinement's feedback
 * @param workflow            the given workflow, or {@code null}
 * @param failure             the failed run's report ({@code replan_workflow} only), or {@code null}
 * @param path                the file name to save as (the save tools only), or {@code null}
 * @param refreshDesktopGraph sample the desktop into the graph first
 */
public record DraftRequest(
        String tool, String goal, Workflow workflow, FailureReport failure, String path, boolean refreshDesktopGraph) {

    /** PeekabooX's drafting tools (and the socket's methods of the same names). */
    public static final List<String> TOOLS = List.of(
            "plan_workflow",
            "generate_workflow",
            "save_generated_workflow",
            "refine_workflow",
            "save_refined_workflow",
            "replan_workflow");

    private static final Map<String, Set<String>> FIELDS = Map.of(
            "plan_workflow", Set.of("goal", "format"),
            "generate_workflow", Set.of("goal", "refresh_desktop_graph", "format"),
            "save_generated_workflow",
                    Set.of("goal", "workflow", "path", "format", "refresh_desktop_graph", "overwrite"),
            "refine_workflow", Set.of("goal", "workflow", "refresh_desktop_graph", "format"),
            "save_refined_workflow", Set.of("goal", "workflow", "path", "format", "refresh_desktop_graph", "overwrite"),
            "replan_workflow", Set.of("goal", "workflow", "failure", "refresh_desktop_graph", "format"));

    public DraftRequest {
        Set<String> accepted = fields(tool);
        if (blank(goal) && !(tool.equals("save_generated_workflow") && workflow != null)) {
            throw new IllegalArgumentException(
                    tool.equals("save_generated_workflow")
                            ? tool + " needs goal (a draft is generated for it) or the workflow to save"
                            : tool + " needs goal");
        }
        if (workflow != null && !accepted.contains("workflow")) {
            throw new IllegalArgumentException(tool + " takes no workflow");
        }
        if (tool.equals("replan_workflow") && (workflow == null || failure == null)) {
            throw new IllegalArgumentException(
                    "replan_workflow needs the failed workflow and its failure (the run's failure report)");
        }
        if (failure != null && !accepted.contains("failure")) {
            throw new IllegalArgumentException(tool + " takes no failure");
        }
        if (accepted.contains("path") == blank(path)) {
            throw new IllegalArgumentException(
                    accepted.contains("path") ? tool + " needs path" : tool + " takes no path");
        }
        if (refreshDesktopGraph && !accepted.contains("refresh_desktop_graph")) {
            throw new IllegalArgumentException(tool + " takes no refresh_desktop_graph");
        }
    }

    /**
     * The fields {@code tool} accepts (beside the request's own, {@code format} and, for the save tools,
     * {@code overwrite}).
     *
     * @throws IllegalArgumentException for a tool that is not a drafting tool
     */
    public static Set<String> fields(String tool) {
        Set<String> fields = tool == null ? null : FIELDS.get(tool);
        if (fields == null) {
            throw new IllegalArgumentException("not a drafting tool: " + tool);
        }
        return fields;
    }

    /** Whether the tool writes its draft into the host's workflow folder. */
    public boolean saves() {
        return fields(tool).contains("path");
    }

    /**
     * The draft the tool answers (or saves), from {@code drafts}; {@code null} for {@code save_generated_workflow}
     * given a workflow, which saves that workflow as given. Nothing runs a workflow.
     */
    public WorkflowDraft draft(WorkflowDrafts drafts, CancellationToken cancellation) throws WorkflowException {
        return switch (tool) {
            case "plan_workflow" -> drafts.plan(goal);
            case "generate_workflow" -> drafts.generate(goal, refreshDesktopGraph, cancellation);
            case "refine_workflow", "save_refined_workflow" ->
                drafts.refine(workflow, goal, refreshDesktopGraph, cancellation);
            case "replan_workflow" -> drafts.replan(goal, workflow, failure, refreshDesktopGraph, cancellation);
            default -> workflow != null ? null : drafts.generate(goal, refreshDesktopGraph, cancellation);
        };
    }

    /** The workflow the tool saves: the draft's, or the given one when there is no draft. */
    public Workflow saved(WorkflowDraft draft) {
        return draft == null ? workflow : draft.workflow();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
