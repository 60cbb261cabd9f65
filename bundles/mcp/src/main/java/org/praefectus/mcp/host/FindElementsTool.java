package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;

/**
 * {@code find_elements} (and its PeekabooX aliases {@code find_element}, {@code elements}): the elements of
 * the windows in scope that match a selector, each with the {@code observation_id} and {@code tag} the input
 * tools accept. Read-only; the observations are kept for this session only.
 */
final class FindElementsTool implements Tool {

    static final List<String> NAMES = List.of("find_elements", "find_element", "elements");

    private final String name;
    private final HostServices services;
    private final SessionObservations observations;
    private final Clock clock;

    FindElementsTool(String name, HostServices services, SessionObservations observations, Clock clock) {
        this.name = name;
        this.services = services;
        this.observations = observations;
        this.clock = clock;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        String text = ToolArguments.stringArgument(args, "selector", false);
        Selector selector = text == null ? Selector.any() : ElementTargets.parse(text);
        int limit = ToolArguments.intArgument(args, "limit", 200, 1, 4_096);
        DesktopWindows.Scope scope = DesktopWindows.Scope.of(args);
        DesktopWindows.Found found;
        try {
            found = DesktopWindows.read(
                    services.engine(), scope, new CancellationToken(), clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return ExecutorFailures.observationFailure(e);
        }
        List<Object> elements = new ArrayList<>();
        int matched = 0;
        for (DesktopWindows.Window window : found.windows()) {
            boolean any = false;
            for (UiElement element : DesktopWindows.elements(window)) {
                if (!selector.matches(element)) {
                    continue;
                }
                matched++;
                any = true;
                if (elements.size() < limit) {
                    elements.add(ToolJson.JSON.convertValue(element, Map.class));
                }
            }
            if (any) {
                observations.remember(context.sessionKey(), window.observation(), window.surface());
            }
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("elements", elements);
        body.put("count", elements.size());
        body.put("matched", matched);
        body.put("truncated", matched > elements.size());
        body.put("windows_searched", found.windows().size());
        body.put("warnings", found.warnings());
        return ToolResult.ok(body);
    }
}
