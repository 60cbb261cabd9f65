package org.praefectus.linux.wayland;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The helper process that reads ScreenCast frames from PipeWire ({@link PipeWireFrames}): GStreamer's
 * {@code gst-launch-1.0}, found on the executor's {@code PATH}, started with only the environment it needs.
 */
public final class PipeWireHelper {

    /** The helper's executable name. */
    public static final String NAME = "gst-launch-1.0";

    /** What the helper may see of the executor's environment: where PipeWire and GStreamer's cache are. */
    private static final List<String> PASSED =
            List.of("PATH", "HOME", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "PIPEWIRE_RUNTIME_DIR", "PIPEWIRE_REMOTE");

    private PipeWireHelper() {}

    /** Whether the helper is an executable file in a directory of the environment's {@code PATH}. */
    public static boolean installed(Map<String, String> environment) {
        for (String directory : path(environment).split(File.pathSeparator, -1)) {
            if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, NAME))) {
                return true;
            }
        }
        return false;
    }

    /** The helper's environment: the passed names only, never a token or a display the host holds. */
    static Map<String, String> environment(Map<String, String> executor) {
        Map<String, String> child = new HashMap<>();
        for (String name : PASSED) {
            String value = executor.get(name);
            if (value != null) {
                child.put(name, value);
            }
        }
        child.put("PATH", path(executor));
        return child;
    }

    private static String path(Map<String, String> environment) {
        String path = environment.get("PATH");
        return path == null || path.isBlank() ? "/usr/bin:/bin" : path;
    }
}
