package org.praefectus.linux.profile;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.ProfileInfo;
import org.praefectus.api.selector.Selector;

/**
 * One {@code desktop-profile.v1}: an application by name and aliases, how it is launched, which windows are its
 * own, and its named targets, each a strict selector inside those windows with the helper verbs it supports.
 *
 * @param app        the profile's name ({@code text-editor})
 * @param windowApp  what {@code --app} matches in the window list: a {@code WM_CLASS} instance or a title part
 * @param source     {@code builtin}, or the file an external profile came from
 */
public record DesktopProfile(
        String app,
        List<String> aliases,
        List<String> desktopIds,
        String command,
        List<String> args,
        String windowApp,
        Map<String, Target> targets,
        String source) {

    /** The helper verbs a target can support. */
    public static final Set<String> VERBS = Set.of("locate", "click", "drag", "type-into", "assert", "focus");

    public DesktopProfile {
        aliases = List.copyOf(aliases);
        desktopIds = List.copyOf(desktopIds);
        args = List.copyOf(args);
        targets = Map.copyOf(targets);
    }

    /**
     * @param selectorText the selector as the profile wrote it (shown by {@code desktop profiles})
     * @param supports     a subset of {@link #VERBS}
     */
    public record Target(
            String name, String description, String selectorText, Selector selector, List<String> supports) {
        public Target {
            supports = List.copyOf(supports);
        }
    }

    /** Whether {@code name} is this profile's name or one of its aliases (ignoring case). */
    public boolean answersTo(String name) {
        if (app.equalsIgnoreCase(name)) {
            return true;
        }
        return aliases.stream().anyMatch(alias -> alias.equalsIgnoreCase(name));
    }

    /** This profile as the typed listing shows it, with {@code availability} or {@code null}. */
    ProfileInfo info(ProfileInfo.Availability availability) {
        return new ProfileInfo(
                app,
                aliases,
                desktopIds,
                command,
                args,
                windowApp,
                targets.values().stream()
                        .map(t -> new ProfileInfo.Target(t.name(), t.description(), t.selectorText(), t.supports()))
                        .toList(),
                source,
                availability);
    }
}
