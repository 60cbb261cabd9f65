package org.praefectus.workflow.run;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.engine.NullOutcomeLedger;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.AuditLog;
import org.praefectus.api.host.CapabilityProfile;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.selector.Selector;
import org.praefectus.daemon.host.DaemonHost;
import org.praefectus.daemon.host.Gates;
import org.praefectus.engine.authority.Ed25519AuthorityVerifier;
import org.praefectus.engine.authority.PinnedKey;
import org.praefectus.engine.authority.PinnedKeyring;
import org.praefectus.engine.execution.EngineOptions;
import org.praefectus.engine.execution.ExecutorRegistry;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;
import org.praefectus.linux.atspi.SurfaceWindow;
import org.praefectus.linux.desktop.AtspiCache;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.desktop.ElementFinder;
import org.praefectus.linux.desktop.LinuxDesktop;
import org.praefectus.linux.executor.DesktopConnections;
import org.praefectus.linux.executor.ExecutorSettings;
import org.praefectus.linux.executor.LinuxExecutor;

/**
 * Test code only: the real test desktop (scripts/test-desktop) as a workflow runtime sees it: the Linux desktop
 * service over the real executor, and the daemon's own host (operator profile, input allowed) signing for the real
 * engine with a durable ledger. Tests fail, never skip, without the desktop.
 */
public final class WorkflowDesktop implements AutoCloseable {

    public final LinuxExecutor executor;
    public final LinuxDesktop desktop;
    public final DaemonHost host;
    final Path audit;
    private final OperationLedger ledger;
    private final AuditLog auditLog;

    public WorkflowDesktop(Path state) throws Exception {
        Map<String, String> environment = new HashMap<>(System.getenv());
        if (environment.get("DISPLAY") == null || environment.get("DBUS_SESSION_BUS_ADDRESS") == null) {
            fail("this test needs the test desktop: run it through scripts/test-desktop");
        }
        environment.put("PRAEFECTUS_ALLOW_GLOBAL_INPUT", "1");
        this.executor = new LinuxExecutor(
                new DesktopConnections(environment),
                new ExecutorSettings(SessionIsolation.SHARED_DESKTOP, state.resolve("screenshots")));
        ElementFinder finder = new ElementFinder(executor, 0);
        AtspiCache<Void, List<SurfaceWindow>> windows = new AtspiCache<>(executor, 0);
        this.desktop = new LinuxDesktop(
                new DesktopSession() {
                    @Override
                    public LinuxExecutor executor() {
                        return executor;
                    }

                    @Override
                    public ElementFinder elements() {
                        return finder;
                    }

                    @Override
                    public AtspiCache<Void, List<SurfaceWindow>> accessibleWindows() {
                        return windows;
                    }
                },
                null,
                null);
        HostKey key = HostKey.generate();
        HostSigner signer = new HostSigner(key, "workflow-test-host", key.derivedKeyId("test"), "policy-1");
        PinnedIssuer pin = signer.pinnedIssuer();
        this.ledger = new OperationLedger(state.resolve("operations.jsonl"));
        OperationEngine engine = new OperationEngine(
                ExecutorRegistry.of(executor),
                new Ed25519AuthorityVerifier(new PinnedKeyring(
                        List.of(PinnedKey.of(pin.issuer(), pin.keyId(), pin.policyGeneration(), pin.publicKeyHex())))),
                NullOutcomeLedger.INSTANCE,
                ledger,
                new EngineOptions(true, System::currentTimeMillis));
        this.audit = state.resolve("audit").resolve("audit.jsonl");
        this.auditLog = new AuditLog(audit, "daemon", Clock.systemUTC());
        this.host = new DaemonHost(
                signer,
                new Gates(CapabilityProfile.OPERATOR, true, false),
                () -> engine,
                auditLog,
                Clock.systemUTC(),
                "uid:test");
    }

    /** How many operations the host signed and handed to the engine so far. */
    public long signedOperations() throws IOException {
        if (!Files.exists(audit)) {
            return 0;
        }
        return Files.readAllLines(audit).stream()
                .filter(line -> line.contains("\"decision\":\"signed\""))
                .count();
    }

    /** Waits until {@code selector} finds an element in the windows titled {@code title} ({@code null}: any). */
    public void awaitElement(String title, String selector) {
        await("the element is observable")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100))
                .ignoreExceptions()
                .until(() -> desktop.findElements(
                                        new ElementQuery(
                                                Selector.parse(selector),
                                                title == null ? ElementScope.ALL : new ElementScope(null, title, null),
                                                0,
                                                false,
                                                null,
                                                null),
                                        new CancellationToken())
                                .count()
                        > 0);
    }

    /** A real application, with its standard output kept in {@code output}; stopped by {@link #stop}. */
    public static Process start(Path output, String... command) throws IOException {
        return new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectOutput(output.toFile())
                .start();
    }

    public static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    /** Runs the pyatspi oracle (Debian's interpreter, the one with python3-pyatspi). */
    public static String oracle(String... arguments) throws Exception {
        return pyatspi("/oracle/atspi_oracle.py", arguments);
    }

    /** Runs the pyatspi script {@code resource} (a test resource) with {@code arguments}; its output, stripped. */
    public static String pyatspi(String resource, String... arguments) throws Exception {
        Path script = Files.createTempFile("workflow-oracle", ".py");
        try (var in = WorkflowDesktop.class.getResourceAsStream(resource)) {
            Files.write(script, in.readAllBytes());
        }
        try {
            List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/python3", script.toString()));
            command.addAll(List.of(arguments));
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                fail("the pyatspi oracle failed: " + out);
            }
            return out.strip();
        } finally {
            Files.deleteIfExists(script);
        }
    }

    @Override
    public void close() throws Exception {
        auditLog.close();
        ledger.close();
        executor.close();
    }
}
