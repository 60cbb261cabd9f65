package org.praefectus.tests.linux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Hashtable;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.util.tracker.ServiceTracker;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.engine.AuthorityVerifier;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * Issue 14, defect 1 (a command could replace the trust root): a resident host pins its keys (one by
 * ConfigAdmin, as an operator does, one as a host kit service), runs {@code demo --approved-demo} in the same
 * runtime, and afterwards its keys are still pinned, its ledger is still configured and its Engine still
 * serves its operations. The demo used to overwrite the key list with its own and delete both configurations.
 */
class DemoIsolationTest {

    private static final long TIMEOUT_MS = 20_000;

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    @InjectService
    CommandLine cli;

    @BeforeAll
    static void needsTheDesktop() {
        if (System.getenv("DISPLAY") == null || System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("these tests need the test desktop: run them through scripts/test-desktop");
        }
    }

    private static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    /** An invoke on an element no window has: the engine answers it with a terminal, it never acts. */
    private static ActionRequest invoke(HostSigner host, String operationId) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        SemanticTargetRef nowhere =
                new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("print"));
        return host.sign(
                new RequestDraft(
                        operationId,
                        "resident-user",
                        "resident-session",
                        new Action.Invoke(),
                        new TargetRef.Element(nowhere),
                        InteractionMode.INTERACTIVE,
                        deadline,
                        new VerificationPolicy.None(),
                        SafetyClass.REVERSIBLE),
                deadline);
    }

    private <S> S await(Class<S> type, String filter) throws Exception {
        ServiceTracker<S, S> tracker = new ServiceTracker<>(
                context, context.createFilter("(&(objectClass=" + type.getName() + ")" + filter + ")"), null);
        tracker.open();
        try {
            S service = tracker.waitForService(TIMEOUT_MS);
            assertNotNull(service, type.getSimpleName() + " " + filter);
            return service;
        } finally {
            tracker.close();
        }
    }

    private static void update(Configuration configuration, String key, Object value) throws Exception {
        @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(key, value);
        configuration.update(properties);
    }

    @Test
    void theDemoLeavesTheHostsKeysLedgerAndEngineAlone() throws Exception {
        HostSigner operatorPinned = new HostSigner(HostKey.generate(), "resident-host", "key-1", "gen-1");
        HostSigner servicePinned = new HostSigner(HostKey.generate(), "embedding-host", "key-1", "gen-1");
        Path ledger = Files.createTempDirectory(
                        "resident-ledger",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                .resolve("operations.jsonl");
        Configuration engineConfig = configurationAdmin.getConfiguration("org.praefectus.engine", "?");
        Configuration authority = configurationAdmin.getConfiguration("org.praefectus.engine.authority", "?");
        ServiceRegistration<PinnedIssuer> pin =
                context.registerService(PinnedIssuer.class, servicePinned.pinnedIssuer(), null);
        try {
            update(engineConfig, "ledger.path", ledger.toString());
            String entry = operatorPinned.pinnedIssuer().entry();
            update(authority, "keys", new String[] {entry});
            await(AuthorityVerifier.class, "(keys=" + entry + ")");
            await(Engine.class, "(ledger.path=" + ledger + ")");
            ServiceReference<Engine> reference = context.getServiceReference(Engine.class);
            Engine engine = context.getService(reference);
            try {
                ExecuteReport before =
                        engine.execute(invoke(operatorPinned, "resident-before"), new CancellationToken());

                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int exit = cli.run(
                        List.of("demo", "--approved-demo"),
                        out,
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
                assertEquals(CommandLine.EXIT_OK, exit, out.toString(StandardCharsets.UTF_8));

                assertArrayEquals(
                        new String[] {entry},
                        (String[]) configurationAdmin
                                .getConfiguration("org.praefectus.engine.authority", "?")
                                .getProperties()
                                .get("keys"),
                        "the operator's key list is untouched");
                assertEquals(
                        ledger.toString(),
                        configurationAdmin
                                .getConfiguration("org.praefectus.engine", "?")
                                .getProperties()
                                .get("ledger.path"),
                        "the host's ledger is still configured");
                assertEquals(
                        before.terminalAck(),
                        engine.status("resident-before").orElseThrow(),
                        "the host's ledger still answers for its operation");
                for (HostSigner host : List.of(operatorPinned, servicePinned)) {
                    try {
                        ExecuteReport after = engine.execute(
                                invoke(host, "resident-after-" + host.issuer()), new CancellationToken());
                        assertTrue(!after.terminalAck().replayed(), "a new operation is served");
                    } catch (EngineException refused) {
                        fail(host.issuer() + " is no longer trusted: " + refused.error());
                    }
                }
                assertTrue(!Files.readString(ledger).contains("demo-"), "no demo operation in the host's ledger");
            } finally {
                context.ungetService(reference);
            }
        } finally {
            pin.unregister();
            authority.delete();
            engineConfig.delete();
        }
    }
}
