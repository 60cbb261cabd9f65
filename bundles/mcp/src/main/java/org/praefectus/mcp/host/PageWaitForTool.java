package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;

/**
 * {@code wait_for} in browser mode: until an element a {@link PageQuery} matches appears on the page, or with
 * {@code gone} until none does, at most {@code timeout_ms}. The page is read (every part, as {@code find} reads it)
 * again each time it changes ({@link PageObserver#awaitChange}: a DOM mutation, a new document, a dialog) or after
 * {@link #QUIET_MS} without a change; no reading starts after the deadline. The answer is the desktop
 * {@code wait_for}'s shape with the matches' outline lines and tags; the part read last is the session's current
 * observation, so a model acts on what appeared without observing again. The condition not holding at the deadline
 * is the tool error {@code timeout} carrying the last reading. Read-only: nothing is signed.
 */
final class PageWaitForTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("role", "name", "text", "gone", "timeout_ms");
    /** The longest wait a call may ask for. */
    static final int MAX_WAIT_MS = 120_000;
    /** How long a quiet page goes unread: a change that mutates no DOM (a style's transition) is read this late. */
    static final long QUIET_MS = 1_000;

    private static final int MAX_LINES = 50;

    private final PageSearch search;
    private final Clock clock;

    PageWaitForTool(PageSearch search, Clock clock) {
        this.search = search;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "wait_for";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        PageQuery query = PageQuery.of(args);
        boolean gone = ToolArguments.boolArgument(args, "gone");
        int timeout = ToolArguments.intArgument(args, "timeout_ms", 10_000, 0, MAX_WAIT_MS);
        CancellationToken cancellation = context.cancellation().token();
        long started = clock.millis();
        long deadline = started + timeout;
        int lookups = 0;
        PageSearch.Found found;
        try {
            while (true) {
                found = search.search(
                        query,
                        0,
                        context.sessionKey(),
                        cancellation,
                        clock.millis() + ToolHost.PAGE_OBSERVE_DEADLINE_MS);
                lookups += found.read();
                boolean met = gone == found.matches().isEmpty();
                long remaining = deadline - clock.millis();
                if (met || remaining <= 0) {
                    return answer(query, gone, met, clock.millis() - started, lookups, found);
                }
                search.awaitChange(Math.min(QUIET_MS, remaining), cancellation, deadline);
            }
        } catch (ExecutorException e) {
            return ExecutorFailures.pageObservationFailure(e);
        }
    }

    private static ToolResult answer(
            PageQuery query, boolean gone, boolean met, long waitedMs, int lookups, PageSearch.Found found) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("met", met);
        body.put("condition", gone ? "disappears" : "appears");
        body.put("waited_ms", waitedMs);
        body.put("lookups", lookups);
        body.put("count", found.matches().size());
        body.put("part", found.observation().part());
        body.put("parts", found.observation().parts());
        body.put("matches", found.lines(MAX_LINES));
        if (met) {
            return ToolResult.ok(body).withText(found.text(MAX_LINES));
        }
        return ToolResult.failure(
                "timeout",
                (gone ? "the page still shows " : "the page does not show ") + query.describe() + " after " + waitedMs
                        + " ms",
                "wait again with a longer timeout_ms, or observe what the page shows",
                true,
                body);
    }
}
