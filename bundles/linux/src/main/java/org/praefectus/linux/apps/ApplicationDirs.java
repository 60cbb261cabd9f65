package org.praefectus.linux.apps;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The XDG Base Directory folders that hold applications ({@code $XDG_DATA_HOME/applications}, then each
 * {@code $XDG_DATA_DIRS} entry's {@code applications}, with the spec's defaults), and the executable search path,
 * both read from the environment the executor was started with, never from the request.
 */
public record ApplicationDirs(List<Path> folders, List<Path> path) {

    public ApplicationDirs {
        folders = List.copyOf(folders);
        path = List.copyOf(path);
    }

    /** The folders and search path of {@code environment}. */
    public static ApplicationDirs of(Map<String, String> environment) {
        List<Path> folders = new ArrayList<>();
        String home = environment.get("XDG_DATA_HOME");
        if (home != null && home.startsWith("/")) {
            folders.add(Path.of(home, "applications"));
        } else if (environment.get("HOME") != null && environment.get("HOME").startsWith("/")) {
            folders.add(Path.of(environment.get("HOME"), ".local", "share", "applications"));
        }
        String dirs = environment.get("XDG_DATA_DIRS");
        for (String dir :
                (dirs == null || dirs.isBlank() ? "/usr/local/share:/usr/share" : dirs).split(File.pathSeparator)) {
            if (dir.startsWith("/")) {
                folders.add(Path.of(dir, "applications"));
            }
        }
        List<Path> path = new ArrayList<>();
        for (String dir :
                environment.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin").split(File.pathSeparator)) {
            if (dir.startsWith("/")) { // a relative entry would depend on the executor's working directory
                path.add(Path.of(dir));
            }
        }
        return new ApplicationDirs(folders, path);
    }

    /** The executable {@code program} names: itself when absolute, else the first on the search path. */
    public Optional<Path> executable(String program) {
        if (program.contains("/")) {
            Path file = Path.of(program);
            return file.isAbsolute() && Files.isExecutable(file) && !Files.isDirectory(file)
                    ? Optional.of(file)
                    : Optional.empty();
        }
        for (Path dir : path) {
            Path file = dir.resolve(program);
            if (Files.isExecutable(file) && !Files.isDirectory(file)) {
                return Optional.of(file);
            }
        }
        return Optional.empty();
    }
}
