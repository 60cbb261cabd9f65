package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
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
                    services.engine(), scope, new CancellationToken(), clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
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
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("windows", windows);
        body.put("count", windows.size());
        body.put("warnings", found.warnings());
        return ToolResult.ok(body);
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
