package org.praefectus.linux;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.linux.wayland.WaylandProbe;
import org.praefectus.linux.x11.SessionType;

/**
 * Probes the X server and the session bus and reports them as {@link Capabilities}. Every fact is read
 * live; nothing is assumed from the environment variables alone.
 */
final class LinuxFacts {

    static final String PLATFORM = "linux";
    static final String BACKEND = "atspi2";

    private final X11Probe x11;
    private final AtspiBusProbe atspi;
    private final WaylandProbe wayland = new WaylandProbe();

    LinuxFacts(X11Probe x11, AtspiBusProbe atspi) {
        this.x11 = x11;
        this.atspi = atspi;
    }

    /**
     * @param environment the process environment
     * @param actions     what the executor can dispatch now (empty when no executor is active)
     */
    Capabilities capabilities(LinuxEnvironment environment, List<ActionCapability> actions) {
        Optional<X11Display> display = x11.probe(environment.display());
        boolean atspiBus =
                atspi.accessibilityBusAddress(environment.sessionBusAddress()).isPresent();

        TreeMap<String, Boolean> permissions = new TreeMap<>();
        permissions.put("x11_display", display.isPresent());
        for (String extension : X11Probe.EXTENSIONS) {
            permissions.put(
                    "x11_" + extension.toLowerCase(java.util.Locale.ROOT),
                    display.map(d -> d.has(extension)).orElse(false));
        }
        permissions.put("atspi_bus", atspiBus);
        permissions.put("global_input", environment.allowGlobalInput());
        permissions.put("wayland", environment.sessionType() == SessionType.WAYLAND);
        permissions.putAll(wayland.probe(environment.variables()).permissions());

        return Capabilities.of(
                PLATFORM,
                BACKEND,
                SessionIsolation.SHARED_DESKTOP,
                actions,
                permissions,
                display.map(LinuxFacts::geometryHash).orElse(""));
    }

    /** SHA-256 over the root-window size of every screen, in screen order. */
    static String geometryHash(X11Display display) {
        String geometry = display.screens().stream()
                .map(screen -> screen.width() + "x" + screen.height())
                .collect(Collectors.joining(",", "x11:", ""));
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(geometry.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException everyJavaHasSha256) {
            throw new IllegalStateException(everyJavaHasSha256);
        }
    }
}
