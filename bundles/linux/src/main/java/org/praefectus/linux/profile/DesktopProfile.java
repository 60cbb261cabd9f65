package org.praefectus.linux.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("schema_version", ProfileParser.SCHEMA_VERSION);
        json.put("app", app);
        json.put("aliases", aliases);
        json.put("desktop_ids", desktopIds);
        List<String> full = new ArrayList<>();
        full.add(command);
        full.addAll(args);
        json.put("launch", Map.of("command", command, "args", args, "argv", full));
        json.put("window", Map.of("app", windowApp));
        Map<String, Object> list = new LinkedHashMap<>();
        targets.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).forEach(target -> {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("description", target.description());
            t.put("selector", target.selectorText());
            t.put("supports", target.supports());
            list.put(target.name(), t);
        });
        json.put("targets", list);
        json.put("source", source);
        return json;
    }
}
