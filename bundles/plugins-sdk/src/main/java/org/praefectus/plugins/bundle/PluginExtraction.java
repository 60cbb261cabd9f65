package org.praefectus.plugins.bundle;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.praefectus.plugins.manifest.ManifestException;
import org.praefectus.plugins.manifest.ManifestReader;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.manifest.PluginManifest;

/**
 * Copies a plugin directory out of a bundle into the extender's private data area, where its
 * entrypoint can run as real files. Jar entries carry no permission bits, so the files the entrypoint
 * names are made executable; nothing else is.
 */
final class PluginExtraction {

    private PluginExtraction() {}

    static PluginDescriptor extract(Bundle bundle, String folder, Path target) throws ManifestException, IOException {
        String prefix = folder.replaceAll("^/+|/+$", "");
        Enumeration<URL> entries = bundle.findEntries(prefix.isEmpty() ? "/" : prefix, "*", true);
        if (entries == null) {
            throw new ManifestException("bundle " + bundle.getSymbolicName() + " has no folder " + folder);
        }
        delete(target);
        Files.createDirectories(target);
        for (URL entry : Collections.list(entries)) {
            String path = entry.getPath().replaceFirst("^/+", "");
            if (path.endsWith("/") || !path.startsWith(prefix)) {
                continue;
            }
            Path file = target.resolve(path.substring(prefix.length()).replaceFirst("^/+", ""))
                    .normalize();
            if (!file.startsWith(target)) {
                throw new ManifestException("bundle " + bundle.getSymbolicName() + " has an entry escaping " + folder);
            }
            Files.createDirectories(file.getParent());
            try (InputStream in = entry.openStream()) {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path manifestFile = target.resolve(PluginManifest.FILE_NAME);
        if (!Files.isRegularFile(manifestFile)) {
            throw new ManifestException(
                    "bundle " + bundle.getSymbolicName() + " carries no " + PluginManifest.FILE_NAME + " in " + folder);
        }
        PluginManifest manifest = ManifestReader.parse(Files.readAllBytes(manifestFile), manifestFile.toString());
        List<String> command =
                manifest.entrypoint().map(entrypoint -> entrypoint.command()).orElse(List.of());
        for (String part : command) {
            Path file = target.resolve(part).normalize();
            if (file.startsWith(target) && Files.isRegularFile(file)) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
            }
        }
        return ManifestReader.load(target);
    }

    static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
