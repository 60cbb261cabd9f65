package org.praefectus.embed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The bundles of one resolved Praefectus runtime, as exported into a folder by the {@code run} module
 * ({@code run/target/export/praefectus}).
 */
record BundleSet(List<Entry> bundles) {

    /** One bundle jar and the manifest headers the launcher needs. */
    record Entry(Path jar, String symbolicName, String version, String exportPackage) {}

    BundleSet {
        bundles = List.copyOf(bundles);
    }

    static BundleSet read(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("not a bundle set folder: " + folder);
        }
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> jars = Files.list(folder)) {
            for (Path jar :
                    jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                try (JarFile file = new JarFile(jar.toFile())) {
                    Attributes main = file.getManifest().getMainAttributes();
                    String symbolicName = main.getValue("Bundle-SymbolicName");
                    if (symbolicName == null) {
                        throw new IllegalArgumentException("not a bundle: " + jar);
                    }
                    entries.add(new Entry(
                            jar,
                            symbolicName.split(";")[0].trim(),
                            main.getValue("Bundle-Version"),
                            main.getValue("Export-Package")));
                }
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read the bundle set " + folder, unreadable);
        }
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("the bundle set folder holds no bundles: " + folder);
        }
        return new BundleSet(entries);
    }
}
