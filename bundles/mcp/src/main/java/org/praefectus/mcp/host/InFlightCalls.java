package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tool calls a connection has in flight, by request id, so {@code notifications/cancelled} reaches the
 * call it names. The transport registers a call when it reads the request (before the SDK schedules it), so
 * a cancellation that follows the request always finds it; a cancellation of an unknown id is ignored.
 * Bounded: entries of calls that never reached a handler are forgotten oldest first.
 */
public final class InFlightCalls {

    private static final int CAPACITY = 1_024;

    private final Map<String, CallCancellation> calls = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CallCancellation> eldest) {
            return size() > CAPACITY;
        }
    };

    /** The call's cancellation, created at the first look. */
    public synchronized CallCancellation begin(String connection, String requestId) {
        return calls.computeIfAbsent(key(connection, requestId), k -> new CallCancellation());
    }

    /** Cancels the call if it is in flight. */
    public void cancel(String connection, String requestId) {
        CallCancellation call;
        synchronized (this) {
            call = calls.get(key(connection, requestId));
        }
        if (call != null) {
            call.cancel();
        }
    }

    /** Forgets a finished call. */
    public synchronized void end(String connection, String requestId) {
        calls.remove(key(connection, requestId));
    }

    /** Cancels every call of a connection (it closed). */
    public void cancelAll(String connection) {
        List<CallCancellation> open = new ArrayList<>();
        synchronized (this) {
            calls.forEach((k, v) -> {
                if (k.startsWith(connection + "\n")) {
                    open.add(v);
                }
            });
        }
        open.forEach(CallCancellation::cancel);
    }

    private static String key(String connection, String requestId) {
        return connection + "\n" + requestId;
    }
}
