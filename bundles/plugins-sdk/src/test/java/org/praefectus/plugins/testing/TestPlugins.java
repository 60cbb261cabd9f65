package org.praefectus.plugins.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/** Copies a plugin directory of the test resources into a folder, restoring the executable bits. */
public final class TestPlugins {

    private TestPlugins() {}

    public static Path copy(String name, Path folder) {
        try {
            URL url = TestPlugins.class.getResource("/plugins/" + name);
            if (url == null) {
                throw new IllegalArgumentException("no test plugin " + name);
            }
            Path source = Path.of(url.toURI());
            Path target = folder.resolve(name);
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : files.toList()) {
                    Path copy = target.resolve(source.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.copy(file, copy);
                        if (file.toString().endsWith(".sh") || file.toString().endsWith(".py")) {
                            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
                        }
                    }
                }
            }
            return target;
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        } catch (URISyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Replaces a member in a manifest by string substitution, for invalid variants. */
    public static void rewrite(Path plugin, String from, String to) {
        Path manifest = plugin.resolve("peekaboox.plugin.json");
        try {
            String text = Files.readString(manifest);
            if (!text.contains(from)) {
                throw new IllegalArgumentException("manifest does not contain " + from);
            }
            Files.writeString(manifest, text.replace(from, to));
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }
}
