package org.praefectus.mcp.host;

import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.api.resident.HostRefusedException;
import org.praefectus.api.resident.ResidentHost;

/**
 * This server as the host a workflow run signs with: every step's effect (a proposal of the platform's desktop
 * service, its target fenced in a fresh observation) takes the one signed path of {@link SignedActions} under this
 * call's session, profile, confirmation and cancellation, and is audited under the workflow tool's name. A refusal
 * before signing is the host's refusal with its code as it is ({@code capability_denied},
 * {@code confirmation_declined}…), which the run reports as a step refused before any effect.
 */
final class WorkflowSigner implements ResidentHost {

    private final String tool;
    private final SignedActions actions;
    private final ToolHost.CallContext context;

    WorkflowSigner(String tool, SignedActions actions, ToolHost.CallContext context) {
        this.tool = tool;
        this.actions = actions;
        this.context = context;
    }

    @Override
    public ActionRequest draft(ActionProposal proposal) {
        return actions.draft(proposal, context);
    }

    @Override
    public ExecuteReport act(ActionProposal proposal, CancellationToken cancellation)
            throws HostRefusedException, EngineException {
        return actions.act(tool, new SignedActions.Proposed(proposal, question(proposal.action())), context);
    }

    /** What the person is asked for one step: the action and the lengths of its text, never the text. */
    private static String question(Action action) {
        String text = "";
        if (action instanceof Action.TypeText typed) {
            text = "Text: " + typed.text().length() + " characters\n";
        } else if (action instanceof Action.Paste paste) {
            text = "Text: " + paste.text().length() + " characters (pasted)\n";
        } else if (action instanceof Action.SetValue value) {
            text = "Value: " + value.value().length() + " characters\n";
        } else if (action instanceof Action.Hotkey hotkey) {
            text = "Keys: " + String.join("+", hotkey.keys()) + "\n";
        }
        return "Praefectus asks you to allow one action on this computer, a step of a workflow.\n" + "Action: "
                + action.kind() + "\n" + text;
    }
}
