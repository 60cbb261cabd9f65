package org.praefectus.plugins.trust;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.plugins.manifest.PluginDescriptor;

/**
 * The SHA-256 of a plugin's manifest and of each entrypoint file, as lowercase hex.
 *
 * @param entrypointSha256 by path relative to the plugin directory, with {@code /} separators
 */
public record PluginFingerprint(String pluginId, String manifestSha256, Map<String, String> entrypointSha256) {

    public PluginFingerprint {
        entrypointSha256 = Map.copyOf(entrypointSha256);
    }

    /** Hashes the files as they are on disk now. */
    public static PluginFingerprint of(PluginDescriptor plugin) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (Path file : plugin.entrypointFiles()) {
            files.put(file.toString().replace('\\', '/'), sha256(plugin.root().resolve(file)));
        }
        return new PluginFingerprint(plugin.id(), sha256(plugin.manifestPath()), files);
    }

    /**
     * The bytes a publisher signs: {@code praefectus.plugin.signature.v1}, then {@code id=},
     * {@code manifest_sha256=}, and one {@code file=PATH sha256=HEX} line per entrypoint file in path
     * order, each line ending with {@code \n}.
     */
    public byte[] signedStatement() {
        StringBuilder statement = new StringBuilder("praefectus.plugin.signature.v1\n")
                .append("id=")
                .append(pluginId)
                .append('\n')
                .append("manifest_sha256=")
                .append(manifestSha256)
                .append('\n');
        new TreeMap<>(entrypointSha256)
                .forEach((path, hash) -> statement
                        .append("file=")
                        .append(path)
                        .append(" sha256=")
                        .append(hash)
                        .append('\n'));
        return statement.toString().getBytes(StandardCharsets.UTF_8);
    }

    static String sha256(Path file) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("every JDK has SHA-256", impossible);
        }
    }
}
