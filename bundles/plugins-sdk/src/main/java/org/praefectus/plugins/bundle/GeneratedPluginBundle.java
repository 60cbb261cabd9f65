package org.praefectus.plugins.bundle;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.osgi.framework.Version;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.plugins.trust.PluginFingerprint;

/**
 * A bundle generated from a plugin directory: the directory's regular files under {@code plugin/}, the
 * {@value PluginBundles#HEADER} header pointing there, and a requirement on the extender.
 */
final class GeneratedPluginBundle {

    static final String FOLDER = "plugin";
    /** The plugin directory the bundle was generated from (absolute), to notice that it was removed. */
    static final String SOURCE = "Praefectus-Plugin-Source";
    /** The fingerprint of the files the bundle copied, to notice that the directory changed since. */
    static final String FINGERPRINT = "Praefectus-Plugin-Fingerprint";

    private GeneratedPluginBundle() {}

    static String symbolicName(String pluginId) {
        return "praefectus.plugin." + pluginId;
    }

    static byte[] jar(PluginDescriptor plugin) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", symbolicName(plugin.id()));
        main.putValue("Bundle-Version", version(plugin.manifest().version()));
        main.putValue("Bundle-Name", plugin.manifest().name().replaceAll("[\\r\\n]", " "));
        main.putValue(PluginBundles.HEADER, FOLDER);
        main.putValue(SOURCE, plugin.root().toAbsolutePath().toString());
        main.putValue(FINGERPRINT, fingerprint(plugin));
        main.putValue(
                "Require-Capability",
                "osgi.extender;filter:=\"(&(osgi.extender=" + PluginBundles.EXTENDER
                        + ")(version>=1.0.0)(!(version>=2.0.0)))\"");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest);
                Stream<Path> walk = Files.walk(plugin.root())) {
            List<Path> files = walk.filter(Files::isRegularFile).sorted().toList();
            for (Path file : files) {
                String name =
                        FOLDER + "/" + plugin.root().relativize(file).toString().replace('\\', '/');
                out.putNextEntry(new JarEntry(name));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    /** The manifest's and the entrypoint files' SHA-256, as the trust policy pins them. */
    static String fingerprint(PluginDescriptor plugin) throws IOException {
        PluginFingerprint fingerprint = PluginFingerprint.of(plugin);
        return fingerprint.manifestSha256() + " " + new TreeMap<>(fingerprint.entrypointSha256());
    }

    /** The plugin's version when OSGi can read it, otherwise 0.0.0 with the text as qualifier. */
    static String version(String text) {
        try {
            return Version.parseVersion(text).toString();
        } catch (IllegalArgumentException notOsgi) {
            return "0.0.0." + text.replaceAll("[^A-Za-z0-9_-]", "_");
        }
    }
}
