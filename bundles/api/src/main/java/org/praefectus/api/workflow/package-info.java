/**
 * PeekabooX's workflows as a typed service: the workflow model (files in {@code peekaboox.workflow.v1}), run
 * results with per-attempt terminals, verification and failure reports, the built-in templates, and drafts: a
 * {@link WorkflowProvider} an agent host plugs its model in as, whose every answer {@link WorkflowDrafts} validates.
 *
 * <p>1.2.0: {@link DraftRequest}, the one rule of which drafting tool takes and needs which field, used by every
 * surface.
 *
 * <p>1.3.0: {@link WorkflowGoals}, the one goal loop ({@code plan}, {@code execute_goal}) with {@link GoalRequest}
 * (its argument rule) and {@link GoalResult}; {@link WorkflowService#continueRun}, a replan that continues a failed
 * run without redoing its succeeded steps; {@link WorkflowDrafts#goalPlan}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package org.praefectus.api.workflow;
