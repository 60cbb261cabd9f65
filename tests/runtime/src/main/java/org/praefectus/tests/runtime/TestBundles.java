package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** The platform bundle jars the build copies beside the tests, and lookups of installed bundles. */
final class TestBundles {

    private TestBundles() {}

    static Path jar(BundleContext context, String name) {
        String folder = context.getProperty("praefectus.test.bundles");
        assertNotNull(folder, "praefectus.test.bundles is set by runtime-tests.bndrun");
        Path jar = Path.of(folder, name + ".jar");
        assertTrue(Files.isRegularFile(jar), "missing test bundle " + jar);
        return jar;
    }

    static Optional<Bundle> installed(BundleContext context, String symbolicName) {
        return Arrays.stream(context.getBundles())
                .filter(bundle -> symbolicName.equals(bundle.getSymbolicName()))
                .findFirst();
    }
}
