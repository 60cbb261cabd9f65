package org.praefectus.mcp.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.selector.ReadBack;

/**
 * What an {@code act} on the desktop changed (#36 "act results carry the changed part of the observation"): every
 * element of the observation it acted on is read back before the action and again after it succeeded; the result's
 * {@code changes} lists the elements whose read-back differs (with what they hold now) and those gone since, so an
 * agent sees the effect without observing again. A page observation, or a host without a desktop service, has none.
 */
final class ActChanges {

    /** The most changed (and, apart, gone) elements a result lists; {@code truncated} says when there were more. */
    static final int MAX_LISTED = 64;

    private final HostServices services;

    ActChanges(HostServices services) {
        this.services = services;
    }

    /** What the acted-on observation's elements held before the action. */
    record Before(SemanticObservation observation, Map<String, ReadBack> readBacks) {}

    /** Reads the current desktop observation back; empty on a page, without a desktop service, or when it cannot. */
    Optional<Before> before(Optional<SessionObservations.Observed> observed) {
        if (observed.isEmpty() || observed.get().page() != null) {
            return Optional.empty();
        }
        SemanticObservation observation = observed.get().observation();
        return read(observation).map(readBacks -> new Before(observation, readBacks));
    }

    /** {@code result} with the changes since {@code before} when it is a success that ran now (not a replay). */
    ToolResult after(ToolResult result, Optional<Before> before) {
        if (before.isEmpty()
                || result.error()
                || Boolean.TRUE.equals(result.structured().get("replayed"))) {
            return result;
        }
        Map<String, Object> body = new LinkedHashMap<>(result.structured());
        body.put(
                "changes",
                read(before.get().observation())
                        .map(now ->
                                diff(before.get().observation(), before.get().readBacks(), now))
                        .orElse(Map.of("unavailable", true)));
        return new ToolResult(false, body, result.pngBase64(), result.text());
    }

    private Optional<Map<String, ReadBack>> read(SemanticObservation observation) {
        Optional<DesktopService> desktop = services.desktop();
        if (desktop.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(desktop.get()
                    .readBack(
                            observation.observationId(),
                            observation.elements().stream()
                                    .map(SemanticElement::tag)
                                    .toList(),
                            new CancellationToken()));
        } catch (DesktopException e) {
            return Optional.empty();
        }
    }

    /** The elements whose read-back differs, in the observation's order, and the tags read before but not after. */
    static Map<String, Object> diff(
            SemanticObservation observation, Map<String, ReadBack> before, Map<String, ReadBack> after) {
        List<Object> changed = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        boolean truncated = false;
        for (SemanticElement element : observation.elements()) {
            ReadBack was = before.get(element.tag());
            ReadBack now = after.get(element.tag());
            if (was != null && now == null) {
                truncated |= gone.size() == MAX_LISTED;
                if (gone.size() < MAX_LISTED) {
                    gone.add(element.tag());
                }
            } else if (now != null && !now.equals(was)) {
                truncated |= changed.size() == MAX_LISTED;
                if (changed.size() < MAX_LISTED) {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("tag", element.tag());
                    entry.put("role", element.role());
                    entry.put("name", element.name());
                    entry.put("read_back", ToolJson.JSON.convertValue(now, Map.class));
                    changed.add(entry);
                }
            }
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("changed", changed);
        changes.put("gone", gone);
        changes.put("truncated", truncated);
        return changes;
    }
}
