package org.praefectus.tests.plugins;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.osgi.framework.BundleContext;

/** The test plugins carried in this bundle, as files, as plugin bundles, and pinned in a trust policy. */
final class PluginFiles {

    private PluginFiles() {}

    static byte[] resource(String path) {
        try (InputStream in = PluginFiles.class.getResourceAsStream("/plugins/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    static Path work(BundleContext context) throws IOException {
        String folder = context.getProperty("praefectus.test.work");
        if (folder == null) {
            throw new IllegalStateException("praefectus.test.work is set by plugins-tests.bndrun");
        }
        return Files.createDirectories(Path.of(folder));
    }

    /** Copies a plugin's files into a directory; scripts become executable. */
    static Path directory(String plugin, List<String> files, Path folder) throws IOException {
        Path root = Files.createDirectories(folder.resolve(plugin));
        for (String file : files) {
            Path target = root.resolve(file);
            Files.write(target, resource(plugin + "/" + file));
            if (file.endsWith(".sh") || file.endsWith(".py")) {
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return root;
    }

    /** A plugin bundle as its author would ship it: the plugin under {@code plugin/}, the header, the extender requirement. */
    static Path bundle(String symbolicName, String plugin, List<String> files, Path folder) throws IOException {
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
            for (String file : files) {
                out.putNextEntry(new JarEntry("plugin/" + file));
                out.write(resource(plugin + "/" + file));
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
    static String pin(String pluginId, String plugin, String entrypointFile) throws Exception {
        return "{\"schema_version\":1,\"plugins\":{\"" + pluginId + "\":{\"manifest_sha256\":\""
                + sha256(resource(plugin + "/peekaboox.plugin.json")) + "\",\"entrypoint_sha256\":{\""
                + entrypointFile + "\":\"" + sha256(resource(plugin + "/" + entrypointFile)) + "\"}}}}";
    }
}
