package org.praefectus.tests.fleet;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.jdbc.DataSourceFactory;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.engine.OutcomeDecision;
import org.praefectus.api.engine.OutcomeKey;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.ledger.jdbc.api.FleetLedger;

/**
 * The shared ledger in a real Felix: configured through ConfigAdmin, it reaches PostgreSQL through the
 * driver's {@link DataSourceFactory} service and HikariCP; two configured hosts race one operation; the
 * fleet command shows the ledger's state; removing the configuration removes the service.
 */
class FleetLedgerWiringTest {

    private static final long TIMEOUT_MS = 20_000;
    private static PostgresServer server;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService(cardinality = 0)
    ServiceAware<OutcomeLedger> ledgers;

    @InjectService(cardinality = 0)
    ServiceAware<FleetLedger> fleetLedgers;

    @InjectService(cardinality = 0, filter = "(praefectus.cli.command=fleet)")
    ServiceAware<CliCommand> fleetCommands;

    @InjectService(cardinality = 0)
    ServiceAware<DataSourceFactory> factories;

    private Configuration configuration;

    @BeforeAll
    static void startDatabase() throws Exception {
        server = PostgresServer.start(List.of());
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @AfterEach
    void unconfigure() throws Exception {
        if (configuration != null) {
            configuration.delete();
        }
    }

    @Test
    void theConfiguredLedgerClaimsThroughTheDriversDataSourceFactoryAndTheFleetViewShowsIt() throws Exception {
        assertNotNull(factories.waitForService(TIMEOUT_MS), "PostgreSQL's driver registers a DataSourceFactory");
        assertNull(ledgers.getService(), "no configuration, no shared ledger");
        server.newDatabase("wiring");
        configuration = configurationAdmin.getConfiguration("org.praefectus.ledger.jdbc", "?");
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("url", server.url().replace("/postgres", "/wiring"));
        properties.put("user", PostgresServer.USER);
        properties.put("host.id", "engine-a");
        configuration.update(properties);

        OutcomeLedger ledger = ledgers.waitForService(TIMEOUT_MS);
        assertNotNull(ledger);
        OutcomeKey key = new OutcomeKey("op-1", Sha256.hex("action".getBytes(StandardCharsets.UTF_8)));
        assertInstanceOf(OutcomeDecision.Dispatch.class, ledger.begin(key));
        assertInstanceOf(OutcomeDecision.Interrupted.class, ledger.begin(key), "never a second dispatch");
        Terminal failed = new Terminal.Failed(FailureCode.DISPATCH_FAILED, "fixed");
        ledger.record(key, failed);
        assertEquals(failed, ((OutcomeDecision.Recorded) ledger.begin(key)).terminal());

        FleetLedger fleet = fleetLedgers.waitForService(TIMEOUT_MS);
        assertEquals("engine-a", fleet.hostId());
        CliCommand command = fleetCommands.waitForService(TIMEOUT_MS);
        Map<?, ?> view = (Map<?, ?>) command.run(List.of());
        Map<?, ?> shared = (Map<?, ?>) view.get("ledger");
        assertEquals("postgresql", shared.get("kind"));
        assertEquals(true, shared.get("reachable"));
        assertEquals(2, shared.get("schema_version"));
        assertEquals(1L, shared.get("operations"));
        assertEquals(Map.of("failed", 1L), shared.get("terminals"));

        configuration.delete();
        configuration = null;
        // DS deactivates the ledger and unbinds it from the fleet command one after the other: wait (bounded) for
        // both, the fleet view being what a person reads
        await("the configuration removed, the ledger leaves the fleet and its view")
                .atMost(Duration.ofMillis(TIMEOUT_MS))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> ledgers.getService() == null
                        && Map.of("kind", "none").equals(((Map<?, ?>) command.run(List.of())).get("ledger")));
    }
}
