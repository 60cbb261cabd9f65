package org.praefectus.workflow.draft;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.graph.NodeMatches;
import org.praefectus.api.graph.NodeQuery;
import org.praefectus.api.host.HostState;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowDraft;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowProvider;

/**
 * The {@link WorkflowDrafts}: drafts from the current desktop graph (optional, dynamic) by the host's
 * {@link WorkflowProvider} (optional, dynamic: the highest ranked) or, for {@code generate} and {@code plan}, by
 * {@link DraftBuilder}; every provider answer validated by {@link DraftValidation} before it leaves; drafts saved in
 * {@code $XDG_STATE_HOME/praefectus/workflow/drafts/} ({@link DraftFolder}). Runs nothing.
 */
@Component(service = WorkflowDrafts.class)
public final class DesktopDrafts implements WorkflowDrafts {

    /** The drafts folder's name inside the workflow state folder. */
    static final String FOLDER = "drafts";

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile WorkflowProvider provider;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopGraph graph;

    private final FolderSource folder;

    /** The drafts folder, made private when asked for. */
    @FunctionalInterface
    interface FolderSource {
        Path get() throws IOException;
    }

    @Activate
    public DesktopDrafts() {
        this.folder =
                () -> HostState.privateDirectory(HostState.directory("workflow").resolve(FOLDER));
    }

    /** Plain Java (tests): drafts over {@code graph} and {@code provider} (either may be {@code null}), saved in {@code folder}. */
    public DesktopDrafts(WorkflowProvider provider, DesktopGraph graph, Path folder) {
        this.provider = provider;
        this.graph = graph;
        this.folder = () -> HostState.privateDirectory(folder);
    }

    @Override
    public WorkflowDraft plan(String goal) throws WorkflowException {
        return new WorkflowDraft(DraftBuilder.plan(GoalText.of(goal)), WorkflowDraft.BUILT_IN, null);
    }

    @Override
    public WorkflowDraft goalPlan(String goal, CancellationToken cancellation) throws WorkflowException {
        WorkflowProvider model = provider;
        return model == null ? plan(goal) : generate(goal, false, model, cancellation);
    }

    @Override
    public WorkflowDraft generate(String goal, boolean refreshDesktopGraph, CancellationToken cancellation)
            throws WorkflowException {
        return generate(goal, refreshDesktopGraph, provider, cancellation);
    }

    /** A draft by {@code model}, or the built-in one when it is {@code null}. */
    private WorkflowDraft generate(
            String goal, boolean refreshDesktopGraph, WorkflowProvider model, CancellationToken cancellation)
            throws WorkflowException {
        String wanted = GoalText.of(goal);
        Desktop desktop = desktop(refreshDesktopGraph, cancellation);
        if (model == null) {
            return new WorkflowDraft(
                    DraftBuilder.build(wanted, desktop.elements()), WorkflowDraft.BUILT_IN, desktop.snapshotId());
        }
        return answer(desktop, drafter -> drafter.generate(wanted, desktop.elements()), model);
    }

    @Override
    public WorkflowDraft refine(
            Workflow workflow, String feedback, boolean refreshDesktopGraph, CancellationToken cancellation)
            throws WorkflowException {
        String wanted = GoalText.of(feedback);
        WorkflowProvider model = required();
        Desktop desktop = desktop(refreshDesktopGraph, cancellation);
        Workflow draft =
                workflow == null ? DraftBuilder.build(wanted, desktop.elements()) : DraftValidation.validated(workflow);
        return answer(desktop, drafter -> drafter.refine(draft, wanted, desktop.elements()), model);
    }

    @Override
    public WorkflowDraft replan(
            String goal,
            Workflow workflow,
            FailureReport failure,
            boolean refreshDesktopGraph,
            CancellationToken cancellation)
            throws WorkflowException {
        String wanted = GoalText.of(goal);
        if (workflow == null || failure == null) {
            throw new WorkflowException("invalid_workflow", "a replan needs the failed workflow and its failure");
        }
        WorkflowProvider model = required();
        Workflow failed = DraftValidation.validated(workflow);
        Desktop desktop = desktop(refreshDesktopGraph, cancellation);
        return answer(desktop, drafter -> drafter.replan(wanted, failed, failure, desktop.elements()), model);
    }

    @Override
    public Path save(Workflow workflow, String name, String format, boolean overwrite) throws WorkflowException {
        return new DraftFolder(folder()).write(DraftValidation.validated(workflow), name, format, overwrite);
    }

    @Override
    public Path folder() throws WorkflowException {
        try {
            return folder.get();
        } catch (IOException e) {
            throw new WorkflowException("state_unavailable", "the workflow drafts folder cannot be made private");
        }
    }

    private WorkflowProvider required() throws WorkflowException {
        WorkflowProvider model = provider;
        if (model == null) {
            throw new WorkflowException(
                    "provider_unavailable", "no workflow provider is registered: the agent host plugs its model in");
        }
        return model;
    }

    /** The provider's answer, never trusted: a failure is {@code provider_failed}, a wrong draft {@code invalid_draft}. */
    private static WorkflowDraft answer(
            Desktop desktop, Function<WorkflowProvider, Workflow> ask, WorkflowProvider model)
            throws WorkflowException {
        Workflow answer;
        try {
            answer = ask.apply(model);
        } catch (RuntimeException e) {
            // the exception's message is the provider's own text: never passed on
            throw new WorkflowException("provider_failed", "the workflow provider failed to answer");
        }
        if (answer == null) {
            throw new WorkflowException("provider_failed", "the workflow provider answered no workflow");
        }
        return new WorkflowDraft(DraftValidation.providerAnswer(answer), WorkflowDraft.PROVIDER, desktop.snapshotId());
    }

    /** The elements of the latest graph snapshot and its id (none without a graph). */
    private record Desktop(List<GraphNode> elements, String snapshotId) {
        static final Desktop NONE = new Desktop(List.of(), null);
    }

    /**
     * The current desktop graph's elements: sampled first when asked for (its failure is {@code desktop_unavailable});
     * otherwise a stale or empty graph is sampled when it can be, and left out when it cannot.
     */
    private Desktop desktop(boolean refresh, CancellationToken cancellation) throws WorkflowException {
        DesktopGraph memory = graph;
        if (memory == null) {
            if (refresh) {
                throw new WorkflowException("desktop_unavailable", "this runtime keeps no desktop graph to refresh");
            }
            return Desktop.NONE;
        }
        try {
            if (refresh) {
                memory.refresh(null, cancellation);
            }
        } catch (GraphException e) {
            throw new WorkflowException("desktop_unavailable", "the desktop graph could not be refreshed");
        }
        try {
            NodeMatches matches =
                    memory.queryNodes(new NodeQuery("element", null, null, Map.of(), null, true, true), cancellation);
            return matches.stale() ? Desktop.NONE : new Desktop(matches.nodes(), matches.snapshotId());
        } catch (GraphException e) {
            return Desktop.NONE; // a stale graph that cannot be sampled is not the current desktop
        }
    }
}
