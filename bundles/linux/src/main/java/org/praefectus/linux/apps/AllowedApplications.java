package org.praefectus.linux.apps;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.linux.profile.DesktopProfile;
import org.praefectus.linux.profile.ProfileCatalog;

/**
 * The applications an {@code application} action may name, and nothing else: a desktop profile (by its name or an
 * alias: its {@code launch} command and arguments) or a desktop ID found in the XDG application folders (its
 * {@code Exec} line, {@link ExecLine}). The name is never a command: a name that is neither is refused, so a model
 * cannot start an arbitrary program. Profiles and folders come from the environment the executor was started with.
 */
public final class AllowedApplications {

    private final ProfileCatalog profiles;
    private final ApplicationDirs dirs;

    public AllowedApplications(Map<String, String> environment) {
        this.profiles = new ProfileCatalog(environment);
        this.dirs = ApplicationDirs.of(environment);
    }

    /**
     * The application {@code name} names.
     *
     * @throws Refusal {@code application_not_allowed} for a name that is no profile and no desktop ID found here,
     *                 {@code application_unavailable} for a desktop file that cannot be launched
     */
    public Launchable resolve(String name) throws Refusal {
        Optional<DesktopProfile> profile = profiles.find(name);
        if (profile.isPresent()) {
            DesktopProfile p = profile.get();
            // its window names: the profile's own, and the program's (they are often the same)
            Set<String> windowApps = new HashSet<>(List.of(p.windowApp(), program(p.command())));
            List<String> argv = new ArrayList<>();
            dirs.executable(p.command()).ifPresent(file -> {
                argv.add(file.toString());
                argv.addAll(p.args());
            });
            return new Launchable(name, argv, windowApps);
        }
        Optional<DesktopEntry> entry;
        try {
            entry = DesktopEntry.find(name, dirs);
            if (entry.isEmpty()) {
                throw new Refusal(
                        "application_not_allowed",
                        "only a desktop profile (desktop profiles) or a desktop ID in the XDG application folders can"
                                + " be named");
            }
            List<String> exec = ExecLine.argv(entry.get());
            Set<String> windowApps = new HashSet<>(Set.of(program(exec.get(0))));
            if (entry.get().startupWmClass() != null
                    && !entry.get().startupWmClass().isBlank()) {
                windowApps.add(entry.get().startupWmClass());
            }
            List<String> argv = new ArrayList<>();
            String tryExec = entry.get().keys().get("TryExec");
            boolean installed = tryExec == null || dirs.executable(tryExec).isPresent();
            Optional<Path> program = dirs.executable(exec.get(0));
            if (installed && program.isPresent()) {
                argv.add(program.get().toString());
                argv.addAll(exec.subList(1, exec.size()));
            }
            return new Launchable(name, argv, windowApps);
        } catch (DesktopEntry.InvalidEntry e) {
            throw new Refusal("application_unavailable", e.getMessage());
        }
    }

    private static String program(String command) {
        return Path.of(command).getFileName().toString();
    }

    /** Why a name cannot be launched: a typed code and a fixed text naming no path. */
    public static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;
        private final String code;

        public Refusal(String code, String message) {
            super(message);
            this.code = code;
        }

        public String code() {
            return code;
        }
    }
}
