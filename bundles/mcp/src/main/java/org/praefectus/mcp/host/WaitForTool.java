package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementWait;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.selector.UiElement;

/**
 * {@code wait_for} (#36): until an element matching {@code selector} appears in scope, or with {@code gone} until
 * none does, as the platform's typed {@link DesktopService#waitFor} reads it (again at each AT-SPI change). Read-only.
 * The elements it reports carry no tag: they come from the service's own observations, not this session's, so
 * {@code find_elements} gives the tags to act on.
 */
final class WaitForTool implements Tool {

    private static final Set<String> ARGUMENTS =
            Set.of("selector", "app", "window_title", "window_id", "gone", "timeout_ms");

    private final HostServices services;

    WaitForTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "wait_for";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        ElementQuery query;
        try {
            query = DesktopServiceTools.query(args);
        } catch (SelectorException e) {
            return DesktopServiceTools.badSelector(e);
        }
        boolean gone = ToolArguments.boolArgument(args, "gone");
        int timeout = ToolArguments.intArgument(args, "timeout_ms", 10_000, 0, (int) DesktopService.MAX_WAIT_MS);
        DesktopServiceTools.Service service = DesktopServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        ElementWait wait;
        try {
            wait = service.desktop()
                    .waitFor(query, gone, timeout, context.cancellation().token());
        } catch (DesktopException e) {
            return ToolResult.failure(e.code(), e.getMessage(), "run doctor to see what the desktop lacks", true);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("met", wait.met());
        body.put("condition", wait.condition());
        body.put("waited_ms", wait.waitedMs());
        body.put("lookups", wait.lookups());
        body.put("count", wait.count());
        body.put("elements", wait.elements().stream().map(WaitForTool::untagged).toList());
        if (wait.met()) {
            return ToolResult.ok(body);
        }
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", "timeout");
        error.put("message", wait.failure().getMessage());
        error.put("next_action", "wait again with a longer timeout_ms, or observe what the window shows");
        body.put("error", error);
        return new ToolResult(true, body, null);
    }

    /** An element as plain JSON without the tag and observation of the service's own observation. */
    private static Map<String, Object> untagged(UiElement element) {
        @SuppressWarnings("unchecked")
        Map<String, Object> plain = new LinkedHashMap<>(ToolJson.JSON.convertValue(element, Map.class));
        plain.keySet().removeAll(List.of("tag", "observation_id"));
        return plain;
    }
}
