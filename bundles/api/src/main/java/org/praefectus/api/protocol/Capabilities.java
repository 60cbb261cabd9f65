package org.praefectus.api.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What an executor reports about itself before anything runs: the platform and backend, the session
 * isolation the host configured, the actions it can dispatch and the permissions the platform granted.
 *
 * @param platform            operating system or browser family, for example {@code linux}
 * @param backend             the backend that produces observations and effects, for example {@code atspi2}
 * @param sessionIsolation    the isolation the host configured for this executor
 * @param supportedActions    the action kinds the executor dispatches, in {@code actionCapabilities} order
 * @param actionCapabilities  route and background support per supported action
 * @param permissions         platform permissions and facts by name, sorted by name
 * @param displayGeometryHash hash of the display topology the executor observes, empty when there is none
 */
public record Capabilities(
        @JsonProperty("platform") String platform,
        @JsonProperty("backend") String backend,
        @JsonProperty("session_isolation") SessionIsolation sessionIsolation,
        @JsonProperty("supported_actions") List<String> supportedActions,
        @JsonProperty("action_capabilities") List<ActionCapability> actionCapabilities,
        @JsonProperty("permissions") SortedMap<String, Boolean> permissions,
        @JsonProperty("display_geometry_hash") String displayGeometryHash) {

    public Capabilities {
        requireNonNull(platform, "platform");
        requireNonNull(backend, "backend");
        requireNonNull(sessionIsolation, "session_isolation");
        supportedActions = List.copyOf(supportedActions);
        actionCapabilities = List.copyOf(actionCapabilities);
        permissions = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(permissions));
        requireNonNull(displayGeometryHash, "display_geometry_hash");
        List<String> advertised =
                actionCapabilities.stream().map(ActionCapability::action).toList();
        if (!advertised.equals(supportedActions)) {
            throw new IllegalArgumentException("supported_actions must list exactly the action_capabilities");
        }
    }

    /** Capabilities whose supported actions are derived from the action capabilities. */
    public static Capabilities of(
            String platform,
            String backend,
            SessionIsolation sessionIsolation,
            List<ActionCapability> actionCapabilities,
            Map<String, Boolean> permissions,
            String displayGeometryHash) {
        return new Capabilities(
                platform,
                backend,
                sessionIsolation,
                actionCapabilities.stream().map(ActionCapability::action).toList(),
                actionCapabilities,
                new TreeMap<>(permissions),
                displayGeometryHash);
    }
}
