package org.praefectus.cli.launch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
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
 * framework on the jar's own class path and every bundle installed by reference from {@link BundleCache}.
 * The framework's storage is private to this process and deleted at exit, so ConfigAdmin state never leaks
 * from one command into the next.
 */
final class EmbeddedRuntime {

    static final String MAIN_THREAD_FILTER = "(&(objectClass=java.util.concurrent.Callable)(main.thread=true))";
    private static final long START_TIMEOUT_SECONDS = 120;
    private static final long STOP_TIMEOUT_MILLIS = 30_000;

    private EmbeddedRuntime() {}

    /**
     * Runs one command (or the daemon, {@code resident}) and returns its exit code.
     */
    static int run(List<String> arguments, boolean resident, Phases phases) {
        Path storage = null;
        try {
            Properties launch = launchProperties();
            Path jar = ownJar();
            List<String> entries = new ArrayList<>();
            for (String entry : launch.getProperty("launch.bundles", "").split(",")) {
                if (!entry.isBlank()) {
                    entries.add(entry.trim());
                }
            }
            Path bundles = BundleCache.prepare(jar, entries);
            storage = Files.createTempDirectory("praefectus-framework-");
            Map<String, String> properties = new HashMap<>();
            for (String name : launch.stringPropertyNames()) {
                if (!name.startsWith("launch.")) {
                    properties.put(name, launch.getProperty(name));
                }
            }
            properties.put(Constants.FRAMEWORK_STORAGE, storage.toString());
            properties.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
            if (resident) {
                // the daemon's whole point is state across calls: capture streams, caches, the host
                properties.put("ds.delayed.keepInstances", "true");
            }
            Framework framework = ServiceLoader.load(FrameworkFactory.class)
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path"))
                    .newFramework(properties);
            framework.init();
            stopOnShutdown(framework, storage);
            phases.mark("framework");
            BundleContext context = framework.getBundleContext();
            Hashtable<String, Object> launcher = new Hashtable<>();
            launcher.put("launcher.arguments", arguments.toArray(String[]::new));
            context.registerService(Object.class, new Object(), launcher);
            List<Bundle> installed = new ArrayList<>();
            for (String entry : entries) {
                Path file = bundles.resolve(BundleCache.baseName(entry));
                installed.add(context.installBundle("reference:" + file.toUri()));
            }
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
            for (Bundle bundle : installed) {
                if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                    bundle.start(Bundle.START_ACTIVATION_POLICY);
                }
            }
            ServiceReference<?>[] present = context.getServiceReferences((String) null, MAIN_THREAD_FILTER);
            if (present != null && present.length > 0) {
                main.compareAndSet(null, present[0]);
                found.countDown();
            }
            if (!found.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                return fail("the runtime did not start its command line");
            }
            phases.mark("activation");
            Object callable = context.getService(main.get());
            Object result = ((Callable<?>) callable).call();
            phases.mark("command");
            framework.stop();
            framework.waitForStop(STOP_TIMEOUT_MILLIS);
            phases.mark("stop");
            return result instanceof Integer code ? code : 3;
        } catch (Exception | LinkageError failure) {
            if ("1".equals(System.getenv("PRAEFECTUS_LAUNCH_DEBUG"))) {
                failure.printStackTrace();
            }
            return fail("the runtime could not start");
        } finally {
            if (storage != null) {
                BundleCache.delete(storage);
            }
        }
    }

    /** SIGTERM or Ctrl-C: stop the framework, so every component's deactivation (the daemon's) runs. */
    private static void stopOnShutdown(Framework framework, Path storage) {
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
                            BundleCache.delete(storage);
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
