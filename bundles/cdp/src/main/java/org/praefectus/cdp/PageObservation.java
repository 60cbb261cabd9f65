package org.praefectus.cdp;

import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * One observation of the page as a model reads it: the protocol's {@link SemanticObservation} (unchanged, so targets
 * are fenced as before), each element's state as Chromium's accessibility tree reports it, and a compact text
 * outline with the short tags, much smaller than the JSON.
 *
 * <p>States, by tag: {@code checked}, {@code pressed} ({@code "true"}, {@code "false"}, {@code "mixed"}),
 * {@code selected}, {@code expanded}, {@code level} (headings), {@code required}, {@code focused}, {@code modal},
 * {@code url} (links), {@code disabled}, {@code value_length} (UTF-8 bytes of a text field's value; never the value,
 * never for a password field), {@code option} (a {@code <select>}'s chosen option).
 */
public final class PageObservation {

    private final SemanticObservation observation;
    private final Map<String, Map<String, Object>> states;
    private final String outline;

    PageObservation(ObservedPage page) {
        this.observation = page.observation();
        Map<String, Map<String, Object>> byTag = new LinkedHashMap<>();
        String origin = null;
        for (SemanticElement element : observation.elements()) {
            ObservedPage.ObservedNode node = page.nodes().get(element.elementId());
            Map<String, Object> states = states(element, node);
            if (origin == null && states.get("url") instanceof String url) {
                // the document's own URL (e1) gives the origin that same-origin links are written without
                origin = origin(url);
            } else if (origin != null && states.get("url") instanceof String url && url.startsWith(origin + "/")) {
                states.put("url", url.substring(origin.length()));
            }
            byTag.put(element.tag(), java.util.Collections.unmodifiableMap(states));
        }
        this.states = java.util.Collections.unmodifiableMap(byTag);
        this.outline = PageOutline.write(observation, states);
    }

    private static String origin(String url) {
        try {
            java.net.URI uri = java.net.URI.create(url);
            return uri.getScheme() == null || uri.getRawAuthority() == null
                    ? ""
                    : uri.getScheme() + "://" + uri.getRawAuthority();
        } catch (IllegalArgumentException malformed) {
            return "";
        }
    }

    private static Map<String, Object> states(SemanticElement element, ObservedPage.ObservedNode node) {
        Map<String, Object> states = new LinkedHashMap<>(node.states().set());
        if (!element.actionability().enabled()) {
            states.put("disabled", true);
        }
        if (node.value().length() >= 0) {
            states.put("value_length", node.value().length());
        }
        if (node.value().option() != null) {
            states.put("option", node.value().option());
        }
        return states;
    }

    /** The protocol observation: targets come from its {@link SemanticObservation#target(String)}. */
    public SemanticObservation observation() {
        return observation;
    }

    /** The state of the element with this tag (empty when it has none, or no such element). */
    public Map<String, Object> state(String tag) {
        return states.getOrDefault(tag, Map.of());
    }

    /**
     * The outline: one line per element, indented by nesting, {@code - role "name" [tag] [state…]}, for example
     * {@code - button "Sign in" [e7]} or {@code - heading "Orders" [e2] [level=2]}.
     */
    public String outline() {
        return outline;
    }
}
