package org.praefectus.demos.linux;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.praefectus.api.desktop.DesktopSettings;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.Settle;
import org.praefectus.demos.DemoRefusal;
import org.praefectus.demos.EphemeralDemoSigner;
import org.praefectus.demos.PrivateFolder;

/**
 * One {@code demo --approved-demo} run inside the framework: a private desktop when the process has none
 * (the executor pointed at it), a private engine from {@link EngineFactory} that trusts only the ephemeral
 * demo key and keeps its ledger in a private temporary folder, a disposable zenity window, then {@link
 * DemoHost}. The shared engine's trust and ledger are never read or written. Every configuration it made
 * is removed and every process it started is stopped afterwards.
 */
public final class DemoRun {

    private static final long WAIT_MS = 20_000;

    private final DesktopSettings settings;
    private final EngineFactory engines;
    private final BundleContext context;

    public DemoRun(DesktopSettings settings, EngineFactory engines, BundleContext context) {
        this.settings = settings;
        this.engines = engines;
        this.context = context;
    }

    /**
     * @return the envelope data: receipt, replay and what was acted on
     * @throws DemoRefusal with a fixed message when the demo cannot run
     */
    public Map<String, Object> run() throws Exception {
        String display = System.getenv("DISPLAY");
        boolean needsDesktop = display == null || display.isBlank();
        List<DesktopTools.Tool> missing = DesktopTools.missing(
                needsDesktop
                        ? Stream.concat(DesktopTools.PRIVATE_DESKTOP.stream(), DesktopTools.WINDOW.stream())
                                .toList()
                        : DesktopTools.WINDOW,
                System.getenv());
        if (!missing.isEmpty()) {
            throw new DemoRefusal(DesktopTools.message(missing));
        }
        PrivateDesktop desktop = needsDesktop ? PrivateDesktop.start() : null;
        Map<String, String> environment = desktop == null ? System.getenv() : desktop.environment();
        EphemeralDemoSigner authority = new EphemeralDemoSigner("praefectus-demo");
        DesktopSettings.SessionLease lease = null;
        Process window = null;
        try (PrivateFolder ledger = new PrivateFolder("praefectus-demo-ledger")) {
            String executorFilter = "(praefectus.executor.backend=linux-atspi)";
            if (desktop != null) {
                // only when the process has no desktop at all and nobody configured the executor: it then
                // serves nobody else, and ending the lease afterwards restores it exactly
                try {
                    lease = settings.lendSession(
                            environment.get("DISPLAY"), environment.get("DBUS_SESSION_BUS_ADDRESS"));
                } catch (IllegalStateException configured) {
                    throw new DemoRefusal("the Linux executor is configured by this runtime's host: run the demo"
                            + " where DISPLAY names a desktop");
                }
                executorFilter = lease.executorFilter();
            }

            ProcessBuilder zenity = new ProcessBuilder(
                            "zenity", "--entry", "--title", DemoHost.TITLE, "--text", "Praefectus fills this field")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            zenity.environment().putAll(environment);
            window = zenity.start();

            Executor executor = await(Executor.class, executorFilter);
            try (PrivateEngine engine = engines.create(new PrivateEngineSpec(
                    List.of(authority.pin()), ledger.path().resolve("operations.jsonl"), executor))) {
                long deadline = System.currentTimeMillis() + WAIT_MS;
                DemoHost host = new DemoHost(engine, authority, window.pid());
                Settle.Check<DemoRefusal> shown = () -> {
                    try {
                        return host.findDemoWindow(System.currentTimeMillis() + 5_000)
                                .isPresent();
                    } catch (DemoRefusal refused) {
                        throw refused;
                    } catch (Exception notYet) {
                        return false; // the new window is still being built: its tree changes while observed
                    }
                };
                if (!Settle.until(shown, 100, deadline, new CancellationToken())) {
                    throw new DemoRefusal("the demo window did not appear");
                }
                return host.run(System.currentTimeMillis() + 30_000);
            }
        } finally {
            if (window != null) {
                window.destroy();
                window.waitFor(5, TimeUnit.SECONDS);
            }
            if (lease != null) {
                lease.close();
                // the executor must let go of the private display before the display goes away
                awaitGone(Executor.class, lease.executorFilter());
            }
            if (desktop != null) {
                desktop.close();
            }
        }
    }

    /** Waits (bounded, {@link Settle}: the services arrive asynchronously after a configuration update). */
    private <T> T await(Class<T> type, String filter) throws InvalidSyntaxException, DemoRefusal {
        List<T> found = new java.util.ArrayList<>(1);
        Settle.Check<InvalidSyntaxException> available = () -> {
            Collection<ServiceReference<T>> references = context.getServiceReferences(type, filter);
            for (ServiceReference<T> reference : references) {
                T service = context.getService(reference);
                if (service != null) {
                    found.add(service);
                    return true;
                }
            }
            return false;
        };
        if (!Settle.until(available, 50, System.currentTimeMillis() + WAIT_MS, new CancellationToken())) {
            throw new DemoRefusal("the " + type.getSimpleName() + " service did not become available");
        }
        return found.get(0);
    }

    private void awaitGone(Class<?> type, String filter) throws InvalidSyntaxException {
        Settle.until(
                () -> context.getServiceReferences(type.getName(), filter) == null,
                50,
                System.currentTimeMillis() + WAIT_MS,
                new CancellationToken());
    }
}
