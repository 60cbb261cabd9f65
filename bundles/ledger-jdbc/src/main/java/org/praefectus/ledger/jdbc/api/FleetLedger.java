package org.praefectus.ledger.jdbc.api;

import java.sql.SQLException;
import org.osgi.annotation.versioning.ProviderType;

/** The fleet's shared outcome ledger as the fleet view sees it: registered beside the {@code OutcomeLedger}. */
@ProviderType
public interface FleetLedger {

    /** This engine host's name in the ledger. */
    String hostId();

    /** Terminals this host keeps until the database answers again. */
    int pendingTerminals();

    /**
     * What the ledger holds now.
     *
     * @throws SQLException the database is unreachable
     */
    LedgerState state() throws SQLException;
}
