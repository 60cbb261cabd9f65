package org.praefectus.daemon.ipc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SurfaceDescriptor;

/**
 * The engine's read-only answers on the socket, asked of the daemon's own engine (the executor it dispatches
 * to): {@code capabilities}, {@code surfaces} and {@code status} of an operation id; {@code status} without one is
 * the daemon's own status, which needs no engine. Each engine answer takes only its own fields (an unknown one is
 * {@code unsupported_field}); nothing here builds a command line.
 */
final class SocketEngine {

    /** The methods answered here. */
    static final List<String> METHODS = List.of("capabilities", "surfaces", "status");

    /** The daemon's engine, or the refusal that none is active. */
    @FunctionalInterface
    interface EngineSource {
        Engine engine() throws IpcException;
    }

    private final EngineSource engines;
    private final Supplier<Map<String, Object>> daemonStatus;

    SocketEngine(EngineSource engines, Supplier<Map<String, Object>> daemonStatus) {
        this.engines = engines;
        this.daemonStatus = daemonStatus;
    }

    Object call(String method, RequestFields fields, CancellationToken token) throws IpcException {
        return switch (method) {
            case "capabilities" -> {
                fields.noneLeft();
                yield capabilities();
            }
            case "surfaces" -> {
                fields.noneLeft();
                yield surfaces(token);
            }
            case "status" -> {
                if (!fields.has("operation_id")) {
                    // PeekabooX's status of the daemon, whatever else its client sends along
                    yield daemonStatus.get();
                }
                String operationId = fields.requiredText("operation_id");
                fields.noneLeft();
                yield status(operationId);
            }
            default -> throw new IpcException("unknown_method", "unknown method");
        };
    }

    private Object capabilities() throws IpcException {
        Engine engine = engines.engine();
        try {
            return engine.capabilities();
        } catch (EngineException e) {
            throw new IpcException(e.error().code(), "no executor is active for this desktop");
        }
    }

    private List<Object> surfaces(CancellationToken token) throws IpcException {
        Engine engine = engines.engine();
        try {
            List<Object> surfaces = new ArrayList<>();
            for (SurfaceDescriptor surface :
                    engine.listSurfaces(token, System.currentTimeMillis() + IpcMethods.OBSERVATION_DEADLINE_MS)) {
                surfaces.add(ProtocolJson.encode(surface).toPlain());
            }
            return surfaces;
        } catch (EngineException e) {
            throw new IpcException(e.error().code(), "no executor is active for this desktop");
        } catch (ExecutorException e) {
            throw new IpcException(
                    "observation_error",
                    "observation is unavailable: " + e.failure().code());
        }
    }

    /** The operation's durable acknowledgement in this daemon's ledger, or {@code null} when it has none. */
    private Object status(String operationId) throws IpcException {
        Engine engine = engines.engine();
        try {
            Optional<ActionAck> ack = engine.status(operationId);
            return ack.map(found -> ProtocolJson.encode(found).toPlain()).orElse(null);
        } catch (EngineException e) {
            throw new IpcException(
                    e.error().code(),
                    "the operation's status cannot be read: " + e.error().code());
        }
    }
}
