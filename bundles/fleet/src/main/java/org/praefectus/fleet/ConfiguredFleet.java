package org.praefectus.fleet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Dictionary;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.praefectus.api.executor.Executor;

/**
 * What this engine host's configuration says the fleet holds: whether a shared ledger is configured, and the
 * desktop executors whose Remote Services endpoints are configured. The fleet view waits for them and names
 * the ones that did not arrive.
 *
 * @param ledger    a configuration of PID {@value #LEDGER_PID} exists
 * @param endpoints the configured endpoints of desktop executors
 */
public record ConfiguredFleet(boolean ledger, List<Endpoint> endpoints) {

    /** org.praefectus.ledger-jdbc's configuration PID (its JdbcLedgerConfig). */
    static final String LEDGER_PID = "org.praefectus.ledger.jdbc";

    /** Aries RSA's config discovery: one factory configuration per endpoint to import. */
    static final String ENDPOINT_FACTORY_PID = "org.apache.aries.rsa.discovery.config";

    /** The interface a desktop host exports its executor as (org.praefectus.remote's wire contract). */
    static final String REMOTE_EXECUTOR = "org.praefectus.remote.api.RemoteExecutor";

    static final String ENDPOINT_ID = "endpoint.id";

    /** Nothing configured: the view lists what is registered and waits for nothing. */
    public static final ConfiguredFleet NONE = new ConfiguredFleet(false, List.of());

    /**
     * A configured endpoint of a desktop executor.
     *
     * @param id      its {@code endpoint.id} ({@code tcp://address:port})
     * @param backend its {@code praefectus.executor.backend}, {@code unknown} when not configured
     * @param desktop its {@code praefectus.desktop.id}, else the endpoint id
     */
    public record Endpoint(String id, String backend, String desktop) {}

    public ConfiguredFleet {
        endpoints = List.copyOf(endpoints);
    }

    /** The configured endpoints that no executor among {@code executors} (their service properties) imports. */
    public List<Endpoint> notImported(Collection<Map<String, Object>> executors) {
        Set<Object> imported = new HashSet<>();
        executors.forEach(properties -> imported.add(properties.get(ENDPOINT_ID)));
        return endpoints.stream()
                .filter(endpoint -> !imported.contains(endpoint.id()))
                .toList();
    }

    /** Read from ConfigAdmin; a store that cannot be read counts as nothing configured. */
    public static ConfiguredFleet of(ConfigurationAdmin configurationAdmin) {
        try {
            boolean ledger = configurationAdmin.listConfigurations("(service.pid=" + LEDGER_PID + ")") != null;
            Configuration[] imports =
                    configurationAdmin.listConfigurations("(service.factoryPid=" + ENDPOINT_FACTORY_PID + ")");
            List<Endpoint> endpoints = new ArrayList<>();
            for (Configuration configuration : imports == null ? new Configuration[0] : imports) {
                endpoint(configuration.getProperties()).ifPresent(endpoints::add);
            }
            return new ConfiguredFleet(ledger, endpoints);
        } catch (IOException | InvalidSyntaxException e) {
            return NONE;
        }
    }

    private static Optional<Endpoint> endpoint(Dictionary<String, Object> properties) {
        if (properties == null
                || !(properties.get(ENDPOINT_ID) instanceof String id)
                || !names(properties.get("objectClass")).contains(REMOTE_EXECUTOR)) {
            return Optional.empty();
        }
        Object backend = properties.get(Executor.BACKEND_PROPERTY);
        Object desktop = properties.get(FleetView.DESKTOP);
        return Optional.of(new Endpoint(
                id, backend == null ? "unknown" : backend.toString(), desktop == null ? id : desktop.toString()));
    }

    // objectClass is a String[] in Configurator JSON; a plain String or a collection is accepted too
    private static List<String> names(Object objectClass) {
        if (objectClass instanceof String[] names) {
            return Arrays.asList(names);
        }
        if (objectClass instanceof Collection<?> names) {
            return names.stream().map(String::valueOf).toList();
        }
        return objectClass == null ? List.of() : List.of(objectClass.toString());
    }
}
