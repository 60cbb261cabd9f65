package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.selector.ReadBack;
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
                    services, scope, new CancellationToken(), clock.millis() + ToolHost.OBSERVE_DEADLINE_MS);
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return ExecutorFailures.observationFailure(e);
        }
        List<Map<String, Object>> elements = new ArrayList<>();
        List<String> warnings = new ArrayList<>(found.warnings());
        int matched = 0;
        for (DesktopWindows.Window window : found.windows()) {
            List<Map<String, Object>> listed = new ArrayList<>();
            boolean any = false;
            for (UiElement element : DesktopWindows.elements(window)) {
                if (!selector.matches(element)) {
                    continue;
                }
                matched++;
                any = true;
                if (elements.size() + listed.size() < limit) {
                    listed.add(ToolJson.JSON.convertValue(element, Map.class));
                }
            }
            if (any) {
                observations.remember(context.sessionKey(), window.observation(), window.surface());
            }
            readBack(window, listed, warnings);
            elements.addAll(listed);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("elements", elements);
        body.put("count", elements.size());
        body.put("matched", matched);
        body.put("truncated", matched > elements.size());
        body.put("windows_searched", found.windows().size());
        body.put("warnings", warnings);
        return ToolResult.ok(body);
    }

    /**
     * What the listed elements hold now (text, value, checked, …), read by the platform's desktop service from the
     * observation they were found in, so an agent can check what it did without another call (#36). Without the
     * service, or when the read fails, they stay without it and a warning says why.
     */
    @SuppressWarnings("unchecked")
    private void readBack(DesktopWindows.Window window, List<Map<String, Object>> listed, List<String> warnings) {
        if (listed.isEmpty() || services.desktop().isEmpty()) {
            return;
        }
        List<String> tags = listed.stream().map(e -> (String) e.get("tag")).toList();
        Map<String, ReadBack> read;
        try {
            read = services.desktop()
                    .get()
                    .readBack(window.observation().observationId(), tags, new CancellationToken());
        } catch (DesktopException e) {
            warnings.add("window " + window.id() + ": read-back unavailable (" + e.code() + ")");
            return;
        }
        for (Map<String, Object> element : listed) {
            ReadBack readBack = read.get((String) element.get("tag"));
            if (readBack != null) {
                element.put("read_back", ToolJson.JSON.convertValue(readBack, Map.class));
            }
        }
    }
}
