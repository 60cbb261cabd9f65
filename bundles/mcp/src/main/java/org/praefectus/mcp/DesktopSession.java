package org.praefectus.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The user's desktop session when the server was started without it. MCP clients launch servers with a minimal
 * environment (no {@code DISPLAY}, no {@code DBUS_SESSION_BUS_ADDRESS}); the session is then found, in order:
 * the process's own environment; the environment of the nearest ancestor process that has the variable (the
 * client itself usually runs in the session); the uid's {@code /run/user/UID/bus}; for the display, the one
 * value every other process of this user agrees on, or the only X socket in {@code /tmp/.X11-unix} — those two
 * never in a Wayland session (its own environment says so), where such a display is Xwayland's or another
 * desktop's. Only this user's processes are read (the kernel refuses others' environments anyway).
 *
 * @param display        the X display, or empty
 * @param displaySource  where it was found ({@code environment}, {@code parent_process}, {@code user_process},
 *                       {@code x11_socket}) or {@code not_found}
 * @param sessionBus     the session bus address, or empty
 * @param sessionBusSource where it was found ({@code environment}, {@code parent_process}, {@code user_runtime_dir})
 *                       or {@code not_found}
 */
public record DesktopSession(
        Optional<String> display, String displaySource, Optional<String> sessionBus, String sessionBusSource) {

    static final String NOT_FOUND = "not_found";

    /** Discovers the session for this process. */
    static DesktopSession discover() {
        return discover(System.getenv(), ProcessHandle.current(), Path.of("/"));
    }

    static DesktopSession discover(Map<String, String> environment, ProcessHandle self, Path root) {
        String[] display = find("DISPLAY", environment, self, root);
        String[] bus = find("DBUS_SESSION_BUS_ADDRESS", environment, self, root);
        if (bus == null) {
            Path socket = root.resolve("run/user/" + uid(root, self.pid()) + "/bus");
            if (Files.exists(socket)) {
                bus = new String[] {"unix:path=" + socket, "user_runtime_dir"};
            }
        }
        // in a Wayland session another process's X display is Xwayland's or a foreign server's, never this session
        boolean wayland = "wayland".equalsIgnoreCase(environment.getOrDefault("XDG_SESSION_TYPE", ""))
                || !environment.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
        if (display == null && !wayland) {
            display = agreedByUserProcesses("DISPLAY", root, self.pid());
        }
        if (display == null && !wayland) {
            display = onlyX11Socket(root);
        }
        return new DesktopSession(
                Optional.ofNullable(display).map(d -> d[0]),
                display == null ? NOT_FOUND : display[1],
                Optional.ofNullable(bus).map(b -> b[0]),
                bus == null ? NOT_FOUND : bus[1]);
    }

    /** Whether anything was found somewhere other than the process's own environment. */
    boolean discoveredElsewhere() {
        return (display.isPresent() && !displaySource.equals("environment"))
                || (sessionBus.isPresent() && !sessionBusSource.equals("environment"));
    }

    /** The doctor-style fields {@code capabilities} reports. */
    public Map<String, Object> report() {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put(
                "display", Map.of("found", display.isPresent(), "value", display.orElse(""), "source", displaySource));
        report.put(
                "session_bus",
                Map.of("found", sessionBus.isPresent(), "value", sessionBus.orElse(""), "source", sessionBusSource));
        return report;
    }

    private static String[] find(String name, Map<String, String> environment, ProcessHandle self, Path root) {
        String own = environment.get(name);
        if (own != null && !own.isBlank()) {
            return new String[] {own, "environment"};
        }
        Optional<ProcessHandle> parent = self.parent();
        for (int depth = 0; parent.isPresent() && depth < 32; depth++) {
            String value = environ(root, parent.get().pid()).get(name);
            if (value != null && !value.isBlank()) {
                return new String[] {value, "parent_process"};
            }
            parent = parent.get().parent();
        }
        return null;
    }

    private static String[] agreedByUserProcesses(String name, Path root, long self) {
        String uid = uid(root, self);
        TreeSet<String> values = new TreeSet<>();
        try (Stream<Path> processes = Files.list(root.resolve("proc"))) {
            processes
                    .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p ->
                            uid.equals(uid(root, Long.parseLong(p.getFileName().toString()))))
                    .map(p -> environ(root, Long.parseLong(p.getFileName().toString()))
                            .get(name))
                    .filter(v -> v != null && !v.isBlank())
                    .forEach(values::add);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return values.size() == 1 ? new String[] {values.first(), "user_process"} : null;
    }

    private static String[] onlyX11Socket(Path root) {
        try (Stream<Path> sockets = Files.list(root.resolve("tmp/.X11-unix"))) {
            var names = sockets.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("X[0-9]+"))
                    .toList();
            return names.size() == 1 ? new String[] {":" + names.get(0).substring(1), "x11_socket"} : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A process's environment; empty when it cannot be read (another user's, or gone). */
    static Map<String, String> environ(Path root, long pid) {
        Map<String, String> variables = new LinkedHashMap<>();
        try {
            String text =
                    new String(Files.readAllBytes(root.resolve("proc/" + pid + "/environ")), StandardCharsets.UTF_8);
            for (String entry : text.split("\0")) {
                int eq = entry.indexOf('=');
                if (eq > 0) {
                    variables.put(entry.substring(0, eq), entry.substring(eq + 1));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // not ours to read
        }
        return variables;
    }

    /** The real uid of a process from {@code /proc/PID/status}, or "" when unknown. */
    static String uid(Path root, long pid) {
        try {
            for (String line : Files.readAllLines(root.resolve("proc/" + pid + "/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.substring(4).trim().split("\\s+")[0];
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // gone
        }
        return "";
    }
}
