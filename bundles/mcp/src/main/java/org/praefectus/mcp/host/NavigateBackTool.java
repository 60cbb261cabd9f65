package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.executor.ExecutorException;

/**
 * {@code navigate_back} in browser mode: {@code act open} of the page's previous history entry's URL, which the CDP
 * executor turns into going back to that entry (the history keeps its forward entry). The URL is read from the
 * page's history ({@link PageObserver#previousUrl}), so a model need not know it; the effect is {@code act}'s, signed,
 * confirmed (the question names the origin) and audited as an {@code open}. No previous entry, or one that is not an
 * http(s) page (the blank page a browser starts on), is {@code no_history} before anyone is asked.
 */
final class NavigateBackTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("operation_id");
    private static final long HISTORY_DEADLINE_MS = 30_000;

    private final PageObserver page;
    private final Tool act;
    private final Clock clock;

    NavigateBackTool(PageObserver page, Tool act, Clock clock) {
        this.page = page;
        this.act = act;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "navigate_back";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        String operationId = ToolArguments.operationId(args);
        Optional<String> previous;
        try {
            previous = page.previousUrl(context.cancellation().token(), clock.millis() + HISTORY_DEADLINE_MS);
        } catch (ExecutorException e) {
            return ExecutorFailures.pageObservationFailure(e);
        }
        if (previous.isEmpty() || !webPage(previous.get())) {
            return ToolResult.failure(
                    "no_history",
                    "the page has no previous history entry to go back to",
                    "act open with the URL to go to",
                    true);
        }
        Map<String, Object> open = new HashMap<>();
        open.put("action", "open");
        open.put("url", previous.get());
        if (operationId != null) {
            open.put("operation_id", operationId);
        }
        return act.call(open, context);
    }

    private static boolean webPage(String url) {
        try {
            PageUrl.checked(url);
            return true;
        } catch (IllegalArgumentException notWeb) {
            return false;
        }
    }
}
