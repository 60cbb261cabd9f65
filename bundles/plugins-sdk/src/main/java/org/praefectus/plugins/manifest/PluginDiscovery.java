package org.praefectus.plugins.manifest;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds plugins as PeekabooX does. Each path may be a manifest, one plugin directory, or a directory of
 * plugin directories. With no explicit paths, the search covers {@code PEEKABOOX_PLUGIN_PATH}, then
 * {@code PRAEFECTUS_PLUGIN_PATH} (both lists separated by {@code :}), then {@code plugins} in the current
 * directory. Paths that do not exist are skipped; broken plugins are reported, never fatal.
 */
public final class PluginDiscovery {

    public static final String PEEKABOOX_PLUGIN_PATH = "PEEKABOOX_PLUGIN_PATH";
    public static final String PRAEFECTUS_PLUGIN_PATH = "PRAEFECTUS_PLUGIN_PATH";

    private PluginDiscovery() {}

    /** A plugin that could not be loaded, and why. */
    public record Problem(Path path, String message) {}

    /** The plugins found, sorted by id, and the problems, sorted by path. */
    public record Result(List<PluginDescriptor> plugins, List<Problem> problems) {
        public Result {
            plugins = List.copyOf(plugins);
            problems = List.copyOf(problems);
        }
    }

    /** The default search path for an environment and a current directory. */
    public static List<Path> defaultPaths(Map<String, String> environment, Path currentDirectory) {
        List<Path> paths = new ArrayList<>();
        for (String variable : List.of(PEEKABOOX_PLUGIN_PATH, PRAEFECTUS_PLUGIN_PATH)) {
            String value = environment.get(variable);
            if (value != null) {
                for (String entry : value.split(":")) {
                    if (!entry.isEmpty()) {
                        paths.add(Path.of(entry));
                    }
                }
            }
        }
        paths.add(currentDirectory.resolve("plugins"));
        return paths;
    }

    /** Searches the paths in order; when two plugins share an id, the first found wins. */
    public static Result discover(List<Path> paths) {
        List<PluginDescriptor> plugins = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Path path : paths) {
            discoverPath(path, plugins, problems);
        }
        Map<String, PluginDescriptor> byId = new HashMap<>();
        List<PluginDescriptor> unique = new ArrayList<>();
        for (PluginDescriptor plugin : plugins) {
            PluginDescriptor first = byId.putIfAbsent(plugin.id(), plugin);
            if (first == null) {
                unique.add(plugin);
            } else if (!first.manifestPath().equals(plugin.manifestPath())) {
                problems.add(new Problem(
                        plugin.manifestPath(),
                        "duplicate plugin id " + plugin.id() + ", already found at " + first.manifestPath()));
            }
        }
        unique.sort(Comparator.comparing(PluginDescriptor::id));
        problems.sort(Comparator.comparing(problem -> problem.path().toString()));
        return new Result(unique, problems);
    }

    private static void discoverPath(Path path, List<PluginDescriptor> plugins, List<Problem> problems) {
        if (!Files.exists(path)) {
            return;
        }
        if (Files.isRegularFile(path) || Files.isRegularFile(path.resolve(PluginManifest.FILE_NAME))) {
            add(path, plugins, problems);
            return;
        }
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(path)) {
            listing.forEach(entries::add);
        } catch (IOException unreadable) {
            problems.add(new Problem(path, "cannot list the directory"));
            return;
        }
        entries.sort(Comparator.naturalOrder());
        for (Path entry : entries) {
            if ((Files.isDirectory(entry) && Files.isRegularFile(entry.resolve(PluginManifest.FILE_NAME)))
                    || (Files.isRegularFile(entry)
                            && entry.getFileName().toString().equals(PluginManifest.FILE_NAME))) {
                add(entry, plugins, problems);
            }
        }
    }

    private static void add(Path path, List<PluginDescriptor> plugins, List<Problem> problems) {
        try {
            plugins.add(ManifestReader.load(path));
        } catch (ManifestException invalid) {
            problems.add(new Problem(path, invalid.getMessage()));
        }
    }
}
