package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopWindow;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.WindowQuery;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;

/**
 * {@code list_windows}: the windows the executor can observe, with title, application, process, bounds and the
 * surface id the other tools take; filtered as PeekabooX's ({@code id}, {@code app}, {@code title},
 * {@code title_regex}, {@code limit}). Read-only.
 */
final class ListWindowsTool implements Tool {

    private final HostServices services;
    private final Clock clock;

    ListWindowsTool(HostServices services, Clock clock) {
        this.services = services;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "list_windows";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        String title = ToolArguments.stringArgument(args, "title", false);
        DesktopWindows.Scope scope = new DesktopWindows.Scope(
                ToolArguments.stringArgument(args, "app", false),
                title != null ? title : ToolArguments.stringArgument(args, "window_title", false),
                ToolArguments.stringArgument(args, "id", false));
        Pattern regex = regex(ToolArguments.stringArgument(args, "title_regex", false));
        int limit = ToolArguments.intArgument(args, "limit", 100, 1, 1_000);
        DesktopWindows.Found found;
        try {
            found = DesktopWindows.read(
                    services, scope, new CancellationToken(), clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return ExecutorFailures.observationFailure(e);
        }
        List<Object> windows = new ArrayList<>();
        for (DesktopWindows.Window window : found.windows()) {
            if (regex != null
                    && (window.title() == null || !regex.matcher(window.title()).find())) {
                continue;
            }
            if (windows.size() >= limit) {
                break;
            }
            windows.add(DesktopWindows.summary(window));
        }
        List<String> warnings = new ArrayList<>(found.warnings());
        Set<Long> accessibleProcesses = new HashSet<>();
        found.windows()
                .forEach(window -> accessibleProcesses.add(window.descriptor().processId()));
        for (Map<String, Object> window : withoutAccessibility(scope, regex, accessibleProcesses, warnings, context)) {
            if (windows.size() >= limit) {
                break;
            }
            windows.add(window);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("windows", windows);
        body.put("count", windows.size());
        body.put("warnings", warnings);
        return ToolResult.ok(body);
    }

    /**
     * The window manager's windows of processes with no accessible window (xmessage, xterm: #36 defect 6), from the
     * platform's typed desktop service: listed with {@code accessible:false} and no surface, since nothing of them
     * can be observed or fenced. A process with an accessible window is listed above only, however the two lists
     * join.
     */
    private List<Map<String, Object>> withoutAccessibility(
            DesktopWindows.Scope scope,
            Pattern regex,
            Set<Long> accessibleProcesses,
            List<String> warnings,
            ToolHost.CallContext context) {
        List<Map<String, Object>> listed = new ArrayList<>();
        if (services.desktop().isEmpty()) {
            return listed;
        }
        List<DesktopWindow> all;
        try {
            all = services.desktop()
                    .get()
                    .windows(WindowQuery.ALL, context.cancellation().token())
                    .windows();
        } catch (DesktopException e) {
            warnings.add("x11: " + e.code());
            return listed;
        }
        Set<Long> withAccessibility = new HashSet<>(accessibleProcesses);
        all.stream().filter(DesktopWindow::accessible).forEach(window -> withAccessibility.add(window.processId()));
        for (DesktopWindow window : all) {
            if (window.accessible()
                    || withAccessibility.contains(window.processId())
                    || !new ElementScope(scope.app(), scope.windowTitle(), scope.windowId()).matches(window)
                    || (regex != null
                            && (window.title() == null
                                    || !regex.matcher(window.title()).find()))) {
                continue;
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", window.id());
            entry.put("surface", null);
            entry.put("title", window.title());
            entry.put("app", window.appId());
            entry.put("process_id", window.processId());
            entry.put("backend", window.backend());
            entry.put("bounds", ToolJson.JSON.convertValue(window.bounds(), Map.class));
            entry.put("element_count", 0);
            entry.put("accessible", false);
            listed.add(entry);
        }
        return listed;
    }

    private static Pattern regex(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Pattern.compile(text, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        } catch (PatternSyntaxException e) {
            throw new ToolArguments.InvalidArgument("title_regex is not a valid regular expression");
        }
    }
}
