package org.praefectus.tests.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CliCommand;

/**
 * The fleet command reads what ConfigAdmin configures and, once its bounded wait is over, names what did not
 * arrive: an endpoint no Remote Services provider imports (none runs in this framework) and a ledger whose
 * {@code DataSourceFactory} does not exist.
 */
class FleetConfiguredButAbsentTest {

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService(filter = "(praefectus.cli.command=fleet)")
    CliCommand fleet;

    private final List<Configuration> configurations = new ArrayList<>();

    @AfterEach
    void unconfigure() throws Exception {
        for (Configuration configuration : configurations) {
            configuration.delete();
        }
    }

    @Test
    void aConfiguredEndpointAndLedgerThatNeverArriveAreNamed() throws Exception {
        Configuration ledger = configurationAdmin.getConfiguration("org.praefectus.ledger.jdbc", "?");
        configurations.add(ledger);
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> ledgerProperties = new Hashtable<>();
        ledgerProperties.put("url", "jdbc:postgresql://127.0.0.1:1/praefectus");
        ledgerProperties.put("host.id", "engine-a");
        ledgerProperties.put("dataSourceFactory.target", "(osgi.jdbc.driver.class=no.such.Driver)");
        ledger.update(ledgerProperties);
        Configuration endpoint =
                configurationAdmin.createFactoryConfiguration("org.apache.aries.rsa.discovery.config", "?");
        configurations.add(endpoint);
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> endpointProperties = new Hashtable<>();
        endpointProperties.put("endpoint.id", "tcp://127.0.0.1:1");
        endpointProperties.put("objectClass", new String[] {"org.praefectus.remote.api.RemoteExecutor"});
        endpointProperties.put("service.imported.configs", "praefectus.tcp");
        endpointProperties.put("praefectus.executor.backend", "linux-atspi");
        endpointProperties.put("praefectus.desktop.id", "desktop-9");
        endpoint.update(endpointProperties);

        Map<?, ?> view = (Map<?, ?>) fleet.run(List.of());

        assertEquals(Map.of("kind", "postgresql", "active", false), view.get("ledger"));
        List<Object> remote = new ArrayList<>();
        for (Object executor : (List<?>) view.get("executors")) {
            if (Boolean.TRUE.equals(((Map<?, ?>) executor).get("remote"))) {
                remote.add(executor);
            }
        }
        assertEquals(
                List.of(Map.of(
                        "backend", "linux-atspi",
                        "desktop", "remote:desktop-9",
                        "remote", true,
                        "session_isolation", "unknown",
                        "health", "not_imported")),
                remote);
    }
}
