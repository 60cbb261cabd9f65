package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.util.tracker.ServiceTracker;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.tests.fixtures.BundleJar;
import org.praefectus.tests.runtime.probe.StaleProbe;

/**
 * Issue 42, defect 5, deterministically in the framework: an executor bundle is uninstalled and refreshed while the
 * engine is inside one of its calls, so its next class load meets Felix's own "bundle wiring … is no longer valid"
 * error (no simulated Error: the probe bundle, {@link StaleProbe}, is built here and loads a class for the first
 * time after the refresh). The host receives a report, not an Error, and the ledger holds the same terminal:
 * {@code cancelled_before_effect} when the wiring went stale before dispatch, {@code outcome_unknown} during it.
 */
class StaleWiringTest {

    private static final long AWAIT_SECONDS = 30;

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ConfigurationAdmin configurationAdmin;

    private final HostSigner host = new HostSigner(HostKey.generate(), "stale-host", "key-1", "gen-1");
    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();
    private final ExecutorService hostThread = Executors.newSingleThreadExecutor();
    private EngineOnOwnLedger engineOnOwnLedger;
    private Bundle probe;

    @AfterEach
    void cleanUp() throws Exception {
        hostThread.shutdownNow();
        if (probe != null && probe.getState() != Bundle.UNINSTALLED) {
            probe.uninstall();
        }
        if (engineOnOwnLedger != null) {
            engineOnOwnLedger.close();
        }
        for (ServiceRegistration<?> registration : registrations) {
            registration.unregister();
        }
    }

    @Test
    void aWiringThatGoesStaleBeforeDispatchEndsWithoutEffectForHostAndLedgerAlike() throws Exception {
        ExecuteReport report = presentWhileTheProbeGoesStale("observe", "stale-observe");
        assertInstanceOf(
                Terminal.CancelledBeforeEffect.class,
                report.terminal(),
                report.terminal().toString());
    }

    @Test
    void aWiringThatGoesStaleDuringDispatchIsOutcomeUnknownForHostAndLedgerAlike() throws Exception {
        ExecuteReport report = presentWhileTheProbeGoesStale("dispatch", "stale-dispatch");
        assertInstanceOf(
                Terminal.OutcomeUnknown.class,
                report.terminal(),
                report.terminal().toString());
    }

    /**
     * Presents one signed invoke to the engine, holds the probe in {@code phase}, uninstalls and refreshes it, lets it
     * go, and returns what the host received once it has checked that the ledger recorded the same terminal and that
     * the probe really met the stale wiring.
     */
    private ExecuteReport presentWhileTheProbeGoesStale(String phase, String operationId) throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        BlockingQueue<Object> thrown = new LinkedBlockingQueue<>();
        share(CountDownLatch.class, entered, "entered");
        share(CountDownLatch.class, release, "release");
        share(BlockingQueue.class, thrown, "thrown");
        registrations.add(context.registerService(PinnedIssuer.class, host.pinnedIssuer(), null));
        engineOnOwnLedger = new EngineOnOwnLedger(
                context,
                configurationAdmin,
                TestBundles.privateDirectory(context, "stale").resolve("operations.jsonl"));
        Engine engine = engineOnOwnLedger.engine();

        probe = context.installBundle(
                "praefectus-test:stale-probe-" + phase, new ByteArrayInputStream(probeJar(phase)));
        probe.start();
        awaitProbeExecutor();

        Future<ExecuteReport> answer = hostThread.submit(() -> engine.execute(
                SignedRequests.sign(
                        host,
                        operationId,
                        new Action.Invoke(),
                        new TargetRef.Element(SignedRequests.UNOBSERVED_ELEMENT)),
                new CancellationToken()));
        assertTrue(entered.await(AWAIT_SECONDS, TimeUnit.SECONDS), "the engine reached the probe's " + phase);
        probe.uninstall();
        refresh(probe);
        release.countDown();

        ExecuteReport report = answer.get(AWAIT_SECONDS, TimeUnit.SECONDS); // an Error would surface here
        Object met = thrown.poll(AWAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(met, "the probe touched a class after the refresh");
        assertInstanceOf(NoClassDefFoundError.class, met);
        Throwable cause = ((Throwable) met).getCause();
        assertTrue(
                cause instanceof ClassNotFoundException && cause.getMessage().contains("is no longer valid"),
                "the framework refused the load for the stale wiring: " + cause);
        assertEquals(
                Optional.of(report.terminalAck()), engine.status(operationId), "the ledger holds the host's terminal");
        return report;
    }

    private <T> void share(Class<T> type, T object, String role) {
        registrations.add(
                context.registerService(type, object, FrameworkUtil.asDictionary(Map.of(StaleProbe.ROLE, role))));
    }

    /** A bundle of the probe's two class files, importing only what they use. */
    private static byte[] probeJar(String phase) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(Constants.BUNDLE_SYMBOLICNAME, "org.praefectus.tests.stale.probe." + phase);
        headers.put(Constants.BUNDLE_VERSION, "1.0.0");
        headers.put(Constants.BUNDLE_ACTIVATOR, StaleProbe.class.getName());
        headers.put(
                Constants.IMPORT_PACKAGE,
                "org.osgi.framework,org.praefectus.api.canonical,org.praefectus.api.executor,"
                        + "org.praefectus.api.protocol");
        headers.put(StaleProbe.PHASE_HEADER, phase);
        Map<String, byte[]> entries = new LinkedHashMap<>();
        for (String name : List.of(StaleProbe.class.getName(), StaleProbe.class.getName() + "$Late")) {
            String entry = name.replace('.', '/') + ".class";
            try (InputStream in = StaleProbe.class.getClassLoader().getResourceAsStream(entry)) {
                assertNotNull(in, entry);
                entries.put(entry, in.readAllBytes());
            }
        }
        return BundleJar.bytes(headers, entries);
    }

    private void awaitProbeExecutor() throws Exception {
        ServiceTracker<Executor, Executor> tracker = new ServiceTracker<>(
                context,
                context.createFilter("(&(objectClass=" + Executor.class.getName() + ")(" + Executor.BACKEND_PROPERTY
                        + "=" + StaleProbe.BACKEND + "))"),
                null);
        tracker.open();
        try {
            assertNotNull(tracker.waitForService(TimeUnit.SECONDS.toMillis(AWAIT_SECONDS)), "the probe executor");
        } finally {
            tracker.close();
        }
    }

    /** Refreshes the uninstalled probe, which disposes of its wiring, and waits until the framework has. */
    private void refresh(Bundle uninstalled) throws InterruptedException {
        CountDownLatch refreshed = new CountDownLatch(1);
        context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION)
                .adapt(FrameworkWiring.class)
                .refreshBundles(List.of(uninstalled), event -> {
                    if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                        refreshed.countDown();
                    }
                });
        assertTrue(refreshed.await(AWAIT_SECONDS, TimeUnit.SECONDS), "the framework refreshed the probe");
    }
}
