package org.praefectus.mcp.host;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Terminal;

/**
 * {@code launch_app}, {@code switch_app}, {@code quit_app} and {@code open} (#36): the application verbs and
 * {@code open} of the platform's typed {@code DesktopService}. The service plans the signed {@code application} or
 * {@code open} action as a dry run (no signer), refusing before anyone is asked what cannot run (a name that is no
 * desktop profile or desktop ID, a program that is not installed, a scheme that is not allowed, a missing file); the
 * plan takes this server's one signed path ({@link SignedActions}), and a launch, switch or open that succeeded
 * answers the window it showed, as the service reports it.
 */
final class ApplicationTool implements Tool {

    private final String name;
    private final String verb;
    private final String argument;
    private final SignedActions actions;
    private final HostServices services;

    private ApplicationTool(String name, String verb, String argument, SignedActions actions, HostServices services) {
        this.name = name;
        this.verb = verb;
        this.argument = argument;
        this.actions = actions;
        this.services = services;
    }

    /** The four tools. */
    static List<Tool> all(SignedActions actions, HostServices services) {
        return List.of(
                new ApplicationTool("launch_app", "launch", "app", actions, services),
                new ApplicationTool("switch_app", "switch", "app", actions, services),
                new ApplicationTool("quit_app", "quit", "app", actions, services),
                new ApplicationTool("open", "open", "target", actions, services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name, args, Set.of(argument, "operation_id"));
        String value = ToolArguments.stringArgument(args, argument, true);
        return actions.run(
                name,
                ToolArguments.operationId(args),
                ToolArguments.fingerprint(name, args),
                () -> plan(value, context),
                context);
    }

    private SignedActions.Plan plan(String value, ToolHost.CallContext context) {
        DesktopServiceTools.Service service = DesktopServiceTools.of(services, name);
        if (service.missing() != null) {
            return SignedActions.Plan.refused(service.missing());
        }
        DesktopService desktop = service.desktop();
        InputOutcome planned;
        try {
            InputRequest request =
                    verb.equals("open") ? InputRequest.open(value, true) : InputRequest.application(verb, value, true);
            planned = desktop.input(request, null, context.cancellation().token());
        } catch (DesktopException e) {
            return SignedActions.Plan.refused(ToolResult.failure(e.code(), e.getMessage(), nextAction(e), true));
        }
        Action action = planned.proposal().action();
        return SignedActions.Plan.proposed(new SignedActions.Proposed(
                planned.proposal(), question(action), terminal -> shown(desktop, action, terminal)));
    }

    /** The window the action showed, as {@code list_windows} lists windows, or nothing (a quit shows none). */
    private static Map<String, Object> shown(DesktopService desktop, Action action, Terminal terminal) {
        return desktop.windowShownBy(action, terminal)
                .<Map<String, Object>>map(window -> Map.of("window", ToolJson.JSON.convertValue(window, Map.class)))
                .orElse(Map.of());
    }

    private String nextAction(DesktopException e) {
        return switch (e.code()) {
            case "application_not_allowed" -> "name a desktop profile (desktop_profiles) or a .desktop ID";
            case "window_not_found" -> "launch_app starts the application; list_windows shows what is open";
            case "scheme_not_allowed", "invalid_target", "file_not_found" ->
                "give an absolute path to an existing file, or an http, https or file URL";
            default -> "check the application with desktop_profiles and list_windows, then call " + name + " again";
        };
    }

    /** What the person is asked: what starts, comes forward, quits or opens, as it is signed. */
    private String question(Action action) {
        String doing;
        String what;
        if (action instanceof Action.Open open) {
            doing = "open this with the desktop's default application";
            what = "File or address: " + open.target();
        } else {
            Action.Application app = (Action.Application) action;
            doing = switch (verb) {
                case "launch" -> "start this application (it keeps running after this call)";
                case "switch" -> "bring this application's window to the front and give it the keyboard focus";
                default -> "quit this application: close all its windows (it may lose what it has not saved)";
            };
            what = "Application: " + app.name();
        }
        return "Praefectus asks you to allow one action on this computer.\n" + "Action: " + doing + "\n" + what + "\n";
    }
}
