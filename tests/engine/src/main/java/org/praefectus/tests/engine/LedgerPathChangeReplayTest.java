package org.praefectus.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.engine.BatchStep;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.Terminal;

/**
 * Regression (issue 42, defect 4): an embedding host changed the engine's {@code ledger.path} through ConfigAdmin
 * and presented the same signed, unexpired request again: it was dispatched a second time (a claim and a terminal
 * in both ledgers). The engine keeps the ledgers it switched away from and answers an operation they know from
 * them: the re-presented request is a replay, never a second dispatch.
 */
class LedgerPathChangeReplayTest {

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
        return Files.createTempDirectory(ledgers, "moved").resolve("operations.jsonl");
    }

    private void moveLedger(Configuration configuration, Path path) throws Exception {
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("ledger.path", path.toString());
        configuration.update(properties);
        ServiceTracker<Engine, Engine> tracker = new ServiceTracker<>(
                context,
                context.createFilter("(&(objectClass=" + Engine.class.getName() + ")(ledger.path=" + path + "))"),
                null);
        tracker.open();
        try {
            assertNotNull(tracker.waitForService(TIMEOUT_MS), "the engine moved to " + path);
        } finally {
            tracker.close();
        }
    }

    @Test
    void aRequestPresentedAgainAfterTheLedgerMovedIsReplayedNotDispatchedAgain() throws Exception {
        Requests host = new Requests("moved-host");
        TestExecutor executor = new TestExecutor("moved");
        registrations.add(context.registerService(Executor.class, executor, null));
        registrations.add(context.registerService(PinnedIssuer.class, host.pinnedIssuer(), null));
        Configuration engineConfig = configurationAdmin.getConfiguration("org.praefectus.engine", "?");
        configurations.add(engineConfig);
        Path first = newLedger();
        moveLedger(engineConfig, first);

        ServiceReference<Engine> reference = context.getServiceReference(Engine.class);
        Engine engine = context.getService(reference);
        try {
            ActionRequest request = host.invoke("moved-1");
            ActionRequest batched = host.invoke("moved-2");
            ExecuteReport once = engine.execute(request, new CancellationToken());
            assertInstanceOf(Terminal.Succeeded.class, once.terminal());
            assertInstanceOf(
                    BatchStep.Executed.class,
                    engine.executeBatch(List.of(batched), new CancellationToken())
                            .get(0));
            assertEquals(2, executor.dispatches.get());

            Path second = newLedger();
            moveLedger(engineConfig, second);

            ExecuteReport again = engine.execute(request, new CancellationToken());
            ExecuteReport againAsJson =
                    engine.execute(CanonicalJson.compact(ProtocolJson.encode(request)), new CancellationToken());
            List<BatchStep> batchAgain = engine.executeBatch(List.of(batched), new CancellationToken());

            assertEquals(2, executor.dispatches.get(), "nothing is dispatched a second time");
            assertEquals(once.terminal(), again.terminal());
            assertEquals(1, again.acknowledgements().size(), "only the recorded terminal: a replay");
            assertEquals(once.terminal(), againAsJson.terminal());
            assertInstanceOf(
                    Terminal.Succeeded.class,
                    ((BatchStep.Executed) batchAgain.get(0)).report().terminal());
            assertTrue(engine.status("moved-1").isPresent(), "status still answers the moved operation");
            assertFalse(
                    Files.exists(second) && Files.readString(second).contains("moved-1"),
                    "the new ledger holds no second claim");

            // a new operation goes to the new ledger
            assertInstanceOf(
                    Terminal.Succeeded.class,
                    engine.execute(host.invoke("moved-3"), new CancellationToken())
                            .terminal());
            assertTrue(Files.readString(second).contains("\"operation_id\":\"moved-3\""));
            assertEquals(3, executor.dispatches.get());
        } finally {
            context.ungetService(reference);
        }
    }
}
