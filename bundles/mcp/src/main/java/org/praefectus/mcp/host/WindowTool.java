package org.praefectus.mcp.host;

import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.resident.ActionProposal;

/**
 * {@code focus_window}, {@code minimize_window} and {@code close_window} (#36): the window verb of the platform's
 * typed {@code DesktopService} on the one window {@code app} and {@code window_title} name. The service plans the
 * signed {@code window} action as a dry run (no signer), and the plan takes this server's one signed path
 * ({@link SignedActions}: profile, known refusals, confirmation, sign, engine), so the terminal is the engine's.
 */
final class WindowTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("app", "window_title", "operation_id");

    private final String name;
    private final String verb;
    private final SignedActions actions;
    private final HostServices services;

    private WindowTool(String name, String verb, SignedActions actions, HostServices services) {
        this.name = name;
        this.verb = verb;
        this.actions = actions;
        this.services = services;
    }

    /** {@code focus_window}. */
    static WindowTool focus(SignedActions actions, HostServices services) {
        return new WindowTool("focus_window", "focus", actions, services);
    }

    /** {@code minimize_window} and {@code close_window}. */
    static java.util.List<Tool> others(SignedActions actions, HostServices services) {
        return java.util.List.of(
                new WindowTool("minimize_window", "minimize", actions, services),
                new WindowTool("close_window", "close", actions, services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name, args, ARGUMENTS);
        ElementScope scope = new ElementScope(
                ToolArguments.stringArgument(args, "app", false),
                ToolArguments.stringArgument(args, "window_title", false),
                null);
        if (scope.equals(ElementScope.ALL)) {
            throw new ToolArguments.InvalidArgument(name + " needs app or window_title");
        }
        return act(scope, ToolArguments.operationId(args), ToolArguments.fingerprint(name, args), context);
    }

    /** The verb on the one window {@code scope} names, under {@code operationId} (or a generated one). */
    ToolResult act(ElementScope scope, String operationId, String fingerprint, ToolHost.CallContext context) {
        return actions.run(name, operationId, fingerprint, () -> plan(scope, context), context);
    }

    /**
     * A window action the desktop service planned ({@code desktop_focus}'s, on the window the profile's rule chose)
     * along this server's signed path under {@code operationId} (or a generated one).
     */
    ToolResult sign(ActionProposal proposal, String operationId, String fingerprint, ToolHost.CallContext context) {
        return actions.run(
                name,
                operationId,
                fingerprint,
                () -> SignedActions.Plan.proposed(
                        new SignedActions.Proposed(proposal, question((Action.Window) proposal.action()))),
                context);
    }

    private SignedActions.Plan plan(ElementScope scope, ToolHost.CallContext context) {
        DesktopServiceTools.Service service = DesktopServiceTools.of(services, name);
        if (service.missing() != null) {
            return SignedActions.Plan.refused(service.missing());
        }
        InputOutcome planned;
        try {
            planned = service.desktop()
                    .input(
                            InputRequest.window(verb, scope, true),
                            null,
                            context.cancellation().token());
        } catch (DesktopException e) {
            return SignedActions.Plan.refused(ToolResult.failure(
                    e.code(),
                    e.getMessage(),
                    e.code().equals("window_not_found")
                            ? "list_windows shows the windows; name one by app and window_title"
                            : "check the window with list_windows, then call " + name + " again",
                    true));
        }
        Action.Window window = (Action.Window) planned.proposal().action();
        return SignedActions.Plan.proposed(new SignedActions.Proposed(planned.proposal(), question(window)));
    }

    /** What the person is asked: the verb and the window (its title and application, as the screen shows them). */
    private String question(Action.Window window) {
        String doing = switch (verb) {
            case "focus" -> "bring this window to the front and give it the keyboard focus";
            case "minimize" -> "minimize this window";
            default -> "close this window (the application may lose what it has not saved)";
        };
        return "Praefectus asks you to allow one action on this computer.\n"
                + "Action: " + doing + "\n"
                + "Window: " + (window.title() == null ? "(untitled)" : window.title()) + "\n"
                + "Application: " + window.app() + "\n";
    }
}
