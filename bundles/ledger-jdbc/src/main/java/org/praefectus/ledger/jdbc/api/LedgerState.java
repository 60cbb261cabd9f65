package org.praefectus.ledger.jdbc.api;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the shared ledger holds: for the fleet view.
 *
 * @param schemaVersion    the applied schema version
 * @param operations       every operation ever claimed
 * @param open             claims without a terminal (dispatching now, or interrupted)
 * @param terminals        terminals by kind
 * @param hosts            the engine hosts that claimed through this ledger
 * @param pendingTerminals terminals this host keeps until the database answers again
 */
public record LedgerState(
        int schemaVersion,
        long operations,
        long open,
        Map<String, Long> terminals,
        List<Host> hosts,
        int pendingTerminals) {

    /**
     * An engine host of the fleet as the ledger knows it.
     *
     * @param hostId    its name
     * @param startedAt its first claim
     * @param lastSeen  its latest claim (updated at most every few seconds)
     */
    public record Host(String hostId, Instant startedAt, Instant lastSeen) {}

    public LedgerState {
        terminals = Map.copyOf(terminals);
        hosts = List.copyOf(hosts);
    }
}
