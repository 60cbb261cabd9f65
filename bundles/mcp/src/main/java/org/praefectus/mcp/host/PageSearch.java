package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.cdp.PageObservation;

/**
 * Reads a browser page part by part from {@code fromPart} until a part holds elements a {@link PageQuery} matches, or
 * the page has no more parts: so a model finds "Edit 1742" of a 2,000-row table without reading its outline. The
 * part read last becomes the session's current observation (it is the executor's latest, which {@code act} fences
 * against), so the tags found are the ones {@code act} takes.
 */
final class PageSearch {

    /**
     * The part read last and what matched in it.
     *
     * @param read    how many parts were read
     */
    record Found(PageObservation observation, List<SemanticElement> matches, int read) {

        /** The matches' outline lines and tags (static text has no tag: it is not acted on), at most {@code max}. */
        List<Map<String, Object>> lines(int max) {
            return matches.stream()
                    .limit(max)
                    .map(element -> {
                        Map<String, Object> line = new LinkedHashMap<>();
                        line.put("tag", element.role().equals("StaticText") ? null : element.tag());
                        line.put("role", element.role());
                        line.put("name", element.name());
                        line.put("line", observation.line(element.tag()).orElse(""));
                        return line;
                    })
                    .toList();
        }

        /** The lines as the text block: the outline's, and which part of how many they are in. */
        String text(int max) {
            StringBuilder out = new StringBuilder();
            lines(max).forEach(line -> out.append(line.get("line")).append('\n'));
            if (observation.parts() > 1) {
                out.append("- [part ")
                        .append(observation.part() + 1)
                        .append(" of ")
                        .append(observation.parts())
                        .append("]\n");
            }
            return out.toString();
        }
    }

    private final PageObserver page;
    private final SessionObservations observations;

    PageSearch(PageObserver page, SessionObservations observations) {
        this.page = page;
        this.observations = observations;
    }

    /** Waits for the page to change after the last part read ({@link PageObserver#awaitChange}). */
    boolean awaitChange(long quietMs, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return page.awaitChange(quietMs, cancellation, deadlineAtMs);
    }

    /**
     * Reads parts from {@code fromPart} until one has a match (or none is left).
     *
     * @throws ExecutorException when a part cannot be observed ({@code invalid_request}: the page has no such part)
     */
    Found search(PageQuery query, int fromPart, String session, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        int part = fromPart;
        int read = 0;
        while (true) {
            PageObservation observed = page.observe(part, cancellation, deadlineAtMs);
            read++;
            observations.setCurrent(session, observed.observation(), PageObserveTool.facts(observed));
            List<SemanticElement> matches = observed.observation().elements().stream()
                    .filter(query::matches)
                    .toList();
            if (!matches.isEmpty() || part + 1 >= observed.parts()) {
                return new Found(observed, matches, read);
            }
            part++;
        }
    }
}
