package org.praefectus.api.workflow;

import java.nio.file.Path;
import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.executor.CancellationToken;

/**
 * PeekabooX's planning tools as a typed service (provided by {@code org.praefectus.workflow}): drafts of workflows
 * for a goal, from the current desktop graph, by the runtime's deterministic builder or the host's
 * {@link WorkflowProvider}. Every draft is validated as strictly as a workflow file ({@link WorkflowService#parse})
 * before it is answered or saved; nothing here runs a workflow.
 *
 * <p>Errors are {@link WorkflowException}s: {@code invalid_goal} (blank), {@code provider_unavailable} (refine and
 * replan need a provider), {@code provider_failed} (it threw or answered nothing), {@code invalid_draft} (a
 * {@link WorkflowValidationException} naming the step and the field of the provider's answer that is wrong),
 * {@code desktop_unavailable} (a refresh of the graph was asked for and failed), and for {@link #save}
 * {@code invalid_path}, {@code file_exists}, {@code file_unwritable}, {@code state_unavailable}.
 */
@ProviderType
public interface WorkflowDrafts {

    /** PeekabooX's {@code plan_workflow}: the one-step plan that observes first ({@code observe}). */
    WorkflowDraft plan(String goal) throws WorkflowException;

    /**
     * The workflow {@code execute_goal} runs first for {@code goal}: the provider's draft ({@link #generate}) when the
     * host registers a {@link WorkflowProvider}, else {@link #plan}'s one step (PeekabooX's planner, which has no
     * provider for its plan; the built-in draft is never run on its own).
     */
    WorkflowDraft goalPlan(String goal, CancellationToken cancellation) throws WorkflowException;

    /**
     * A draft for {@code goal}: the provider's when there is one, else the built-in one (observe first, selectors of
     * elements the desktop graph holds, {@code find_element} before a click).
     *
     * @param refreshDesktopGraph sample the desktop into the graph first (else a stale or empty graph is refreshed
     *                            when it can be, and left out when it cannot)
     */
    WorkflowDraft generate(String goal, boolean refreshDesktopGraph, CancellationToken cancellation)
            throws WorkflowException;

    /**
     * The provider's refinement of {@code workflow} (a built-in draft for {@code feedback} when {@code null}).
     *
     * @throws WorkflowException {@code provider_unavailable} without a provider
     */
    WorkflowDraft refine(
            Workflow workflow, String feedback, boolean refreshDesktopGraph, CancellationToken cancellation)
            throws WorkflowException;

    /**
     * The provider's replacement for {@code workflow}, whose run failed as {@code failure} reports.
     *
     * @throws WorkflowException {@code provider_unavailable} without a provider
     */
    WorkflowDraft replan(
            String goal,
            Workflow workflow,
            FailureReport failure,
            boolean refreshDesktopGraph,
            CancellationToken cancellation)
            throws WorkflowException;

    /**
     * Writes {@code workflow}, validated again, as a new file (0600) directly in {@link #folder()}: {@code name} is a
     * file name ending {@code .json}, {@code .yaml} or {@code .yml} (a path is accepted only when it names a file
     * directly in the folder).
     *
     * @param format    {@code json} or {@code yaml}, or {@code null} for the name's suffix
     * @param overwrite replace a file of that name (never without it)
     * @return the file written
     * @throws WorkflowException {@code invalid_path} for a name outside the folder or without a workflow suffix,
     *                           {@code file_exists}, {@code invalid_workflow}, {@code file_unwritable},
     *                           {@code state_unavailable}
     */
    Path save(Workflow workflow, String name, String format, boolean overwrite) throws WorkflowException;

    /**
     * The host's workflow folder drafts are saved in ({@code $XDG_STATE_HOME/praefectus/workflow/drafts}, 0700).
     *
     * @throws WorkflowException {@code state_unavailable} when it cannot be made private
     */
    Path folder() throws WorkflowException;
}
