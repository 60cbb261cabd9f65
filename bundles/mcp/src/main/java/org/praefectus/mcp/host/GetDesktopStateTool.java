package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;

/**
 * {@code get_desktop_state}: the displays (with the geometry hash coordinate targets are fenced by) and the
 * windows, as {@code list_windows} reports them. Read-only.
 */
final class GetDesktopStateTool implements Tool {

    private final HostServices services;
    private final Clock clock;

    GetDesktopStateTool(HostServices services, Clock clock) {
        this.services = services;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "get_desktop_state";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        long deadline = clock.millis() + ToolHost.OBSERVE_DEADLINE_MS;
        try {
            CoordinateObservation screen = services.engine().observeCoordinates(new CancellationToken(), deadline);
            DesktopWindows.Found found =
                    DesktopWindows.read(services, DesktopWindows.Scope.ALL, new CancellationToken(), deadline);
            List<Object> displays = new ArrayList<>();
            for (DisplayGeometry d : screen.displays()) {
                Map<String, Object> display = new LinkedHashMap<>();
                display.put("display_id", d.displayId());
                display.put("x", d.x());
                display.put("y", d.y());
                display.put("width", d.width());
                display.put("height", d.height());
                displays.add(display);
            }
            List<Object> windows = new ArrayList<>();
            found.windows().forEach(w -> windows.add(DesktopWindows.summary(w)));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("displays", displays);
            body.put("display_geometry_hash", screen.displayGeometryHash());
            body.put("observed_at_ms", screen.observedAtMs());
            body.put("windows", windows);
            body.put("window_count", windows.size());
            body.put("warnings", found.warnings());
            return ToolResult.ok(body);
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return ExecutorFailures.observationFailure(e);
        }
    }
}
