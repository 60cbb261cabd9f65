package org.praefectus.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.util.tracker.ServiceTracker;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.MemoryOutcomeLedger;
import org.praefectus.api.engine.OutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.Terminal;

/**
 * Issue 14, defect 2 (stale Engine): the Engine object a host obtained once must keep serving while the
 * verifier's keys, the ledger path and the host outcome ledger change underneath it. A superseded component
 * instance used to answer {@code no executor is bound} forever.
 */
class HeldEngineTest {

    private static final long TIMEOUT_MS = 20_000;

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final List<Configuration> configurations = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (ServiceRegistration<?> registration : registrations) {
            registration.unregister();
        }
        for (Configuration configuration : configurations) {
            configuration.delete();
        }
    }

    private Path newLedger() throws Exception {
        Path ledgers = Path.of(System.getProperty("praefectus.test.ledger.dir"));
        Files.createDirectories(ledgers);
        Files.setPosixFilePermissions(ledgers, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        return Files.createTempDirectory(ledgers, "held").resolve("operations.jsonl");
    }

    private void update(Configuration configuration, String key, Object value) throws Exception {
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(key, value);
        configuration.update(properties);
    }

    private <S> void awaitService(Class<S> type, String filter) throws Exception {
        ServiceTracker<S, S> tracker = new ServiceTracker<>(
                context, context.createFilter("(&(objectClass=" + type.getName() + ")" + filter + ")"), null);
        tracker.open();
        try {
            assertNotNull(tracker.waitForService(TIMEOUT_MS), "the change reached " + filter);
        } finally {
            tracker.close();
        }
    }

    @Test
    void theHeldEngineServesAcrossKeyLedgerAndOutcomeLedgerChanges() throws Exception {
        Requests pinned = new Requests("held-pinned");
        Requests configured = new Requests("held-configured");
        TestExecutor executor = new TestExecutor("held");
        registrations.add(context.registerService(Executor.class, executor, null));
        registrations.add(context.registerService(PinnedIssuer.class, pinned.pinnedIssuer(), null));

        Configuration engineConfig = configurationAdmin.getConfiguration("org.praefectus.engine", "?");
        configurations.add(engineConfig);
        Path first = newLedger();
        update(engineConfig, "ledger.path", first.toString());
        awaitService(Engine.class, "(ledger.path=" + first + ")");
        ServiceReference<Engine> reference = context.getServiceReference(Engine.class);
        Engine held = context.getService(reference);
        try {
            assertInstanceOf(
                    Terminal.Succeeded.class,
                    held.execute(pinned.invoke("held-1"), new CancellationToken())
                            .terminal());

            // the verifier's configured keys change
            Configuration authority = configurationAdmin.getConfiguration("org.praefectus.engine.authority", "?");
            configurations.add(authority);
            update(authority, "keys", new String[] {configured.keyEntry()});
            awaitService(AuthorityVerifier.class, "(keys=" + configured.keyEntry() + ")");
            assertInstanceOf(
                    Terminal.Succeeded.class,
                    held.execute(configured.invoke("held-2"), new CancellationToken())
                            .terminal());

            // the ledger moves
            Path second = newLedger();
            update(engineConfig, "ledger.path", second.toString());
            awaitService(Engine.class, "(ledger.path=" + second + ")");
            assertInstanceOf(
                    Terminal.Succeeded.class,
                    held.execute(pinned.invoke("held-3"), new CancellationToken())
                            .terminal());
            assertTrue(Files.readString(second).contains("\"operation_id\":\"held-3\""), "the new ledger is used");

            // a host outcome ledger arrives
            registrations.add(context.registerService(OutcomeLedger.class, new MemoryOutcomeLedger(), null));
            assertInstanceOf(
                    Terminal.Succeeded.class,
                    held.execute(pinned.invoke("held-4"), new CancellationToken())
                            .terminal());

            assertEquals(4, executor.dispatches.get());
            assertEquals(reference, context.getServiceReference(Engine.class), "one engine service throughout");
        } finally {
            context.ungetService(reference);
        }
    }
}
