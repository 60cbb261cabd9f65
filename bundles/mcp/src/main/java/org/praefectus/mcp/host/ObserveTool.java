package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.selector.ReadBack;

/**
 * {@code observe}: one semantic observation of the active surface or a given one, within a budget
 * ({@code max_elements}, {@code max_bytes}); it becomes the session's current observation for {@code act}. With
 * {@code format: "outline"} its elements are the compact {@link DesktopOutline} (paged by {@code offset}) instead of
 * JSON.
 */
final class ObserveTool implements Tool {

    static final int DEFAULT_MAX_ELEMENTS = 200;
    static final int DEFAULT_MAX_BYTES = 64 * 1024;

    private final HostServices services;
    private final SessionObservations observations;
    private final Clock clock;

    ObserveTool(HostServices services, SessionObservations observations, Clock clock) {
        this.services = services;
        this.observations = observations;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "observe";
    }

    static int maxElements(Map<String, Object> args) {
        return ToolArguments.intArgument(
                args, "max_elements", DEFAULT_MAX_ELEMENTS, 1, SemanticObservation.MAX_ELEMENTS);
    }

    static int maxBytes(Map<String, Object> args) {
        return ToolArguments.intArgument(
                args, "max_bytes", DEFAULT_MAX_BYTES, 1_024, SemanticObservation.MAX_SNAPSHOT_BYTES);
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        int maxElements = maxElements(args);
        int maxBytes = maxBytes(args);
        String surface = ToolArguments.stringArgument(args, "surface", false);
        String format = ToolArguments.stringArgument(args, "format", false);
        if (format != null && !format.equals("json") && !format.equals("outline")) {
            throw new ToolArguments.InvalidArgument("format must be json or outline");
        }
        boolean outline = "outline".equals(format);
        int offset = ToolArguments.intArgument(args, "offset", 0, 0, SemanticObservation.MAX_ELEMENTS);
        long deadline = clock.millis() + ToolHost.OBSERVE_DEADLINE_MS;
        SemanticObservation observation;
        try {
            observation = surface == null
                    ? services.engine().observeSemantic(new CancellationToken(), deadline)
                    : services.engine().observeSurface(new SurfaceRef(surface), new CancellationToken(), deadline);
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return surface == null && e.failure() == ExecutorFailure.TARGET_NOT_FOUND
                    ? ExecutorFailures.noActiveWindow(e)
                    : ExecutorFailures.observationFailure(e);
        } catch (RuntimeException e) {
            throw new ToolArguments.InvalidArgument("surface is not a valid surface id");
        }
        observations.setCurrent(context.sessionKey(), observation, surface);
        if (outline) {
            return outline(observation, offset, maxBytes);
        }
        return ToolResult.ok(body(observation, maxElements, maxBytes));
    }

    /**
     * The outline form: the text block is {@link DesktopOutline}'s page, what each element holds read back by the
     * platform's desktop service from this observation; the structured content keeps the ids and counts, not the
     * elements' JSON.
     */
    private ToolResult outline(SemanticObservation observation, int offset, int maxBytes) {
        Map<String, ReadBack> readBacks = Map.of();
        List<String> warnings = new ArrayList<>();
        List<DesktopOutline.Line> lines = DesktopOutline.lines(observation);
        Optional<DesktopService> desktop = services.desktop();
        if (desktop.isPresent()) {
            try {
                readBacks = desktop.get()
                        .readBack(
                                observation.observationId(),
                                // only what this page and the ones after it can write: not hidden or layout
                                // elements, nor the pages before
                                lines.subList(Math.min(offset, lines.size()), lines.size()).stream()
                                        .map(line -> line.element().tag())
                                        .toList(),
                                new CancellationToken());
            } catch (DesktopException e) {
                warnings.add("read-back unavailable (" + e.code() + ")");
            }
        } else {
            warnings.add("read-back unavailable (no desktop service)");
        }
        DesktopOutline.Page page = DesktopOutline.write(lines, observation.truncated(), readBacks, offset, maxBytes);
        Map<String, Object> body = body(observation, 0, 0);
        body.put("format", "outline");
        body.put("returned_elements", page.written());
        body.put("outline_elements", page.total());
        body.put("offset", offset);
        body.put("next_offset", page.nextOffset() < 0 ? null : page.nextOffset());
        body.put("truncated", page.nextOffset() >= 0 || observation.truncated());
        body.put("truncated_by_budget", page.nextOffset() >= 0);
        body.put("warnings", warnings);
        return ToolResult.ok(body).withText(page.text());
    }

    /** The observation as a model reads it: its ids and provenance, and its elements within the budget. */
    static Map<String, Object> body(SemanticObservation observation, int maxElements, int maxBytes) {
        List<Object> elements = new ArrayList<>();
        int bytes = 0;
        boolean cut = false;
        for (SemanticElement element : observation.elements()) {
            Map<String, Object> encoded = ToolJson.toMap(ProtocolJson.encode(element));
            int size = ProtocolJson.toJson(ProtocolJson.encode(element)).length + 1;
            if (elements.size() >= maxElements || bytes + size > maxBytes) {
                cut = true;
                break;
            }
            bytes += size;
            elements.add(encoded);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("observation_id", observation.observationId());
        body.put("generation", observation.generation());
        body.put("observed_at_ms", observation.observedAtMs());
        body.put("expires_at_ms", observation.expiresAtMs());
        body.put("provenance", ToolJson.toMap(ProtocolJson.encode(observation.provenance())));
        body.put("total_elements", observation.elements().size());
        body.put("returned_elements", elements.size());
        body.put("truncated", cut || observation.truncated());
        body.put("truncated_by_budget", cut);
        body.put("truncated_by_executor", observation.truncated());
        body.put("elements", elements);
        return body;
    }
}
