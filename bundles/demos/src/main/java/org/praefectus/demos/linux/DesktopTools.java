package org.praefectus.demos.linux;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The programs the demo starts, each with the Debian package that brings it, so a machine without one is told
 * exactly what to install before anything starts (a missing Xvfb used to cost 22 s and say only "could not run").
 */
final class DesktopTools {

    /** A program looked up on {@code PATH} (or at an absolute path) and the Debian 12 package that has it. */
    record Tool(String program, String debianPackage) {}

    /** What the demo always starts: its window. */
    static final List<Tool> WINDOW = List.of(new Tool("zenity", "zenity"));

    /** What the private desktop starts when the process has no display (TEST-DESKTOP.md's recipe). */
    static final List<Tool> PRIVATE_DESKTOP = List.of(
            new Tool("Xvfb", "xvfb"),
            new Tool("dbus-daemon", "dbus-daemon"),
            new Tool("gdbus", "libglib2.0-bin"),
            new Tool("/usr/libexec/at-spi-bus-launcher", "at-spi2-core"),
            new Tool("openbox", "openbox"),
            new Tool("xprop", "x11-utils"));

    private DesktopTools() {}

    /** The tools of {@code wanted} that {@code environment}'s {@code PATH} does not lead to, in order. */
    static List<Tool> missing(List<Tool> wanted, Map<String, String> environment) {
        String path = environment.getOrDefault("PATH", "");
        List<Tool> missing = new ArrayList<>();
        for (Tool tool : wanted) {
            if (!found(tool.program(), path)) {
                missing.add(tool);
            }
        }
        return missing;
    }

    /**
     * The refusal naming every missing program and the one command that installs them all, e.g. {@code
     * "missing programs: Xvfb (Debian package xvfb), zenity (Debian package zenity); install them with: sudo apt-get install
     * --no-install-recommends xvfb zenity"}.
     */
    static String message(List<Tool> missing) {
        List<String> named = new ArrayList<>();
        Set<String> packages = new LinkedHashSet<>();
        for (Tool tool : missing) {
            String program = Path.of(tool.program()).getFileName().toString();
            named.add(program + " (Debian package " + tool.debianPackage() + ")");
            packages.add(tool.debianPackage());
        }
        return "missing programs: " + String.join(", ", named)
                + "; install them with: sudo apt-get install --no-install-recommends " + String.join(" ", packages);
    }

    private static boolean found(String program, String path) {
        if (program.startsWith("/")) {
            return Files.isExecutable(Path.of(program));
        }
        for (String directory : path.split(File.pathSeparator)) {
            if (!directory.isBlank() && Files.isExecutable(Path.of(directory, program))) {
                return true;
            }
        }
        return false;
    }
}
