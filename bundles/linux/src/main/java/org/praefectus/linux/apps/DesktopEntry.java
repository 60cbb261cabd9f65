package org.praefectus.linux.apps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One application's {@code .desktop} file as the Desktop Entry Specification defines it: the keys of its
 * {@code [Desktop Entry]} group (string escapes undone, localized keys left out), found by its desktop ID in the XDG
 * application folders ({@link ApplicationDirs}). Only what launching needs is read: {@code Type}, {@code Exec},
 * {@code TryExec}, {@code Hidden}, {@code Name}, {@code Icon}, {@code StartupWMClass}.
 *
 * @param id   the desktop ID ({@code org.xfce.mousepad.desktop})
 * @param file where it was found
 * @param keys the group's keys
 */
public record DesktopEntry(String id, Path file, Map<String, String> keys) {

    /** The largest {@code .desktop} file read: real ones are a few KiB, most of it translations. */
    static final long MAX_BYTES = 256 * 1024;

    public DesktopEntry {
        keys = Map.copyOf(keys);
    }

    /**
     * The entry {@code id} names in the first folder that holds it, if it is an application that is not hidden.
     *
     * @throws InvalidEntry the file is there but cannot be read or is not a launchable application
     */
    public static Optional<DesktopEntry> find(String id, ApplicationDirs dirs) throws InvalidEntry {
        if (!isDesktopId(id)) {
            return Optional.empty();
        }
        for (Path folder : dirs.folders()) {
            Path file = folder.resolve(id);
            if (Files.isRegularFile(file)) {
                DesktopEntry entry = read(id, file);
                if (!"Application".equals(entry.keys.get("Type")) || "true".equals(entry.keys.get("Hidden"))) {
                    throw new InvalidEntry(id + " is not a launchable application");
                }
                return Optional.of(entry);
            }
        }
        return Optional.empty();
    }

    /** Whether {@code name} has a desktop ID's form: a file name ending in {@code .desktop}, no folders. */
    public static boolean isDesktopId(String name) {
        return name.endsWith(".desktop")
                && name.length() > ".desktop".length()
                && !name.contains("/")
                && !name.startsWith(".")
                && name.chars().noneMatch(c -> c < 0x20);
    }

    static DesktopEntry read(String id, Path file) throws InvalidEntry {
        List<String> lines;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new InvalidEntry(id + " is larger than " + MAX_BYTES + " bytes");
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InvalidEntry(id + " cannot be read");
        }
        return new DesktopEntry(id, file, group(lines));
    }

    /** The keys of the {@code [Desktop Entry]} group (the first of that name; later ones are an error we ignore). */
    static Map<String, String> group(List<String> lines) throws InvalidEntry {
        Map<String, String> keys = new LinkedHashMap<>();
        boolean inside = false;
        boolean seen = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                inside = !seen && line.equals("[Desktop Entry]");
                seen |= inside;
                continue;
            }
            int equals = line.indexOf('=');
            if (!inside || equals < 1) {
                continue;
            }
            String key = line.substring(0, equals).strip();
            if (key.contains("[")) {
                continue; // a translation: the launch uses the untranslated values
            }
            keys.putIfAbsent(key, unescape(line.substring(equals + 1).strip()));
        }
        if (!seen) {
            throw new InvalidEntry("no [Desktop Entry] group");
        }
        return keys;
    }

    /** The spec's escapes of string values: {@code \s}, {@code \n}, {@code \t}, {@code \r}, {@code \\}. */
    static String unescape(String value) throws InvalidEntry {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i == value.length()) {
                throw new InvalidEntry("a value ends in a lone backslash");
            }
            char next = value.charAt(i);
            switch (next) {
                case 's' -> out.append(' ');
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case '\\' -> out.append('\\');
                // the Exec key's own quoting rule escapes " ` $ with a backslash too: keep them for it
                default -> out.append('\\').append(next);
            }
        }
        return out.toString();
    }

    /** {@code StartupWMClass}, else {@code null}. */
    public String startupWmClass() {
        return keys.get("StartupWMClass");
    }

    /** A {@code .desktop} file that cannot be launched; the message names the ID, never a path or a value. */
    public static final class InvalidEntry extends Exception {
        private static final long serialVersionUID = 1L;

        public InvalidEntry(String message) {
            super(message);
        }
    }
}
