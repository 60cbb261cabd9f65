package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.protocol.ActionRequest;

/**
 * The unsigned request this host built for each recent operation id, with a fingerprint of the call that
 * produced it. An identical call with the same operation id re-presents the same request (same action hash,
 * fresh grant), so the engine replays the recorded terminal; a different call under that id is a conflict.
 * Bounded: the oldest entries are forgotten. After a restart an operation id is unknown here and a repeated
 * call is refused as a conflict by the engine's durable ledger: never dispatched twice.
 */
public final class RecentOperations {

    /** One remembered operation, with the lengths its audit lines carry (never the values). */
    public record Entry(String callFingerprint, ActionRequest draft, Map<String, Object> auditLengths) {

        public Entry {
            auditLengths = Map.copyOf(auditLengths);
        }
    }

    private final Map<String, Entry> entries;

    public RecentOperations(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > capacity;
            }
        };
    }

    public synchronized Optional<Entry> find(String operationId) {
        return Optional.ofNullable(entries.get(operationId));
    }

    /** The remembered operation ids, most recent last. */
    public synchronized java.util.List<String> ids() {
        return java.util.List.copyOf(entries.keySet());
    }

    public synchronized void remember(String operationId, Entry entry) {
        entries.putIfAbsent(operationId, entry);
    }
}
