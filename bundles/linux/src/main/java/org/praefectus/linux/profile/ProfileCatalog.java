package org.praefectus.linux.profile;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.praefectus.api.desktop.ProfileInfo;
import org.praefectus.api.desktop.ProfileListing;
import org.praefectus.api.desktop.ProfileQuery;

/**
 * The profiles this runtime knows: the built-ins (a text editor and a drawing app Debian ships: Mousepad and
 * Drawing) and the {@code *.json} files of each {@code PEEKABOOX_DESKTOP_PROFILE_PATH} entry (a folder or a
 * file), read at construction. An external profile of the same name replaces the built-in; a file that does not
 * parse is left out and named in {@link #warnings()}.
 */
public final class ProfileCatalog {

    static final List<String> BUILTINS = List.of("text-editor.json", "drawing.json");
    public static final String PATH_VARIABLE = "PEEKABOOX_DESKTOP_PROFILE_PATH";

    private final Map<String, DesktopProfile> profiles = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, String> environment;

    public ProfileCatalog(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        for (String builtin : BUILTINS) {
            try (InputStream in = ProfileCatalog.class.getResourceAsStream(builtin)) {
                DesktopProfile profile = ProfileParser.parse(in.readAllBytes(), "builtin");
                profiles.put(profile.app(), profile);
            } catch (IOException | ProfileParser.InvalidProfile e) {
                throw new IllegalStateException("the built-in profile " + builtin + " is broken", e);
            }
        }
        String path = environment.get(PATH_VARIABLE);
        if (path != null && !path.isBlank()) {
            for (String entry : path.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    load(Path.of(entry));
                }
            }
        }
    }

    private void load(Path entry) {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(entry)) {
            try (Stream<Path> listing = Files.list(entry)) {
                listing.filter(p -> p.getFileName().toString().endsWith(".json"))
                        .sorted()
                        .forEach(files::add);
            } catch (IOException | UncheckedIOException e) {
                warnings.add("a profile folder cannot be read");
                return;
            }
        } else if (Files.isRegularFile(entry)) {
            files.add(entry);
        } else {
            warnings.add("a " + PATH_VARIABLE + " entry does not exist");
            return;
        }
        for (Path file : files) {
            try {
                if (Files.size(file) > ProfileParser.MAX_BYTES) {
                    warnings.add(file.getFileName() + ": larger than " + ProfileParser.MAX_BYTES + " bytes");
                    continue;
                }
                DesktopProfile profile = ProfileParser.parse(Files.readAllBytes(file), file.toString());
                profiles.put(profile.app(), profile);
            } catch (IOException e) {
                warnings.add(file.getFileName() + ": cannot be read");
            } catch (ProfileParser.InvalidProfile e) {
                warnings.add(file.getFileName() + ": " + e.getMessage());
            }
        }
    }

    public List<DesktopProfile> all() {
        return List.copyOf(profiles.values());
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** The profile named {@code app} or with it as an alias. */
    public Optional<DesktopProfile> find(String app) {
        return profiles.values().stream().filter(p -> p.answersTo(app)).findFirst();
    }

    /** Whether the launch command is an executable on {@code PATH} (or the absolute path it names). */
    public boolean installed(DesktopProfile profile) {
        String command = profile.command();
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        for (String directory : environment.getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!directory.isBlank() && Files.isExecutable(Path.of(directory, command))) {
                return true;
            }
        }
        return false;
    }

    /** The desktop ids found in the XDG applications folders. */
    public List<String> desktopIdsFound(DesktopProfile profile) {
        String dirs = environment.getOrDefault("XDG_DATA_DIRS", "/usr/local/share:/usr/share");
        List<String> found = new ArrayList<>();
        for (String id : profile.desktopIds()) {
            for (String dir : dirs.split(File.pathSeparator)) {
                if (!dir.isBlank() && Files.isRegularFile(Path.of(dir, "applications", id))) {
                    found.add(id);
                    break;
                }
            }
        }
        return found;
    }

    /** A profile as the typed listing shows it, with its availability when {@code check} is set. */
    public ProfileInfo info(DesktopProfile profile, boolean check) {
        return profile.info(check ? new ProfileInfo.Availability(installed(profile), desktopIdsFound(profile)) : null);
    }

    /** The profiles {@code query} selects, and this catalogue's warnings. */
    public ProfileListing list(ProfileQuery query) {
        List<ProfileInfo> listed = new ArrayList<>();
        for (DesktopProfile profile : all()) {
            if (query.app() != null && !profile.answersTo(query.app())) {
                continue;
            }
            if (query.target() != null && !profile.targets().containsKey(query.target())) {
                continue;
            }
            if (query.command() != null && !profile.command().equals(query.command())) {
                continue;
            }
            if (query.desktopId() != null && !profile.desktopIds().contains(query.desktopId())) {
                continue;
            }
            if (query.supports() != null
                    && profile.targets().values().stream()
                            .filter(t -> query.target() == null || t.name().equals(query.target()))
                            .noneMatch(t -> t.supports().contains(query.supports()))) {
                continue;
            }
            ProfileInfo info = info(profile, query.checks());
            if (query.installed() && !info.availability().installed()) {
                continue;
            }
            if (query.available() && !info.availability().available()) {
                continue;
            }
            listed.add(info);
        }
        return new ProfileListing(listed, warnings());
    }
}
