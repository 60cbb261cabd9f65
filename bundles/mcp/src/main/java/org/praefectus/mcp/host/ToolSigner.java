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
 * This server as the host a typed desktop service signs with when one tool call may sign several actions (a workflow
 * run's steps; desktop_focus's launch, then focus): every effect (a proposal of the platform's desktop service, its
 * target fenced in a fresh observation) takes the one signed path of {@link SignedActions} under this call's session,
 * profile, confirmation and cancellation, and is audited under the tool's name. A refusal before signing is the host's
 * refusal with its code as it is ({@code capability_denied}, {@code confirmation_declined}…), which the service
 * reports as refused before any effect.
 */
final class ToolSigner implements ResidentHost {

    private final String tool;
    private final String purpose;
    private final SignedActions actions;
    private final ToolHost.CallContext context;

    /** A workflow run's signer: each action is asked for as a step of a workflow. */
    static ToolSigner workflow(String tool, SignedActions actions, ToolHost.CallContext context) {
        return new ToolSigner(tool, "a step of a workflow", actions, context);
    }

    /**
     * @param purpose what the person is told each action is for, after "one action on this computer, "
     */
    ToolSigner(String tool, String purpose, SignedActions actions, ToolHost.CallContext context) {
        this.tool = tool;
        this.purpose = purpose;
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
        return actions.act(tool, new SignedActions.Proposed(proposal, question(proposal.action(), purpose)), context);
    }

    /**
     * What the person is asked for one action: its kind, what it acts on (the application, window or file, as the
     * screen names them) and the lengths of its text, never the text.
     */
    private static String question(Action action, String purpose) {
        String text = "";
        if (action instanceof Action.TypeText typed) {
            text = "Text: " + typed.text().length() + " characters\n";
        } else if (action instanceof Action.Paste paste) {
            text = "Text: " + paste.text().length() + " characters (pasted)\n";
        } else if (action instanceof Action.SetValue value) {
            text = "Value: " + value.value().length() + " characters\n";
        } else if (action instanceof Action.Hotkey hotkey) {
            text = "Keys: " + String.join("+", hotkey.keys()) + "\n";
        } else if (action instanceof Action.Application application) {
            text = "Application: " + application.name() + "\n";
        } else if (action instanceof Action.Window window) {
            text = "Window: " + (window.title() == null ? "(untitled)" : window.title()) + "\nApplication: "
                    + window.app() + "\n";
        } else if (action instanceof Action.Open open) {
            text = "File or address: " + open.target() + "\n";
        }
        return "Praefectus asks you to allow one action on this computer, " + purpose + ".\n" + "Action: "
                + action.kind() + "\n" + text;
    }
}
