package org.praefectus.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Optional;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * The platform bundle jars the build copies beside the tests, lookups of installed bundles, and folders of the tests'
 * own state.
 */
final class TestBundles {

    private TestBundles() {}

    static Path jar(BundleContext context, String name) {
        String folder = context.getProperty("praefectus.test.bundles");
        assertNotNull(folder, "praefectus.test.bundles is set by runtime-tests.bndrun");
        Path jar = Path.of(folder, name + ".jar");
        assertTrue(Files.isRegularFile(jar), "missing test bundle " + jar);
        return jar;
    }

    /** A new folder only this user can enter, under the state folder runtime-tests.bndrun names. */
    static Path privateDirectory(BundleContext context, String name) throws IOException {
        String state = context.getProperty("praefectus.test.state");
        assertNotNull(state, "praefectus.test.state is set by runtime-tests.bndrun");
        Path root = Files.createDirectories(Path.of(state));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
        Path directory = Files.createTempDirectory(root, name);
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        return directory;
    }

    static Optional<Bundle> installed(BundleContext context, String symbolicName) {
        return Arrays.stream(context.getBundles())
                .filter(bundle -> symbolicName.equals(bundle.getSymbolicName()))
                .findFirst();
    }
}
