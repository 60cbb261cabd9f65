package org.praefectus.mcp.host;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * The observations tags refer to, per MCP session: the session's current one ({@code observe}; {@code act}
 * and the input tools' {@code tag} without {@code observation_id} use it) and the ones {@code find_elements}
 * returned elements from, by id. Another session never reaches them. Bounded: the oldest are forgotten.
 */
final class SessionObservations {

    /**
     * An observation and the surface it was taken of ({@code ""}: the active one).
     *
     * @param page what browser mode's observation said beyond the protocol's, or {@code null} on the desktop
     */
    record Observed(SemanticObservation observation, String surface, PageFacts page) {
        Observed(SemanticObservation observation, String surface) {
            this(observation, surface, null);
        }

        /** The kind of the page's JavaScript dialog this observation shows alone, or {@code null}. */
        String dialog() {
            return page == null ? null : page.dialog();
        }
    }

    /**
     * What a browser page's observation says beyond the protocol's elements.
     *
     * @param part      which part of the page it is (a re-fence reads the same part)
     * @param dialog    the kind of the JavaScript dialog it shows alone ({@code alert}, {@code confirm},
     *     {@code prompt}, {@code beforeunload}), or {@code null}
     * @param offscreen the tags of controls outside the viewport (an act brings them into view; the others that
     *     receive no events are covered)
     * @param fileInputs the tags of file inputs (the only targets of an upload)
     */
    record PageFacts(int part, String dialog, java.util.Set<String> offscreen, java.util.Set<String> fileInputs) {
        PageFacts {
            offscreen = java.util.Set.copyOf(offscreen);
            fileInputs = java.util.Set.copyOf(fileInputs);
        }
    }

    private final Map<String, Observed> current = bounded(64);
    private final Map<String, Observed> byId = bounded(512);

    void setCurrent(String session, SemanticObservation observation, String surface) {
        current.put(session, new Observed(observation, surface == null ? "" : surface));
    }

    /** A browser page's observation, with what it says beyond the protocol's elements. */
    void setCurrent(String session, SemanticObservation observation, PageFacts page) {
        current.put(session, new Observed(observation, "", page));
    }

    /**
     * After a re-fence: the session's current observation is the fresh one, of the same surface (or page part; its
     * facts are the fresh reading's, {@code null} when it has none).
     */
    void replaceCurrent(String session, SemanticObservation observation, PageFacts page) {
        Observed was = current.get(session);
        current.put(session, new Observed(observation, was == null ? "" : was.surface(), page));
    }

    /** The session has no current observation (its page changed: a tab was selected or closed). */
    void forgetCurrent(String session) {
        current.remove(session);
    }

    Optional<Observed> current(String session) {
        return Optional.ofNullable(current.get(session));
    }

    void remember(String session, SemanticObservation observation, String surface) {
        byId.put(key(session, observation.observationId()), new Observed(observation, surface));
    }

    Optional<Observed> find(String session, String observationId) {
        return Optional.ofNullable(byId.get(key(session, observationId)));
    }

    private static String key(String session, String observationId) {
        return session + '\u0000' + observationId;
    }

    private static <V> Map<String, V> bounded(int capacity) {
        return Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        });
    }
}
