package org.praefectus.plugins.cli;

import java.nio.file.Path;
import java.util.List;
import org.praefectus.api.cli.Options;

/** The plugin folders a command names with its repeatable {@code --path}, in order. */
final class PluginPaths {

    private PluginPaths() {}

    static List<Path> of(Options options) {
        return options.all("path").stream().map(Path::of).toList();
    }
}
