package org.praefectus.cli.launch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Starts the runtime in this JVM from the bundles the jar carries, the way the bnd launcher does (the
 * {@code launcher.properties} bnd exported: bundle list and framework properties; the
 * {@code launcher.arguments} service; the {@code main.thread} Callable the CLI registers), but with the
 * framework on the jar's own class path, every bundle installed by reference from {@link BundleCache} into
 * a kept {@link FrameworkStorage} slot, and the bundles only some commands need ({@link OnDemandBundles})
 * started only for them.
 */
final class EmbeddedRuntime {

    static final String MAIN_THREAD_FILTER = "(&(objectClass=java.util.concurrent.Callable)(main.thread=true))";
    private static final long START_TIMEOUT_SECONDS = 120;
    private static final long STOP_TIMEOUT_MILLIS = 30_000;
    private static final String HELP = "help";

    private EmbeddedRuntime() {}

    /**
     * Runs one command (or the daemon, {@code resident}) and returns its exit code.
     */
    static int run(List<String> arguments, boolean resident, Phases phases) {
        String command = arguments.isEmpty() ? HELP : arguments.get(0);
        Started started = null;
        try {
            Properties launch = launchProperties();
            List<String> entries = new ArrayList<>();
            for (String entry : launch.getProperty("launch.bundles", "").split(",")) {
                if (!entry.isBlank()) {
                    entries.add(entry.trim());
                }
            }
            Path bundles = BundleCache.prepare(ownJar(), entries);
            FrameworkStorage storage = FrameworkStorage.acquire(BundleCache.keyOf(bundles));
            try {
                started = start(launch, bundles, entries, storage, arguments, command, resident, phases);
            } catch (Exception | LinkageError brokenSlot) {
                if (!storage.kept()) {
                    throw brokenSlot;
                }
                // a slot left half-written by a killed start: empty it and start once more, privately
                storage.discard();
                storage.close();
                started = start(
                        launch, bundles, entries, FrameworkStorage.temporary(), arguments, command, resident, phases);
            }
            Object result = ((Callable<?>) started.mainThread()).call();
            phases.mark("command");
            started.framework().stop();
            started.framework().waitForStop(STOP_TIMEOUT_MILLIS);
            phases.mark("stop");
            return result instanceof Integer code ? code : 3;
        } catch (Exception | LinkageError failure) {
            if ("1".equals(System.getenv("PRAEFECTUS_LAUNCH_DEBUG"))) {
                failure.printStackTrace();
            }
            return fail("the runtime could not start");
        } finally {
            if (started != null) {
                started.storage().close();
            }
        }
    }

    /** The framework up to the command line's {@code main.thread} service, which it returns. */
    private static Started start(
            Properties launch,
            Path bundles,
            List<String> entries,
            FrameworkStorage storage,
            List<String> arguments,
            String command,
            boolean resident,
            Phases phases)
            throws Exception {
        Framework framework = null;
        try {
            Map<String, String> properties = new HashMap<>();
            for (String name : launch.stringPropertyNames()) {
                if (!name.startsWith("launch.")) {
                    properties.put(name, launch.getProperty(name));
                }
            }
            properties.put(Constants.FRAMEWORK_STORAGE, storage.folder().toString());
            if (!storage.kept()) {
                properties.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
            }
            // configurations live as long as this process, as they did when every start had fresh storage
            properties.put("felix.cm.pm", "memory");
            if (resident) {
                // the daemon's whole point is state across calls: capture streams, caches, the host
                properties.put("ds.delayed.keepInstances", "true");
            }
            framework = ServiceLoader.load(FrameworkFactory.class)
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path"))
                    .newFramework(properties);
            framework.init();
            stopOnShutdown(framework, storage);
            phases.mark("framework");
            BundleContext context = framework.getBundleContext();
            @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
            Hashtable<String, Object> launcher = new Hashtable<>();
            launcher.put("launcher.arguments", arguments.toArray(String[]::new));
            context.registerService(Object.class, new Object(), launcher);
            List<Bundle> installed = install(context, bundles, entries);
            phases.mark("install");
            framework.adapt(FrameworkWiring.class).resolveBundles(installed);
            phases.mark("resolve");
            AtomicReference<ServiceReference<?>> main = new AtomicReference<>();
            CountDownLatch found = new CountDownLatch(1);
            context.addServiceListener(
                    event -> {
                        if (event.getType() == ServiceEvent.REGISTERED) {
                            main.compareAndSet(null, event.getServiceReference());
                            found.countDown();
                        }
                    },
                    MAIN_THREAD_FILTER);
            framework.start();
            OnDemandBundles onDemand = OnDemandBundles.from(launch);
            for (Bundle bundle : installed) {
                if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null
                        && onDemand.starts(bundle.getSymbolicName(), command)) {
                    // transient: a kept storage must not start anything by itself at the next command
                    bundle.start(Bundle.START_TRANSIENT | Bundle.START_ACTIVATION_POLICY);
                    phases.markBundle(bundle.getSymbolicName());
                }
            }
            ServiceReference<?>[] present = context.getServiceReferences((String) null, MAIN_THREAD_FILTER);
            if (present != null && present.length > 0) {
                main.compareAndSet(null, present[0]);
                found.countDown();
            }
            if (!found.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the runtime did not start its command line");
            }
            phases.mark("activation");
            return new Started(framework, storage, context.getService(main.get()));
        } catch (Exception | LinkageError failure) {
            if (framework != null) {
                framework.stop();
                framework.waitForStop(STOP_TIMEOUT_MILLIS);
            }
            throw failure;
        }
    }

    /**
     * Installs by reference what the storage does not hold yet (a kept slot holds every bundle after its
     * first start) and uninstalls what the bundle set no longer names; returns the set in launch order.
     */
    private static List<Bundle> install(BundleContext context, Path bundles, List<String> entries)
            throws BundleException {
        List<Bundle> installed = new ArrayList<>();
        Set<String> locations = new HashSet<>();
        for (String entry : entries) {
            String location =
                    "reference:" + bundles.resolve(BundleCache.baseName(entry)).toUri();
            locations.add(location);
            Bundle present = context.getBundle(location);
            installed.add(present != null ? present : context.installBundle(location));
        }
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getBundleId() != Constants.SYSTEM_BUNDLE_ID && !locations.contains(bundle.getLocation())) {
                bundle.uninstall();
            }
        }
        return installed;
    }

    private record Started(Framework framework, FrameworkStorage storage, Object mainThread) {}

    /** SIGTERM or Ctrl-C: stop the framework, so every component's deactivation (the daemon's) runs. */
    private static void stopOnShutdown(Framework framework, FrameworkStorage storage) {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                if ((framework.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0) {
                                    framework.stop();
                                    framework.waitForStop(STOP_TIMEOUT_MILLIS);
                                }
                            } catch (BundleException | InterruptedException | RuntimeException ignored) {
                                // the JVM is exiting: nothing more can be done
                            }
                            storage.close();
                        },
                        "praefectus-shutdown"));
    }

    private static int fail(String message) {
        Main.exit(Main.failure("protocol_error", message), 3);
        return 3;
    }

    private static Properties launchProperties() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = EmbeddedRuntime.class.getResourceAsStream("/launcher.properties")) {
            if (in == null) {
                throw new IOException("launcher.properties is missing from the jar");
            }
            properties.load(in);
        }
        return properties;
    }

    private static Path ownJar() throws IOException {
        try {
            return Path.of(EmbeddedRuntime.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | SecurityException e) {
            throw new IOException("cannot locate the jar", e);
        }
    }
}
