package org.praefectus.tests.plugins;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.osgi.framework.BundleContext;
import org.praefectus.tests.fixtures.Fixture;

/** The test plugins of the fixtures carried in this bundle, as plugin bundles and pinned in a trust policy. */
final class PluginFiles {

    private PluginFiles() {}

    static Path work(BundleContext context) throws IOException {
        String folder = context.getProperty("praefectus.test.work");
        if (folder == null) {
            throw new IllegalStateException("praefectus.test.work is set by plugins-tests.bndrun");
        }
        return Files.createDirectories(Path.of(folder));
    }

    /** A plugin bundle as its author would ship it: the plugin under {@code plugin/}, the header, the extender requirement. */
    static Path bundle(String symbolicName, Fixture plugin, Path folder) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", symbolicName);
        main.putValue("Bundle-Version", "1.0.0");
        main.putValue("Praefectus-Plugin", "plugin");
        main.putValue("Require-Capability", "osgi.extender;filter:=\"(osgi.extender=praefectus.plugins)\"");
        Path jar = folder.resolve(symbolicName + ".jar");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, manifest)) {
            for (String file : plugin.files()) {
                out.putNextEntry(new JarEntry("plugin/" + file));
                out.write(plugin.read(file));
                out.closeEntry();
            }
        }
        Files.write(jar, bytes.toByteArray());
        return jar;
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** A trust policy pinning one plugin's manifest and one entrypoint file as they are in this bundle. */
    static String pin(String pluginId, Fixture plugin, String entrypointFile) throws Exception {
        return "{\"schema_version\":1,\"plugins\":{\"" + pluginId + "\":{\"manifest_sha256\":\""
                + sha256(plugin.read("peekaboox.plugin.json")) + "\",\"entrypoint_sha256\":{\""
                + entrypointFile + "\":\"" + sha256(plugin.read(entrypointFile)) + "\"}}}}";
    }
}
