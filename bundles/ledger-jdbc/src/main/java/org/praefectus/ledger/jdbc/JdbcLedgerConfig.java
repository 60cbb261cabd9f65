package org.praefectus.ledger.jdbc;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the shared outcome ledger (ConfigAdmin PID {@value #PID}, required). */
@ObjectClassDefinition(
        id = JdbcLedgerConfig.PID,
        name = "Praefectus JDBC outcome ledger",
        description = "The fleet's shared outcome ledger on PostgreSQL.")
public @interface JdbcLedgerConfig {
    /** The configuration PID. */
    String PID = "org.praefectus.ledger.jdbc";

    /** The JDBC URL (property {@code url}), for example {@code jdbc:postgresql://10.0.0.1:5432/praefectus}. No default. */
    @AttributeDefinition(name = "JDBC URL", description = "e.g. jdbc:postgresql://10.0.0.1:5432/praefectus")
    String url();

    /** The database user (property {@code user}). Default {@code praefectus}. */
    @AttributeDefinition(name = "User", required = false)
    String user() default "praefectus";

    /**
     * The database password (property {@code .password}: private, never a service property). Default
     * empty: trust, peer or certificate authentication.
     */
    @AttributeDefinition(
            name = "Password",
            required = false,
            type = org.osgi.service.metatype.annotations.AttributeType.PASSWORD)
    String _password() default "";

    /** This engine host's name in the ledger (property {@code host.id}). Default: the machine's host name. */
    @AttributeDefinition(name = "Host id", required = false, description = "Default: the machine's host name.")
    String host_id() default "";

    /** Pooled connections (property {@code pool.size}). Default 4. */
    @AttributeDefinition(name = "Pool size", required = false, min = "1")
    int pool_size() default 4;

    /**
     * How long a claim waits for a connection (property {@code connect.timeout.ms}; at least 250). Default
     * 2000. A claim that cannot get one in time is refused: no dispatch.
     */
    @AttributeDefinition(name = "Connect timeout (ms)", required = false, min = "250")
    long connect_timeout_ms() default 2000;

    /**
     * How long one statement may wait on the network (property {@code socket.timeout.s}). Default 10. A lost
     * link fails the statement after this time instead of hanging the operation.
     */
    @AttributeDefinition(name = "Socket timeout (s)", required = false, min = "1")
    int socket_timeout_s() default 10;

    /** How often terminals that could not be written are tried again (property {@code retry.interval.ms}). Default 1000. */
    @AttributeDefinition(name = "Retry interval (ms)", required = false, min = "10")
    long retry_interval_ms() default 1000;

    /**
     * Which OSGi JDBC {@code DataSourceFactory} to use (property {@code dataSourceFactory.target}). Default
     * PostgreSQL's driver.
     */
    @AttributeDefinition(name = "DataSourceFactory filter", required = false)
    String dataSourceFactory_target() default "(osgi.jdbc.driver.class=org.postgresql.Driver)";
}
