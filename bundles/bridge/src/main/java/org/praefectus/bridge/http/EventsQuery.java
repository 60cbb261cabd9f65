package org.praefectus.bridge.http;

import org.praefectus.bridge.run.ApiException;

/**
 * The parameters of {@code GET /runs/{id}/events}: where the page starts ({@code after_seq}, else the
 * {@code Last-Event-ID} header of a resuming event stream) and how many events it holds ({@code limit}). A bad
 * value is a 400 {@code validation_error}.
 */
final class EventsQuery {

    private EventsQuery() {}

    /** {@code after_seq}, else {@code lastEventId}, else 0; at least 0. */
    static long afterSeq(String query, String lastEventId) throws ApiException {
        String raw = QueryString.value(query, "after_seq");
        if (raw == null) {
            raw = lastEventId;
        }
        if (raw == null) {
            return 0;
        }
        long after;
        try {
            after = Long.parseLong(raw);
        } catch (NumberFormatException e) {
            after = -1;
        }
        if (after < 0) {
            throw new ApiException(400, "validation_error", "after_seq must be an integer >= 0.");
        }
        return after;
    }

    /** {@code limit}, from 1 to {@value BridgeServlet#MAX_EVENTS_PER_PAGE}; that maximum when absent. */
    static int limit(String query) throws ApiException {
        String raw = QueryString.value(query, "limit");
        if (raw == null) {
            return BridgeServlet.MAX_EVENTS_PER_PAGE;
        }
        int limit;
        try {
            limit = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            limit = -1;
        }
        if (limit < 1 || limit > BridgeServlet.MAX_EVENTS_PER_PAGE) {
            throw new ApiException(
                    400,
                    "validation_error",
                    "limit must be an integer from 1 to " + BridgeServlet.MAX_EVENTS_PER_PAGE + ".");
        }
        return limit;
    }
}
