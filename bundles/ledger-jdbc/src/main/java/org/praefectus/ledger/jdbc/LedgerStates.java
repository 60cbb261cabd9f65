package org.praefectus.ledger.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.ledger.jdbc.api.LedgerState;
import org.praefectus.ledger.jdbc.api.LedgerState.Host;

/** Reads a {@link LedgerState} from the schema. */
final class LedgerStates {

    private LedgerStates() {}

    static LedgerState read(Connection connection, int schemaVersion, int pendingTerminals) throws SQLException {
        long operations = 0;
        long open = 0;
        Map<String, Long> terminals = new LinkedHashMap<>();
        List<Host> hosts = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT coalesce(terminal_kind, ''), count(*) "
                    + "FROM praefectus_outcomes GROUP BY 1 ORDER BY 1")) {
                while (rows.next()) {
                    long count = rows.getLong(2);
                    operations += count;
                    if (rows.getString(1).isEmpty()) {
                        open = count;
                    } else {
                        terminals.put(rows.getString(1), count);
                    }
                }
            }
            try (ResultSet rows = statement.executeQuery(
                    "SELECT host_id, started_at, last_seen FROM praefectus_hosts ORDER BY host_id")) {
                while (rows.next()) {
                    hosts.add(new Host(
                            rows.getString(1),
                            rows.getTimestamp(2).toInstant(),
                            rows.getTimestamp(3).toInstant()));
                }
            }
        }
        return new LedgerState(schemaVersion, operations, open, terminals, hosts, pendingTerminals);
    }
}
