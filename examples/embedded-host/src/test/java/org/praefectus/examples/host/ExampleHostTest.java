package org.praefectus.examples.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.wiring.BundleRevision;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.embed.EmbeddedPraefectus;

/** Runs the example host for real: a Felix framework in this JVM with the exported bundle set. */
class ExampleHostTest {

    private static Path bundleSet() {
        return Path.of(System.getProperty("praefectus.bundle.set"));
    }

    @Test
    void theHostReadsTheLinuxCapabilitiesThroughTheService() throws Exception {
        Capabilities capabilities = ExampleHost.capabilities(bundleSet());

        assertEquals("linux", capabilities.platform());
        assertTrue(capabilities.permissions().containsKey("x11_display"));
    }

    @Test
    void theHostAndTheBundlesShareOneCopyOfTheApi() throws Exception {
        try (EmbeddedPraefectus praefectus =
                EmbeddedPraefectus.start(bundleSet(), Files.createTempDirectory("praefectus-host"), Map.of())) {
            Platform platform = praefectus.service(Platform.class, Duration.ofSeconds(30));

            // the cast above would have failed with two copies; the api bundle is not installed at all
            assertTrue(Platform.class.isInstance(platform));
            for (Bundle bundle : praefectus.context().getBundles()) {
                assertTrue(!"org.praefectus.api".equals(bundle.getSymbolicName()), "api comes from the host");
                if (bundle.getBundleId() != 0) {
                    assertEquals(Bundle.ACTIVE, bundle.getState(), bundle.getSymbolicName());
                }
            }
        }
    }

    @Test
    void theHostsOwnExtraSystemPackagesAreKeptBesideTheSharedApi() throws Exception {
        Map<String, String> properties =
                Map.of(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "org.example.hostonly;version=\"1.2.0\"");
        try (EmbeddedPraefectus praefectus =
                EmbeddedPraefectus.start(bundleSet(), Files.createTempDirectory("praefectus-host"), properties)) {
            Set<String> exported = praefectus
                    .context()
                    .getBundle(0)
                    .adapt(BundleRevision.class)
                    .getDeclaredCapabilities(BundleRevision.PACKAGE_NAMESPACE)
                    .stream()
                    .map(capability -> (String) capability.getAttributes().get(BundleRevision.PACKAGE_NAMESPACE))
                    .collect(Collectors.toSet());

            assertTrue(exported.contains("org.example.hostonly"), "the host's package");
            assertTrue(exported.contains("org.praefectus.api.platform"), "the shared API");
            assertTrue(Platform.class.isInstance(praefectus.service(Platform.class, Duration.ofSeconds(30))));
        }
    }

    @Test
    void closingStopsTheFramework() throws Exception {
        EmbeddedPraefectus praefectus =
                EmbeddedPraefectus.start(bundleSet(), Files.createTempDirectory("praefectus-host"), Map.of());
        Bundle framework = praefectus.context().getBundle(0);
        praefectus.close();

        assertEquals(Bundle.RESOLVED, framework.getState());
    }
}
