package org.praefectus.workflow.goal;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.GoalRequest;
import org.praefectus.api.workflow.GoalResult;
import org.praefectus.api.workflow.WorkflowDrafts;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowGoals;
import org.praefectus.api.workflow.WorkflowService;

/** The {@link WorkflowGoals} of this runtime: {@link GoalLoop} over its workflow service and drafts. */
@Component(service = WorkflowGoals.class)
public final class DesktopGoals implements WorkflowGoals {

    private final GoalLoop loop;

    @Activate
    public DesktopGoals(@Reference WorkflowService workflows, @Reference WorkflowDrafts drafts) {
        this.loop = new GoalLoop(workflows, drafts);
    }

    @Override
    public List<String> plan(String goal) throws WorkflowException {
        return loop.plan(goal);
    }

    @Override
    public GoalResult execute(
            GoalRequest request, ResidentHost signer, RunApproval approval, CancellationToken cancellation)
            throws WorkflowException {
        return loop.execute(request, signer, approval, cancellation);
    }
}
