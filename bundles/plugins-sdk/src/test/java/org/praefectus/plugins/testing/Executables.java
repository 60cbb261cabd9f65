package org.praefectus.plugins.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Copies scripts from test resources into a folder and marks them executable (resources lose the bit). */
public final class Executables {

    private Executables() {}

    public static Path install(Class<?> owner, String resource, Path folder) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            Path target = folder.resolve(resource.substring(resource.lastIndexOf('/') + 1));
            Files.createDirectories(target.getParent());
            Files.copy(in, target);
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
            return target;
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }
}
