package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;
import org.praefectus.api.engine.Engine;

/**
 * The Engine service moved to a ledger of one test's own through ConfigAdmin, as an embedding host moves it; closing
 * releases the service first (so the engine is not held while it moves) and then deletes the configuration.
 */
final class EngineOnOwnLedger implements AutoCloseable {

    private static final long AWAIT_SECONDS = 30;

    private final Configuration configuration;
    private final ServiceTracker<Engine, Engine> tracker;
    private final Engine engine;

    EngineOnOwnLedger(BundleContext context, ConfigurationAdmin configurationAdmin, Path ledger) throws Exception {
        configuration = configurationAdmin.getConfiguration("org.praefectus.engine", "?");
        configuration.update(FrameworkUtil.asDictionary(Map.of("ledger.path", ledger.toString())));
        tracker = new ServiceTracker<>(
                context,
                context.createFilter("(&(objectClass=" + Engine.class.getName() + ")(ledger.path=" + ledger + "))"),
                null);
        tracker.open();
        engine = tracker.waitForService(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS));
        assertNotNull(engine, "the engine moved to " + ledger);
    }

    Engine engine() {
        return engine;
    }

    @Override
    public void close() throws Exception {
        tracker.close();
        configuration.delete();
    }
}
