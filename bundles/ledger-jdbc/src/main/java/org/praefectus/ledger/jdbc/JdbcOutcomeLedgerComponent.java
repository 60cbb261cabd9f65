package org.praefectus.ledger.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import javax.sql.DataSource;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jdbc.DataSourceFactory;
import org.osgi.service.metatype.annotations.Designate;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.engine.OutcomeLedgerException;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.ledger.jdbc.api.FleetLedger;
import org.praefectus.ledger.jdbc.api.LedgerState;

/**
 * The {@link OutcomeLedger} service on PostgreSQL: the driver's {@link DataSourceFactory} makes the data
 * source, HikariCP pools it, {@link JdbcOutcomeLedger} does the work. The schema is migrated at the first
 * claim, so the service starts even while the database is away.
 */
@Designate(ocd = JdbcLedgerConfig.class)
@Component(
        service = {OutcomeLedger.class, FleetLedger.class},
        configurationPid = JdbcLedgerConfig.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class JdbcOutcomeLedgerComponent implements OutcomeLedger, FleetLedger {

    private final HikariDataSource pool;
    private final JdbcOutcomeLedger ledger;

    @Activate
    public JdbcOutcomeLedgerComponent(
            JdbcLedgerConfig config,
            // the configuration's dataSourceFactory.target replaces this default filter
            @Reference(name = "dataSourceFactory", target = "(osgi.jdbc.driver.class=org.postgresql.Driver)")
                    DataSourceFactory factory)
            throws SQLException {
        String hostId = config.host_id().isEmpty() ? localHostName() : config.host_id();
        this.pool = pool(factory, config, hostId);
        this.ledger = new JdbcOutcomeLedger(pool, hostId, Duration.ofMillis(config.retry_interval_ms()));
    }

    /** The pool the service uses: HikariCP over the factory's data source, with the configured timeouts. */
    public static HikariDataSource pool(DataSourceFactory factory, JdbcLedgerConfig config, String hostId)
            throws SQLException {
        Properties properties = new Properties();
        properties.setProperty(DataSourceFactory.JDBC_URL, config.url());
        properties.setProperty(DataSourceFactory.JDBC_USER, config.user());
        if (!config._password().isEmpty()) {
            properties.setProperty(DataSourceFactory.JDBC_PASSWORD, config._password());
        }
        // PostgreSQL's factory hands every further property to its data source: a lost link then fails a
        // statement after socketTimeout instead of hanging the operation
        properties.setProperty("connectTimeout", Long.toString(Math.max(1, config.connect_timeout_ms() / 1000)));
        properties.setProperty("socketTimeout", Integer.toString(config.socket_timeout_s()));
        properties.setProperty("tcpKeepAlive", "true");
        DataSource source = factory.createDataSource(properties);
        HikariConfig hikari = new HikariConfig();
        hikari.setDataSource(source);
        hikari.setPoolName("praefectus-ledger-" + hostId);
        hikari.setMaximumPoolSize(config.pool_size());
        hikari.setMinimumIdle(1);
        hikari.setConnectionTimeout(Math.max(250, config.connect_timeout_ms()));
        hikari.setValidationTimeout(Math.max(250, Math.min(config.connect_timeout_ms(), 1000)));
        hikari.setInitializationFailTimeout(-1); // start without the database; claims fail until it answers
        return new HikariDataSource(hikari);
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    @Override
    public OutcomeDecision begin(OutcomeKey key) throws OutcomeLedgerException {
        return ledger.begin(key);
    }

    @Override
    public void record(OutcomeKey key, Terminal terminal) throws OutcomeLedgerException {
        ledger.record(key, terminal);
    }

    @Override
    public String hostId() {
        return ledger.hostId();
    }

    @Override
    public int pendingTerminals() {
        return ledger.pendingTerminals();
    }

    @Override
    public LedgerState state() throws SQLException {
        return ledger.state();
    }

    @Deactivate
    void deactivate() {
        ledger.close();
        pool.close();
    }
}
