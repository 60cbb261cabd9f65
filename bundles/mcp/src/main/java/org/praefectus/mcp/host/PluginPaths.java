package org.praefectus.mcp.host;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The plugin directories of a call ({@code paths}: absolute directories) or the configured default ones,
 * installed through the plugins SDK (which refuses untrusted ones) before plugin tools are listed or called.
 */
final class PluginPaths {

    private PluginPaths() {}

    static List<Path> of(HostServices services, Map<String, Object> args) {
        Object paths = args.get("paths");
        if (paths == null) {
            return services.defaultPluginPaths();
        }
        if (!(paths instanceof List<?> list) || list.size() > 32) {
            throw new ToolArguments.InvalidArgument("paths must be a list of at most 32 absolute directories");
        }
        List<Path> result = new ArrayList<>();
        for (Object p : list) {
            if (!(p instanceof String text) || text.isEmpty() || !text.startsWith("/") || text.length() > 4_096) {
                throw new ToolArguments.InvalidArgument("paths must be a list of at most 32 absolute directories");
            }
            result.add(Path.of(text));
        }
        return result;
    }

    /** Installs the call's directories; the refused ones by directory name and code. */
    static List<Map<String, Object>> install(HostServices services, Map<String, Object> args) {
        List<Path> paths = of(services, args);
        return services.pluginInstaller()
                .map(installer -> PluginDirectories.install(installer, paths))
                .orElse(List.of());
    }
}
