package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.WindowQuery;

/**
 * {@code desktop_focus}: PeekabooX's desktop helper that brings an app profile's window to the front. The profile
 * (read through {@code desktop profiles}, the one reader of profiles) names the application of its windows; the
 * windows come from the platform's {@link DesktopService}. A window of the profile that is active already is
 * answered as it is; otherwise the first one in scope is focused by {@code focus_window}'s signed path on that
 * window, so the terminal is the engine's.
 */
final class DesktopFocusTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("app", "window_title", "window_id", "operation_id");

    private final HostServices services;
    private final WindowTool focus;

    DesktopFocusTool(HostServices services, WindowTool focus) {
        this.services = services;
        this.focus = focus;
    }

    @Override
    public String name() {
        return "desktop_focus";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        String app = ToolArguments.stringArgument(args, "app", true);
        if (app.startsWith("-")) {
            throw new ToolArguments.InvalidArgument("app must not start with '-'");
        }
        ToolResult listed = CommandTool.run(services, name(), List.of("desktop", "profiles", "--app", app));
        if (listed.error()) {
            return listed;
        }
        if (!(listed.structured().get("profiles") instanceof List<?> profiles) || profiles.isEmpty()) {
            return ToolResult.failure(
                    "unknown_profile",
                    "no desktop profile has this name",
                    "list the profiles with desktop_profiles",
                    true);
        }
        Object windowApp = ((Map<?, ?>) ((Map<?, ?>) profiles.get(0)).get("window")).get("app");
        ElementScope scope = new ElementScope(
                windowApp == null ? null : windowApp.toString(),
                ToolArguments.stringArgument(args, "window_title", false),
                ToolArguments.stringArgument(args, "window_id", false));
        DesktopServiceTools.Service service = DesktopServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        List<DesktopWindow> mine;
        try {
            mine = service
                    .desktop()
                    .windows(WindowQuery.ALL, context.cancellation().token())
                    .windows()
                    .stream()
                    .filter(scope::matches)
                    .toList();
        } catch (DesktopException e) {
            return ToolResult.failure(e.code(), e.getMessage(), "run doctor to see what the desktop lacks", true);
        }
        if (mine.isEmpty()) {
            return ToolResult.failure(
                    "window_not_found",
                    "no window of the profile is open",
                    "open the application, or check window_title with list_windows",
                    true);
        }
        Optional<DesktopWindow> active =
                mine.stream().filter(DesktopWindow::focused).findFirst();
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("app", app);
        head.put("window", ToolJson.JSON.convertValue(active.orElse(mine.get(0)), Map.class));
        if (active.isPresent()) {
            head.put("focused", true);
            head.put("focus_diagnostics", List.of("the window is active already"));
            return ToolResult.ok(head);
        }
        ToolResult focused = focus.act(
                new ElementScope(null, null, mine.get(0).id()),
                ToolArguments.operationId(args),
                ToolArguments.fingerprint(name(), args),
                context);
        Map<String, Object> body = new LinkedHashMap<>(head);
        body.put("focused", !focused.error());
        body.put("focus_diagnostics", List.of("focused by a signed window action"));
        body.putAll(focused.structured());
        return new ToolResult(focused.error(), body, null);
    }
}
