package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.executor.ExecutorException;

/**
 * {@code find} in browser mode: the elements of the page a {@link PageQuery} matches, as their outline lines with the
 * tags {@code act} takes, read part by part from {@code part} until one holds a match ({@link PageSearch}); that part
 * becomes the session's current observation. Read-only: nothing is signed.
 */
final class PageFindTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("role", "name", "text", "part", "max_results");

    private final PageSearch search;
    private final Clock clock;

    PageFindTool(PageSearch search, Clock clock) {
        this.search = search;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "find";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        PageQuery query = PageQuery.of(args);
        int part = ToolArguments.intArgument(args, "part", 0, 0, 1_000);
        int max = ToolArguments.intArgument(args, "max_results", 50, 1, 500);
        PageSearch.Found found;
        try {
            found = search.search(
                    query,
                    part,
                    context.sessionKey(),
                    context.cancellation().token(),
                    clock.millis() + ToolHost.PAGE_OBSERVE_DEADLINE_MS);
        } catch (ExecutorException e) {
            return ExecutorFailures.pageObservationFailure(e);
        }
        int shownPart = found.observation().part();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("observation_id", found.observation().observation().observationId());
        body.put("count", found.matches().size());
        body.put("truncated", found.matches().size() > max);
        body.put("part", shownPart);
        body.put("parts", found.observation().parts());
        body.put("next_part", shownPart + 1 < found.observation().parts() ? shownPart + 1 : null);
        body.put("matches", found.lines(max));
        return ToolResult.ok(body).withText(found.text(max));
    }
}
