package org.praefectus.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Terminal;

/**
 * The engine in a real Felix: the verifier comes from ConfigAdmin through DS, executors are services that
 * arrive and leave, and an executor leaving mid-operation never yields a success or a second dispatch.
 */
class EngineWiringTest {

    private static final long TIMEOUT_MS = 20_000;

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService(cardinality = 0)
    ServiceAware<Engine> engines;

    @InjectService(cardinality = 0)
    ServiceAware<AuthorityVerifier> verifiers;

    @InjectService(cardinality = 0, filter = "(praefectus.cli.command=status)")
    ServiceAware<CliCommand> statusCommands;

    // JUnit 5.14 no longer closes OSGi Test's CloseableResource contexts (it warns instead), so the
    // registrations a test makes are unregistered here, or an executor would leak into the next test
    private final java.util.List<ServiceRegistration<Executor>> registrations = new java.util.ArrayList<>();
    private Requests host;
    private Configuration authority;
    private Configuration engineConfig;
    private Path ledger;

    @BeforeEach
    void configure() throws Exception {
        host = new Requests();
        Path ledgers = Path.of(System.getProperty("praefectus.test.ledger.dir"));
        Files.createDirectories(ledgers);
        Files.setPosixFilePermissions(ledgers, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        ledger = Files.createTempDirectory(ledgers, "run").resolve("operations.jsonl");
        engineConfig = configurationAdmin.getConfiguration("org.praefectus.engine", "?");
        engineConfig.update(properties("ledger.path", ledger.toString()));
        authority = configurationAdmin.getConfiguration("org.praefectus.engine.authority", "?");
        authority.update(properties("keys", new String[] {host.keyEntry()}));
    }

    @AfterEach
    void unconfigure() throws Exception {
        for (ServiceRegistration<Executor> registration : registrations) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the hot-swap tests unregister their executor themselves
            }
        }
        authority.delete();
        engineConfig.delete();
    }

    private static Dictionary<String, Object> properties(String key, Object value) {
        @SuppressWarnings("JdkObsolete") // OSGi takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(key, value);
        return properties;
    }

    private ServiceRegistration<Executor> register(TestExecutor executor, int ranking) {
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(Executor.BACKEND_PROPERTY, executor.backend);
        properties.put("service.ranking", ranking);
        ServiceRegistration<Executor> registration = context.registerService(Executor.class, executor, properties);
        registrations.add(registration);
        return registration;
    }

    /**
     * The engine configured with this test's ledger. ConfigAdmin delivers updates asynchronously, so an
     * engine from an earlier configuration (another ledger) may still be registered for a moment.
     */
    private Engine engine() throws Exception {
        return engine("");
    }

    /** {@link #engine()} once its service properties also match {@code alsoMatching} (an LDAP filter or ""). */
    private Engine engine(String alsoMatching) throws Exception {
        assertNotNull(engines.waitForService(TIMEOUT_MS), "the engine service appears");
        // ConfigAdmin delivers the key list asynchronously; the verifier's service properties show it applied
        org.osgi.util.tracker.ServiceTracker<AuthorityVerifier, AuthorityVerifier> verifier =
                new org.osgi.util.tracker.ServiceTracker<>(
                        context,
                        context.createFilter("(&(objectClass=" + AuthorityVerifier.class.getName() + ")(keys="
                                + host.keyEntry() + "))"),
                        null);
        verifier.open();
        try {
            assertNotNull(verifier.waitForService(TIMEOUT_MS), "the verifier applies this test's key");
        } finally {
            verifier.close();
        }
        org.osgi.util.tracker.ServiceTracker<Engine, Engine> tracker = new org.osgi.util.tracker.ServiceTracker<>(
                context,
                context.createFilter("(&(objectClass=" + Engine.class.getName() + ")(ledger.path=" + ledger + ")"
                        + alsoMatching + ")"),
                null);
        tracker.open();
        try {
            Engine engine = tracker.waitForService(TIMEOUT_MS);
            assertNotNull(engine, "the engine picks up this test's ledger");
            return engine;
        } finally {
            tracker.close();
        }
    }

    @Test
    void theEngineFindsTheConfiguredVerifierAndAnExecutorService() throws Exception {
        assertNotNull(verifiers.waitForService(TIMEOUT_MS));
        assertNotNull(statusCommands.waitForService(TIMEOUT_MS), "the status command is contributed");
        TestExecutor executor = new TestExecutor("wired");
        register(executor, 0);
        Engine engine = engine();
        assertEquals("wired", engine.capabilities().backend());
        ExecuteReport report = engine.execute(host.invoke("wired-1"), new CancellationToken());
        Terminal.Succeeded succeeded = assertInstanceOf(Terminal.Succeeded.class, report.terminal());
        assertEquals("wired", succeeded.receipt().backend());
        assertTrue(Files.readString(ledger).contains("\"operation_id\":\"wired-1\""), "the configured ledger is used");
        assertEquals(
                1,
                executor.dispatches.get(),
                "dispatched by " + succeeded.receipt().backend());
        assertTrue(engine.execute(host.invoke("wired-1"), new CancellationToken())
                .terminalAck()
                .replayed());
        assertEquals(1, executor.dispatches.get());
    }

    /**
     * Issue 40, defect 3: the daemon points the engine at its own ledger; {@code status} without {@code --ledger}
     * in that runtime (a status routed to the daemon) read the default ledger instead and answered null.
     */
    @Test
    void statusWithoutLedgerReadsTheLedgerTheEngineIsConfiguredWith() throws Exception {
        TestExecutor executor = new TestExecutor("status");
        register(executor, 0);
        engine().execute(host.invoke("status-1"), new CancellationToken());
        org.osgi.util.tracker.ServiceTracker<CliCommand, CliCommand> tracker =
                new org.osgi.util.tracker.ServiceTracker<>(
                        context,
                        context.createFilter("(&(objectClass=" + CliCommand.class.getName()
                                + ")(praefectus.cli.command=status)(ledger.path=" + ledger + "))"),
                        null);
        tracker.open();
        try {
            CliCommand status = tracker.waitForService(TIMEOUT_MS);
            assertNotNull(status, "the status command follows the engine's configuration");
            Object ack = status.run(List.of("status-1"));
            assertInstanceOf(java.util.Map.class, ack, "the configured ledger's terminal, not null");
            assertEquals("status-1", ((java.util.Map<?, ?>) ack).get("operation_id"));
        } finally {
            tracker.close();
        }
    }

    @Test
    void anExecutorLeavingBeforeDispatchCancelsBeforeEffect() throws Exception {
        TestExecutor executor = new TestExecutor("leaving-early");
        AtomicReference<ServiceRegistration<Executor>> registration = new AtomicReference<>();
        executor.onObserve = () -> registration.get().unregister();
        registration.set(register(executor, 0));
        Engine engine = engine();
        ExecuteReport report = engine.execute(host.invoke("swap-early"), new CancellationToken());
        assertInstanceOf(Terminal.CancelledBeforeEffect.class, report.terminal());
        assertEquals(0, executor.dispatches.get());
    }

    @Test
    void anExecutorLeavingDuringDispatchIsUnknownAndNeverDispatchedAgain() throws Exception {
        TestExecutor first = new TestExecutor("first");
        AtomicReference<ServiceRegistration<Executor>> registration = new AtomicReference<>();
        first.onDispatch = () -> registration.get().unregister();
        registration.set(register(first, 0));
        Engine engine = engine();
        ActionRequest request = host.invoke("swap-during");
        assertInstanceOf(
                Terminal.OutcomeUnknown.class,
                engine.execute(request, new CancellationToken()).terminal());

        TestExecutor replacement = new TestExecutor("replacement");
        register(replacement, 0);
        ExecuteReport again = engine.execute(request, new CancellationToken());
        assertTrue(again.terminalAck().replayed());
        assertInstanceOf(Terminal.OutcomeUnknown.class, again.terminal());
        assertEquals(1, first.dispatches.get());
        assertEquals(0, replacement.dispatches.get());
        assertInstanceOf(
                Terminal.Succeeded.class,
                engine.execute(host.invoke("after-swap"), new CancellationToken())
                        .terminal());
        assertEquals(1, replacement.dispatches.get());
    }

    /**
     * Two executors, the engine targeted at the lower-ranked one: a host that observes through the engine and
     * then executes meets one executor for both. (A host holding its own unfiltered Executor reference, as the
     * MCP host and the daemon did, got the higher-ranked one for observation and the targeted one for
     * dispatch.) With no executor matching, observation fails with the engine's typed error.
     */
    @Test
    void aHostObservesThroughTheExecutorTheEngineDispatchesTo() throws Exception {
        TestExecutor chosen = new TestExecutor("chosen");
        TestExecutor other = new TestExecutor("other");
        register(chosen, 0);
        register(other, 10);
        String target = "(" + Executor.BACKEND_PROPERTY + "=chosen)";
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> targeted = new Hashtable<>();
        targeted.put("ledger.path", ledger.toString());
        targeted.put("executor.target", target);
        engineConfig.update(targeted);
        Engine engine = engine("(executor.target=" + target.replace("(", "\\(").replace(")", "\\)") + ")");

        assertEquals(List.of(), engine.listSurfaces(new CancellationToken(), System.currentTimeMillis() + TIMEOUT_MS));
        ExecuteReport report = engine.execute(host.invoke("observed-then-executed"), new CancellationToken());

        assertInstanceOf(Terminal.Succeeded.class, report.terminal());
        assertEquals(1, chosen.surfaceReads.get(), "observed through the targeted executor");
        assertEquals(1, chosen.dispatches.get(), "dispatched through the targeted executor");
        assertEquals(0, other.surfaceReads.get(), "the higher-ranked executor is not observed");
        assertEquals(0, other.dispatches.get(), "the higher-ranked executor is not dispatched to");

        targeted.put("executor.target", "(" + Executor.BACKEND_PROPERTY + "=absent)");
        engineConfig.update(targeted);
        engine("(executor.target=\\(" + Executor.BACKEND_PROPERTY + "=absent\\))");
        EngineException none = assertThrows(
                EngineException.class,
                () -> engine.listSurfaces(new CancellationToken(), System.currentTimeMillis() + TIMEOUT_MS));
        assertEquals(EngineError.EXECUTOR_UNAVAILABLE, none.error());
        assertEquals(1, chosen.surfaceReads.get());
        assertEquals(0, other.surfaceReads.get());
    }
}
