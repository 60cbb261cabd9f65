package org.praefectus.remote;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.praefectus.api.executor.ResolvedTarget;

/**
 * Resolved targets kept on the desktop host between {@code resolve} and {@code dispatch}: a resolved
 * element is the executor's own object (an accessibility reference), which never leaves its process. The
 * engine holds an opaque handle; a handle lives until its operation's deadline and is taken once.
 */
final class ResolvedHandles {

    /** More than this many live handles means callers resolve without dispatching: refuse new ones. */
    static final int MAX_HANDLES = 4096;

    private record Held(ResolvedTarget target, long expiresAtMs) {}

    private final Map<String, Held> held = new ConcurrentHashMap<>();

    /** @return the handle, or {@code null} when too many are live */
    String put(ResolvedTarget target, long deadlineAtMs) {
        long now = System.currentTimeMillis();
        held.values().removeIf(entry -> entry.expiresAtMs() <= now);
        if (held.size() >= MAX_HANDLES) {
            return null;
        }
        String handle = UUID.randomUUID().toString();
        held.put(handle, new Held(target, deadlineAtMs));
        return handle;
    }

    /** The target of a live handle, removed; {@code null} when unknown, taken or expired. */
    ResolvedTarget take(String handle) {
        Held entry = handle == null ? null : held.remove(handle);
        if (entry == null || entry.expiresAtMs() <= System.currentTimeMillis()) {
            return null;
        }
        return entry.target();
    }

    int size() {
        return held.size();
    }
}
