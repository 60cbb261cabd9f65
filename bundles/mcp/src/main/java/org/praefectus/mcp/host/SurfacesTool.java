package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.ProtocolJson;

/** {@code surfaces}: the executor's opaque references to the windows it can observe. */
final class SurfacesTool implements Tool {

    private final HostServices services;
    private final Clock clock;

    SurfacesTool(HostServices services, Clock clock) {
        this.services = services;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "surfaces";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        try {
            List<Object> list = new ArrayList<>();
            for (var surface : services.engine()
                    .listSurfaces(new CancellationToken(), clock.millis() + ToolHost.OBSERVE_DEADLINE_MS)) {
                list.add(ToolJson.toMap(ProtocolJson.encode(surface)));
            }
            return ToolResult.ok(Map.of("surfaces", list));
        } catch (EngineException e) {
            return ExecutorFailures.noExecutor(e);
        } catch (ExecutorException e) {
            return ExecutorFailures.observationFailure(e);
        }
    }
}
