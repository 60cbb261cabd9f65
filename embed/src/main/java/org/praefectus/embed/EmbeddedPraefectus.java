package org.praefectus.embed;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.util.tracker.ServiceTracker;
import org.praefectus.api.host.PinnedIssuer;

/**
 * A Praefectus runtime running in the host's own JVM, started with the standard OSGi launch API.
 *
 * <p>The host and the bundles must agree on the classes they exchange, so the bundles that define them
 * (the Praefectus API and Jackson's annotations, see {@link #SHARED}) are not installed: the host's copies,
 * found on its class path, are exported by the system bundle with the versions their jars declare.
 *
 * <pre>{@code
 * try (EmbeddedPraefectus praefectus = EmbeddedPraefectus.start(bundleSet, storage, Map.of())) {
 *     Platform platform = praefectus.service(Platform.class, Duration.ofSeconds(10));
 *     System.out.println(platform.capabilities());
 * }
 * }</pre>
 */
public final class EmbeddedPraefectus implements AutoCloseable {

    /** Bundles whose packages come from the host's class path instead of being installed. */
    public static final Set<String> SHARED =
            Set.of("org.praefectus.api", "com.fasterxml.jackson.core.jackson-annotations");

    private final Framework framework;
    private final List<ServiceReference<?>> held = new java.util.concurrent.CopyOnWriteArrayList<>();

    private EmbeddedPraefectus(Framework framework) {
        this.framework = framework;
    }

    /**
     * Starts a framework with every bundle of the set and waits until all of them have started.
     *
     * @param bundleSet  the folder of bundle jars exported by the {@code run} module
     * @param storage    the framework's private cache folder; emptied on start
     * @param properties further framework properties, for example {@code felix.log.level}; packages the host
     *                   lists in {@code org.osgi.framework.system.packages.extra} are exported beside the shared API
     * @throws BundleException when a bundle cannot be installed or started, or, before anything starts, when the
     *     host's class path lacks a shared bundle or has an incompatible version of it (older, or another major)
     */
    public static EmbeddedPraefectus start(Path bundleSet, Path storage, Map<String, String> properties)
            throws BundleException {
        BundleSet set = BundleSet.read(bundleSet);
        SharedVersions.check(set, EmbeddedPraefectus.class.getClassLoader());
        Map<String, String> configuration = new HashMap<>(properties);
        configuration.put(Constants.FRAMEWORK_STORAGE, storage.toAbsolutePath().toString());
        configuration.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        // the host's own extra packages stay: the shared API is added to them, never put in their place
        configuration.merge(
                Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA,
                sharedPackages(set),
                (host, shared) -> host.isBlank() ? shared : host + "," + shared);
        configuration.putIfAbsent("felix.log.level", "1");

        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path"));
        Framework framework = factory.newFramework(configuration);
        framework.start();
        try {
            BundleContext context = framework.getBundleContext();
            List<Bundle> installed = new ArrayList<>();
            for (BundleSet.Entry entry : set.bundles()) {
                if (SHARED.contains(entry.symbolicName())) {
                    continue;
                }
                try (InputStream jar = Files.newInputStream(entry.jar())) {
                    installed.add(context.installBundle(entry.jar().toUri().toString(), jar));
                }
            }
            for (Bundle bundle : installed) {
                if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                    bundle.start();
                }
            }
            return new EmbeddedPraefectus(framework);
        } catch (BundleException | java.io.IOException | RuntimeException failure) {
            stop(framework);
            if (failure instanceof BundleException bundleException) {
                throw bundleException;
            }
            throw new BundleException("cannot start the Praefectus bundle set", failure);
        }
    }

    /** The export clauses of the shared bundles, for the system bundle to provide. */
    private static String sharedPackages(BundleSet set) {
        return set.bundles().stream()
                .filter(entry -> SHARED.contains(entry.symbolicName()) && entry.exportPackage() != null)
                .map(BundleSet.Entry::exportPackage)
                .collect(Collectors.joining(","));
    }

    /** The framework's context, for hosts that track services themselves. */
    public BundleContext context() {
        return framework.getBundleContext();
    }

    /**
     * Waits for a service and returns it. The host holds the service until {@link #close()}: a delayed
     * component stays active while it is held.
     *
     * @throws IllegalStateException when none is registered within the timeout
     */
    public <S> S service(Class<S> type, Duration timeout) throws InterruptedException {
        ServiceTracker<S, S> tracker = new ServiceTracker<>(context(), type, null);
        tracker.open();
        try {
            if (tracker.waitForService(timeout.toMillis()) == null) {
                throw new IllegalStateException("no " + type.getName() + " service within " + timeout);
            }
            ServiceReference<S> reference = tracker.getServiceReference();
            S service = context().getService(reference);
            if (service == null) {
                throw new IllegalStateException(type.getName() + " left while it was being obtained");
            }
            held.add(reference);
            return service;
        } finally {
            tracker.close();
        }
    }

    /**
     * Pins a host key in the engine's verifier: the host kit's {@link PinnedIssuer} registered as a service.
     * The engine trusts it from the next verification on, until the returned pin is closed (or this runtime).
     */
    public Pin pin(PinnedIssuer issuer) {
        ServiceRegistration<PinnedIssuer> registration =
                context().registerService(PinnedIssuer.class, java.util.Objects.requireNonNull(issuer, "issuer"), null);
        return () -> {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyUnpinned) {
                // closed twice, or the framework already stopped
            }
        };
    }

    /**
     * Configures the engine (PID {@code org.praefectus.engine}) and waits until the {@code Engine} service shows the
     * new configuration. The {@code Engine} object a host holds keeps working across the change.
     *
     * @throws IllegalStateException when the engine does not show it within the timeout
     */
    public void configureEngine(EngineSettings settings, Duration timeout) throws InterruptedException {
        EngineConfiguration.write(context(), java.util.Objects.requireNonNull(settings, "settings"), timeout);
        String filter = "(&(objectClass=org.praefectus.api.engine.Engine)(ledger.path="
                + settings.ledgerPath().toString().replaceAll("([\\\\*()])", "\\\\$1") + "))";
        ServiceTracker<Object, Object> tracker;
        try {
            tracker = new ServiceTracker<>(context(), context().createFilter(filter), null);
        } catch (org.osgi.framework.InvalidSyntaxException impossible) {
            throw new IllegalStateException("the engine filter is invalid", impossible);
        }
        tracker.open(true);
        try {
            if (tracker.waitForService(timeout.toMillis()) == null) {
                throw new IllegalStateException("the engine did not take the new configuration within " + timeout);
            }
        } finally {
            tracker.close();
        }
    }

    /** A pinned host key; {@link #close()} unpins it for the next verification. */
    @FunctionalInterface
    public interface Pin extends AutoCloseable {
        @Override
        void close();
    }

    /** Stops the framework and waits until every bundle has stopped. */
    @Override
    public void close() {
        held.forEach(reference -> framework.getBundleContext().ungetService(reference));
        held.clear();
        stop(framework);
    }

    private static void stop(Framework framework) {
        try {
            framework.stop();
            FrameworkEvent stopped =
                    framework.waitForStop(Duration.ofSeconds(30).toMillis());
            if (stopped.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                throw new IllegalStateException("the framework did not stop within 30 s");
            }
        } catch (BundleException | InterruptedException failure) {
            if (failure instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("cannot stop the framework", failure);
        }
    }
}
