package org.praefectus.plugins.manifest;

import java.nio.file.Path;
import java.util.List;

/**
 * A plugin found on disk.
 *
 * @param manifest        the validated manifest
 * @param root            the plugin directory, absolute and normalized
 * @param manifestPath    the manifest file
 * @param entrypointFiles the files of the plugin directory the entrypoint runs (the program when it is a
 *                        path, and script arguments such as {@code plugin.py}), relative to the root, in
 *                        command order; what a trust pin covers besides the manifest
 */
public record PluginDescriptor(PluginManifest manifest, Path root, Path manifestPath, List<Path> entrypointFiles) {

    public PluginDescriptor {
        entrypointFiles = List.copyOf(entrypointFiles);
    }

    public String id() {
        return manifest.id();
    }
}
