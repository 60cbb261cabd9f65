package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.ProfileFocus;

/**
 * {@code desktop_focus}: PeekabooX's desktop helper that brings an app profile's window to the front, the focus of the
 * platform's typed {@link DesktopProfiles} (which holds the one rule: a window of the profile that is active already is
 * answered as it is; otherwise the first one in scope is focused by the signed {@code window} focus action). The
 * service plans that action as a dry run, and it takes this server's one signed path ({@link WindowTool#sign}), so
 * the terminal is the engine's. With {@code launch_if_needed} the service itself launches the profile's application
 * when none of its windows is open, awaits the window and focuses it, signing each action through this server
 * ({@link ToolSigner}): the same path, profile and confirmation, one operation per action.
 */
final class DesktopFocusTool implements Tool {

    private static final Set<String> ARGUMENTS =
            Set.of("app", "window_title", "window_id", "operation_id", "launch_if_needed");

    private final HostServices services;
    private final WindowTool focus;
    private final SignedActions actions;

    DesktopFocusTool(HostServices services, WindowTool focus, SignedActions actions) {
        this.services = services;
        this.focus = focus;
        this.actions = actions;
    }

    @Override
    public String name() {
        return "desktop_focus";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        Optional<DesktopProfiles> profiles = services.profiles();
        if (profiles.isEmpty()) {
            return ProfileTools.missing(name());
        }
        if (ToolArguments.boolArgument(args, "launch_if_needed")) {
            return launchingIfNeeded(profiles.get(), args, context);
        }
        ProfileFocus planned;
        try {
            planned = profiles.get()
                    .focus(
                            ProfileTools.aim(args, false),
                            true,
                            null,
                            context.cancellation().token());
        } catch (DesktopException e) {
            return ProfileTools.refused(e);
        }
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("app", planned.app());
        head.put("window", ToolJson.JSON.convertValue(planned.window(), Map.class));
        if (planned.operation() == null) {
            head.put("focused", true);
            head.put("focus_diagnostics", planned.diagnostics());
            return ToolResult.ok(head);
        }
        ToolResult focused = focus.sign(
                planned.operation().proposal(),
                ToolArguments.operationId(args),
                ToolArguments.fingerprint(name(), args),
                context);
        Map<String, Object> body = new LinkedHashMap<>(head);
        body.put("focused", !focused.error());
        body.put("focus_diagnostics", java.util.List.of("focused by a signed window action"));
        body.putAll(focused.structured());
        return new ToolResult(focused.error(), body, null);
    }

    /** The service's focus with the launch first when needed, each action signed through this server. */
    private ToolResult launchingIfNeeded(
            DesktopProfiles profiles, Map<String, Object> args, ToolHost.CallContext context) {
        if (args.containsKey("operation_id")) {
            throw new ToolArguments.InvalidArgument(
                    "operation_id names one operation; launch_if_needed may sign two (the launch and the focus)");
        }
        ToolSigner signer = new ToolSigner(name(), "to bring an application's window to the front", actions, context);
        try {
            return ToolResult.ok(ProfileTools.json(profiles.focus(
                    ProfileTools.aim(args, false),
                    true,
                    false,
                    signer,
                    context.cancellation().token())));
        } catch (DesktopException e) {
            return ProfileTools.refused(e);
        }
    }
}
