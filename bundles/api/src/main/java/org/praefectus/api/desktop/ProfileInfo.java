package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code desktop-profile.v1} profile as {@code desktop profiles} lists it.
 *
 * @param app          the profile's name ({@code text-editor})
 * @param aliases      other names it answers to
 * @param desktopIds   its {@code .desktop} IDs
 * @param command      its launch command
 * @param args         the command's arguments
 * @param windowApp    what its windows' app matches (a {@code WM_CLASS} instance or a title part)
 * @param targets      its targets, by name
 * @param source       {@code builtin}, or the file it came from
 * @param availability whether it can be launched here, or {@code null} when not checked
 */
@JsonPropertyOrder({
    "schema_version",
    "app",
    "aliases",
    "desktop_ids",
    "launch",
    "window",
    "targets",
    "source",
    "installed",
    "desktop_ids_found",
    "available"
})
public record ProfileInfo(
        @JsonProperty("app") String app,
        @JsonProperty("aliases") List<String> aliases,
        @JsonProperty("desktop_ids") List<String> desktopIds,
        @JsonIgnore String command,
        @JsonIgnore List<String> args,
        @JsonIgnore String windowApp,
        @JsonIgnore List<Target> targets,
        @JsonProperty("source") String source,
        @JsonIgnore Availability availability) {

    /** The profile format's version. */
    public static final String SCHEMA_VERSION = "desktop-profile.v1";

    public ProfileInfo {
        aliases = List.copyOf(aliases);
        desktopIds = List.copyOf(desktopIds);
        args = List.copyOf(args);
        targets = targets.stream().sorted(Comparator.comparing(Target::name)).toList();
    }

    /**
     * A profile target: a strict selector inside the profile's windows and the helper verbs it supports
     * ({@code locate}, {@code click}, {@code drag}, {@code type-into}, {@code assert}, {@code focus}).
     */
    public record Target(String name, String description, String selector, List<String> supports) {
        public Target {
            supports = List.copyOf(supports);
        }
    }

    /**
     * Whether the profile can be launched here.
     *
     * @param installed       whether its launch command is an executable on {@code PATH}
     * @param desktopIdsFound its desktop IDs found in the XDG applications folders
     */
    public record Availability(boolean installed, List<String> desktopIdsFound) {
        public Availability {
            desktopIdsFound = List.copyOf(desktopIdsFound);
        }

        public boolean available() {
            return installed || !desktopIdsFound.isEmpty();
        }
    }

    /** The target of this name, or {@code null}. */
    public Target target(String name) {
        return targets.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    @JsonProperty("schema_version")
    String schemaVersion() {
        return SCHEMA_VERSION;
    }

    @JsonProperty("launch")
    Map<String, Object> launch() {
        List<String> argv = new ArrayList<>();
        argv.add(command);
        argv.addAll(args);
        Map<String, Object> launch = new LinkedHashMap<>();
        launch.put("command", command);
        launch.put("args", args);
        launch.put("argv", argv);
        return launch;
    }

    @JsonProperty("window")
    Map<String, Object> window() {
        return Map.of("app", windowApp);
    }

    @JsonProperty("targets")
    Map<String, Object> targetsJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        for (Target target : targets) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("description", target.description());
            fields.put("selector", target.selector());
            fields.put("supports", target.supports());
            json.put(target.name(), fields);
        }
        return json;
    }

    @JsonProperty("installed")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    Boolean installedJson() {
        return availability == null ? null : availability.installed();
    }

    @JsonProperty("desktop_ids_found")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    List<String> desktopIdsFoundJson() {
        return availability == null ? null : availability.desktopIdsFound();
    }

    @JsonProperty("available")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    Boolean availableJson() {
        return availability == null ? null : availability.available();
    }
}
