package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.Version;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.platform.Platform;

/**
 * Updating the Linux bundle with a rebuilt jar replaces its platform service while the framework keeps
 * running, and the CLI follows the replacement.
 */
class HotSwapTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService
    CommandLine cli;

    /** The jar with a new Bundle-Version and otherwise identical content: what a rebuild produces. */
    static byte[] rebuilt(Path jar, String version) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarInputStream in = new JarInputStream(Files.newInputStream(jar))) {
            Manifest manifest = new Manifest(in.getManifest());
            manifest.getMainAttributes().putValue(Constants.BUNDLE_VERSION, version);
            try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
                for (JarEntry entry; (entry = in.getNextJarEntry()) != null; ) {
                    out.putNextEntry(new JarEntry(entry.getName()));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }

    @Test
    void updatingTheLinuxBundleSwapsThePlatformServiceAndTheCliFollows() throws Exception {
        Bundle linux = TestBundles.installed(context, "org.praefectus.linux").orElseThrow();
        Bundle framework = context.getBundle(Constants.SYSTEM_BUNDLE_ID);
        ServiceReference<Platform> before = context.getServiceReference(Platform.class);
        long oldId = (Long) before.getProperty(Constants.SERVICE_ID);
        Platform oldPlatform = context.getService(before);
        assertEquals(
                CommandLine.EXIT_OK, CommandLineTest.run(cli, "capabilities").exitCode());

        List<String> events = new CopyOnWriteArrayList<>();
        CountDownLatch arrived = new CountDownLatch(1);
        ServiceListener listener = event -> {
            long id = (Long) event.getServiceReference().getProperty(Constants.SERVICE_ID);
            switch (event.getType()) {
                case ServiceEvent.UNREGISTERING -> events.add("left " + id);
                case ServiceEvent.REGISTERED -> {
                    events.add("arrived " + id);
                    arrived.countDown();
                }
                default -> {}
            }
        };
        context.addServiceListener(listener, "(objectClass=" + Platform.class.getName() + ")");
        try {
            try (InputStream jar =
                    new ByteArrayInputStream(rebuilt(TestBundles.jar(context, "linux"), "0.1.0.hotswap"))) {
                linux.update(jar);
            }
            assertTrue(arrived.await(30, TimeUnit.SECONDS), "a new platform service arrives: " + events);
        } finally {
            context.removeServiceListener(listener);
        }

        ServiceReference<Platform> after = context.getServiceReference(Platform.class);
        long newId = (Long) after.getProperty(Constants.SERVICE_ID);
        assertNotEquals(oldId, newId);
        assertEquals(List.of("left " + oldId, "arrived " + newId), events);
        assertEquals(new Version("0.1.0.hotswap"), after.getBundle().getVersion());
        assertEquals(Bundle.ACTIVE, framework.getState(), "the framework kept running");

        // the withdrawn service refuses to answer, so a CLI still holding it would fail with exit 3
        assertThrows(IllegalStateException.class, oldPlatform::capabilities);
        CommandLineTest.Result result = CommandLineTest.run(cli, "capabilities");
        assertEquals(CommandLine.EXIT_OK, result.exitCode());
        assertEquals("linux", result.envelope().at("/data/platform").asText());
    }
}
