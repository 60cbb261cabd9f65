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
 * never for a password field), {@code option} (a {@code <select>}'s chosen option), {@code frame} ({@code f1}, … on
 * the document of a same-origin child frame, whose elements are indented below it), {@code offscreen} (a control
 * outside the viewport: an act brings it into view first), {@code row} (the label of the table row of a control whose
 * role and name repeat, such as each row's "Edit"), {@code file_input} (an {@code <input type=file>}, which Chromium
 * calls a button) with {@code files}, the names of the files it holds (a list, empty when none is chosen).
 */
public final class PageObservation {

    private final SemanticObservation observation;
    private final Map<String, Map<String, Object>> states;
    private final String outline;
    private final int part;
    private final int parts;

    PageObservation(ObservedPage page) {
        this.observation = page.observation();
        this.part = page.part();
        this.parts = page.parts();
        Map<String, Map<String, Object>> byTag = new LinkedHashMap<>();
        String origin = null;
        for (SemanticElement element : observation.elements()) {
            ObservedPage.ObservedNode node = page.nodes().get(element.elementId());
            Map<String, Object> states = node == null && page.dialog() != null
                    ? new LinkedHashMap<>(Map.of("dialog", page.dialog().type()))
                    : states(element, node, page.files().get(element.elementId()));
            if (origin == null && states.get("url") instanceof String url) {
                // the document's own URL (e1) gives the origin that same-origin links are written without
                origin = origin(url);
            } else if (origin != null && states.get("url") instanceof String url && url.startsWith(origin + "/")) {
                states.put("url", url.substring(origin.length()));
            }
            byTag.put(element.tag(), java.util.Collections.unmodifiableMap(states));
        }
        this.states = java.util.Collections.unmodifiableMap(byTag);
        this.outline = PageOutline.write(observation, states, part, parts);
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

    private static Map<String, Object> states(
            SemanticElement element, ObservedPage.ObservedNode node, java.util.List<String> files) {
        Map<String, Object> states = new LinkedHashMap<>();
        if (node.frame().index() > 0 && element.role().equals("RootWebArea")) {
            // a child frame's document names its frame: everything indented below it lives there
            states.put("frame", "f" + node.frame().index());
        }
        states.putAll(node.states().set());
        if (!element.actionability().enabled()) {
            states.put("disabled", true);
        }
        if (node.value().length() >= 0) {
            states.put("value_length", node.value().length());
        }
        if (node.value().option() != null) {
            states.put("option", node.value().option());
        }
        if (node.fileInput()) {
            // Chromium calls a file input a button: it is one that takes files (act upload), holding these names
            states.put("file_input", true);
            if (files != null) {
                states.put("files", files);
            }
        }
        if (node.row() != null) {
            // a repeated control ("Edit" in every row) is told apart by its row, even where the row is in another part
            states.put("row", node.row());
        }
        if (node.offscreen()
                && (element.actionability().invokable()
                        || element.actionability().editable())) {
            // not covered: an act brings it into view itself
            states.put("offscreen", true);
        }
        return states;
    }

    /**
     * Which part of the page's elements this is, from 0 (see
     * {@link CdpExecutor#observePage(org.praefectus.api.executor.CancellationToken, long, int)}).
     */
    public int part() {
        return part;
    }

    /** How many parts the page's elements took when this part was read: 1 when this observation holds them all. */
    public int parts() {
        return parts;
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
     * The outline's line of the element with this tag, without its indentation (for example
     * {@code - button "Edit 1742" [e4711] [offscreen] [row="1742 Grace"]}), or empty when no element has it: what a
     * host shows of the elements it picked out of a large page.
     */
    public java.util.Optional<String> line(String tag) {
        return observation.elements().stream()
                .filter(element -> element.tag().equals(tag))
                .findFirst()
                .map(element -> PageOutline.line(element, state(tag)));
    }

    /**
     * The outline: one line per element, indented by nesting, {@code - role "name" [tag] [state…]}, for example
     * {@code - button "Sign in" [e7]} or {@code - heading "Orders" [e2] [level=2]}.
     */
    public String outline() {
        return outline;
    }
}
