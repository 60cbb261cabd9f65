package org.praefectus.linux.wayland;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;

/** Where {@code WAYLAND_DISPLAY} points: a name under {@code XDG_RUNTIME_DIR}, or an absolute path. */
final class WaylandSocket {

    private WaylandSocket() {}

    /** The socket path, or empty when {@code WAYLAND_DISPLAY} is unset or a relative name has no runtime dir. */
    static Optional<Path> path(Map<String, String> environment) {
        String name = environment.get("WAYLAND_DISPLAY");
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        if (name.startsWith("/")) {
            return Optional.of(Path.of(name));
        }
        String runtime = environment.get("XDG_RUNTIME_DIR");
        return runtime == null || runtime.isBlank() ? Optional.empty() : Optional.of(Path.of(runtime, name));
    }

    /** Whether the path exists and is a socket (the variable alone proves nothing: it may be stale). */
    static boolean listening(Path socket) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(socket, BasicFileAttributes.class);
            return attributes.isOther();
        } catch (java.io.IOException absent) {
            return false;
        }
    }
}
