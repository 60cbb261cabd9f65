package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;
import org.praefectus.api.platform.Platform;

/** On Linux exactly the Linux bundle resolves; the macOS and Windows bundles cannot. */
class PlatformResolutionTest {

    @InjectBundleContext
    BundleContext context;

    @Test
    void theLinuxBundleIsActive() {
        Bundle linux = TestBundles.installed(context, "org.praefectus.linux").orElseThrow();

        assertEquals(Bundle.ACTIVE, linux.getState());
    }

    @Test
    void exactlyOneLinuxPlatformServiceIsRegistered(@InjectService(cardinality = 1) ServiceAware<Platform> platforms) {
        List<ServiceReference<Platform>> references = platforms.getServiceReferences();

        assertEquals(1, references.size());
        assertEquals("linux", references.get(0).getProperty(Platform.OS_PROPERTY));
        assertEquals("org.praefectus.linux", references.get(0).getBundle().getSymbolicName());
        assertEquals("linux", platforms.getService().capabilities().platform());
    }

    @ParameterizedTest
    @ValueSource(strings = {"macos", "windows"})
    void otherPlatformBundlesStayUnresolved(String os, @InjectService(cardinality = 1) ServiceAware<Platform> platforms)
            throws Exception {
        Bundle bundle;
        // installed through the injected context, so OSGi Test uninstalls it after this test
        try (InputStream jar = Files.newInputStream(TestBundles.jar(context, os))) {
            bundle = context.installBundle("test:" + os, jar);
        }

        assertFalse(context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(List.of(bundle)));
        BundleException refused = assertThrows(BundleException.class, bundle::start);
        assertEquals(BundleException.RESOLVE_ERROR, refused.getType());
        assertEquals(Bundle.INSTALLED, bundle.getState());
        assertEquals(1, platforms.size(), "still only the Linux platform");
    }
}
