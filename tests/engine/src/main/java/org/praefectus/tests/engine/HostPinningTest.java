package org.praefectus.tests.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
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
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineError;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.Terminal;

/**
 * Hosts pin their keys as {@link PinnedIssuer} services (the host kit's whiteboard), with no verifier
 * configuration at all: a pin is trusted from the next verification on, an unpin refuses from the next one,
 * and the Engine a host holds keeps serving throughout.
 */
class HostPinningTest {

    private static final long TIMEOUT_MS = 20_000;

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService(cardinality = 0)
    ServiceAware<Engine> engines;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private Configuration engineConfig;

    @BeforeEach
    void configure() throws Exception {
        Path ledgers = Path.of(System.getProperty("praefectus.test.ledger.dir"));
        Files.createDirectories(ledgers);
        Files.setPosixFilePermissions(ledgers, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Path ledger = Files.createTempDirectory(ledgers, "pins").resolve("operations.jsonl");
        engineConfig = configurationAdmin.getConfiguration("org.praefectus.engine", "?");
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("ledger.path", ledger.toString());
        engineConfig.update(properties);
    }

    @AfterEach
    void unconfigure() throws Exception {
        for (ServiceRegistration<?> registration : registrations) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // a test unpinned it itself
            }
        }
        engineConfig.delete();
    }

    private <S> ServiceRegistration<S> register(Class<S> type, S service) {
        ServiceRegistration<S> registration = context.registerService(type, service, null);
        registrations.add(registration);
        return registration;
    }

    @Test
    void aPinnedIssuerServiceIsTrustedUntilItIsUnregistered() throws Exception {
        Requests host = new Requests("pinning-host");
        register(Executor.class, new TestExecutor("pins"));
        Engine engine = engines.waitForService(TIMEOUT_MS);
        assertNotNull(engine, "the engine runs without any verifier configuration");

        EngineException unpinned = assertThrows(
                EngineException.class, () -> engine.execute(host.invoke("pin-0"), new CancellationToken()));
        assertEquals(EngineError.AUTHORITY_DENIED, unpinned.error());

        ServiceRegistration<PinnedIssuer> pin = register(PinnedIssuer.class, host.pinnedIssuer());
        assertInstanceOf(
                Terminal.Succeeded.class,
                engine.execute(host.invoke("pin-1"), new CancellationToken()).terminal());

        pin.unregister();
        EngineException afterUnpin = assertThrows(
                EngineException.class, () -> engine.execute(host.invoke("pin-2"), new CancellationToken()));
        assertEquals(EngineError.AUTHORITY_DENIED, afterUnpin.error());
    }

    @Test
    void twoPinsOfOneKeyIdWithDifferentKeysTrustNeither() throws Exception {
        Requests first = new Requests("contested");
        Requests second = new Requests("contested");
        register(Executor.class, new TestExecutor("contested"));
        Engine engine = engines.waitForService(TIMEOUT_MS);
        register(PinnedIssuer.class, first.pinnedIssuer());
        ServiceRegistration<PinnedIssuer> rival = register(PinnedIssuer.class, second.pinnedIssuer());
        for (Requests host : List.of(first, second)) {
            EngineException denied = assertThrows(
                    EngineException.class, () -> engine.execute(host.invoke("contested-1"), new CancellationToken()));
            assertEquals(EngineError.AUTHORITY_DENIED, denied.error());
        }
        rival.unregister();
        assertInstanceOf(
                Terminal.Succeeded.class,
                engine.execute(first.invoke("contested-2"), new CancellationToken())
                        .terminal());
    }
}
