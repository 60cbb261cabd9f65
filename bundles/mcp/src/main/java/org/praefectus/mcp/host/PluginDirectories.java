package org.praefectus.mcp.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.praefectus.api.plugin.PluginCallException;
import org.praefectus.api.plugin.PluginDirectoryInstaller;

/**
 * Directory plugins (PeekabooX's {@code PEEKABOOX_PLUGIN_PATH}, or the {@code paths} a call names) made
 * callable: each path is a plugin directory (it holds {@code peekaboox.plugin.json}) or a folder of them; each
 * is installed through the plugins SDK's {@link PluginDirectoryInstaller}, which refuses an untrusted one, so
 * only trusted plugins' tools become {@code PluginTool} services beside those of plugin bundles. Installed once
 * per process; what was refused is reported by plugin directory name and code.
 */
final class PluginDirectories {

    static final String MANIFEST = "peekaboox.plugin.json";

    private PluginDirectories() {}

    /** Installs the plugins under {@code paths}; returns the refusals ({@code directory}, {@code code}). */
    static List<Map<String, Object>> install(PluginDirectoryInstaller installer, List<Path> paths) {
        List<Map<String, Object>> refused = new ArrayList<>();
        for (Path directory : candidates(paths)) {
            try {
                installer.install(directory);
            } catch (PluginCallException e) {
                if (!e.code().equals("already_installed")) {
                    Map<String, Object> refusal = new LinkedHashMap<>();
                    refusal.put("directory", directory.getFileName().toString());
                    refusal.put("code", e.code());
                    refused.add(refusal);
                }
            }
        }
        return refused;
    }

    static List<Path> candidates(List<Path> paths) {
        List<Path> found = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isRegularFile(path.resolve(MANIFEST), LinkOption.NOFOLLOW_LINKS)) {
                found.add(path);
                continue;
            }
            if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try (Stream<Path> children = Files.list(path)) {
                children.sorted()
                        .filter(child -> Files.isRegularFile(child.resolve(MANIFEST), LinkOption.NOFOLLOW_LINKS))
                        .forEach(found::add);
            } catch (IOException unreadable) {
                // a folder the server cannot list holds no plugins for it
            }
        }
        return found;
    }
}
